import pg from 'pg';
import type { Logger } from '../logging/logger';

export type ChangeHandlers = Record<string, () => Promise<void>>;

/**
 * Calls a channel's handler when Postgres notifies that channel (a trigger on the tables it
 * watches). Handlers run one at a time, and a burst of notifications (one per loaded batch) gives
 * one call once `quietMs` have passed without news. The first channel's handler also runs on a
 * periodic poll and after every (re)connection, in case a notification was lost meanwhile.
 */
export class ChangeListener {
  private client?: pg.Client;
  private timer?: NodeJS.Timeout;
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly primary: string;

  constructor(
    private readonly databaseUrl: string,
    private readonly handlers: ChangeHandlers,
    private readonly logger: Logger,
    private readonly options: { pollMs?: number; quietMs?: number } = {},
  ) {
    const channels = Object.keys(handlers);
    if (channels.length === 0 || channels.some((c) => !/^[a-z_][a-z0-9_]*$/.test(c))) throw new Error(`invalid channels: ${channels.join(', ')}`);
    this.primary = channels[0]!;
  }

  async start(): Promise<void> {
    this.timer = setInterval(() => this.trigger(this.primary, 0), this.options.pollMs ?? 60_000);
    this.timer.unref();
    await this.connect();
  }

  /** Runs the channel's handler once notifications for it have been quiet for a moment. */
  trigger(channel: string, delayMs = this.options.quietMs ?? 200): void {
    const handler = this.handlers[channel];
    if (this.stopped || !handler) return;
    clearTimeout(this.pending.get(channel));
    const timer = setTimeout(() => {
      this.pending.delete(channel);
      this.running = this.running.then(handler).catch((err) => this.logger.warn({ err: (err as Error).message, channel }, 'refresh failed; will retry'));
    }, delayMs);
    timer.unref();
    this.pending.set(channel, timer);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (msg) => this.trigger(msg.channel));
    client.on('error', (err) => {
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      // A connection ended by a shutdown in progress is expected: no warning, no reconnection.
      if (this.stopped) return;
      this.logger.warn({ err: err.message }, 'change listener lost its database connection; reconnecting');
      setTimeout(() => void this.connect().catch(() => undefined), 1_000).unref();
    });
    try {
      await client.connect();
      for (const channel of Object.keys(this.handlers)) await client.query(`LISTEN ${channel}`);
      this.client = client;
      this.trigger(this.primary, 0); // whatever changed while we were not listening
    } catch (err) {
      client.emit('error', err as Error);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    await this.running;
    await this.client?.end().catch(() => undefined);
  }
}
