import pg from 'pg';
import type { Logger } from '../../shared/logging/logger';

/**
 * Leadership by a Postgres session-level advisory lock on a connection of its own: whoever holds the
 * lock is the one active instance; if its process or connection dies, Postgres releases the lock
 * and another instance takes over at its next try.
 */
export class LeaderLock {
  private client?: pg.Client;
  private held = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly key: number,
    private readonly logger: Logger,
  ) {}

  /** Tries once to take (or keep) the lock; true while this instance leads. */
  async tryHold(): Promise<boolean> {
    if (this.held) return true;
    try {
      if (!this.client) {
        const client = new pg.Client({ connectionString: this.databaseUrl });
        client.on('error', (err) => {
          if (this.held) this.logger.warn({ err: err.message }, 'indexer: lost the leader connection; stepping down');
          this.held = false;
          this.client = undefined;
        });
        await client.connect();
        this.client = client;
      }
      const { rows } = await this.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [this.key]);
      this.held = rows[0]!.ok;
      if (this.held) this.logger.info('indexer: this instance leads');
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'indexer: cannot reach Postgres for the leader lock');
      await this.release();
    }
    return this.held;
  }

  /**
   * Runs a statement on the connection that holds the lock, so a writer that lost leadership (its
   * connection gone, the lock with it) cannot write: a paused process that wakes up is fenced off.
   */
  async query(text: string, values?: unknown[]): Promise<pg.QueryResult> {
    if (!this.held || !this.client) throw new Error('this indexer instance no longer leads');
    return this.client.query(text, values);
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.held = false;
    await client?.end().catch(() => undefined);
  }
}
