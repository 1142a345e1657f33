import pg from 'pg';
import type { Logger } from '../logging/logger';
import type { PaperRepository } from '../papers/paper.repository';
import type { KeywordIndex } from './keyword-index.port';
import { catchUpFromPostgres, rebuildFromPostgres } from './rebuild';

export const PAPERS_CHANGED_CHANNEL = 'papers_changed';
export const PAPERS_REINDEX_CHANNEL = 'papers_reindex';

/**
 * Keeps a process-private index (the embedded engine) current with Postgres: a full build at start,
 * then every change after it, woken by LISTEN/NOTIFY (sent by a trigger on each write) and by a
 * periodic poll in case a notification was missed while the connection was down.
 */
export class IndexSync {
  private lastSeq = 0;
  private listener?: pg.Client;
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly repository: PaperRepository,
    private readonly index: KeywordIndex,
    private readonly databaseUrl: string,
    private readonly logger: Logger,
    private readonly pollMs = 30_000,
  ) {}

  async start(): Promise<void> {
    await this.rebuild();
    this.timer = setInterval(() => this.schedule(() => this.catchUp()), this.pollMs);
    this.timer.unref();
    await this.listen();
  }

  /** Serialises the work so a rebuild and a catch-up never interleave. */
  schedule(work: () => Promise<void>): Promise<void> {
    this.running = this.running.then(work).catch((err) => this.logger.warn({ err: (err as Error).message }, 'index sync failed; will retry'));
    return this.running;
  }

  async rebuild(): Promise<void> {
    const t0 = Date.now();
    this.lastSeq = await rebuildFromPostgres(this.index, this.repository);
    this.logger.info({ papers: await this.index.count(), ms: Date.now() - t0 }, 'keyword index built from Postgres');
  }

  async catchUp(): Promise<void> {
    this.lastSeq = await catchUpFromPostgres(this.index, this.repository, this.lastSeq);
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (msg) => {
      void this.schedule(() => (msg.channel === PAPERS_REINDEX_CHANNEL ? this.rebuild() : this.catchUp()));
    });
    client.on('error', (err) => {
      this.logger.warn({ err: err.message }, 'index sync lost its database connection; reconnecting');
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      setTimeout(() => void this.listen().catch(() => undefined), 1_000).unref();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PAPERS_CHANGED_CHANNEL}`);
      await client.query(`LISTEN ${PAPERS_REINDEX_CHANNEL}`);
      this.listener = client;
      // Anything written while we were not listening.
      void this.schedule(() => this.catchUp());
    } catch (err) {
      client.emit('error', err as Error);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    await this.listener?.end().catch(() => undefined);
  }
}
