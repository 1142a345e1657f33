import pg from 'pg';
import type { Logger } from '../logging/logger';

/**
 * Calls `onChange` when Postgres notifies `channel` (a trigger on the tables it watches), and on a
 * periodic poll in case a notification was lost while the connection was down. Calls are
 * serialised and coalesced: a burst of notifications (one per loaded batch) gives one call after
 * `quietMs` without news. Reconnects by itself.
 */
export class ChangeListener {
  private client?: pg.Client;
  private timer?: NodeJS.Timeout;
  private pending?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly onChange: () => Promise<void>,
    private readonly logger: Logger,
    private readonly options: { pollMs?: number; quietMs?: number } = {},
  ) {}

  async start(): Promise<void> {
    this.timer = setInterval(() => this.trigger(0), this.options.pollMs ?? 60_000);
    this.timer.unref();
    await this.connect();
  }

  /** Runs `onChange` once the notifications have been quiet for a moment. */
  trigger(delayMs = this.options.quietMs ?? 200): void {
    if (this.stopped) return;
    clearTimeout(this.pending);
    this.pending = setTimeout(() => {
      this.running = this.running.then(this.onChange).catch((err) => this.logger.warn({ err: (err as Error).message, channel: this.channel }, 'refresh failed; will retry'));
    }, delayMs);
    this.pending.unref();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', () => this.trigger());
    client.on('error', (err) => {
      this.logger.warn({ err: err.message, channel: this.channel }, 'change listener lost its connection; reconnecting');
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      setTimeout(() => void this.connect().catch(() => undefined), 1_000).unref();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      this.client = client;
      this.trigger(0); // whatever changed while we were not listening
    } catch (err) {
      client.emit('error', err as Error);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.pending);
    await this.running;
    await this.client?.end().catch(() => undefined);
  }
}
