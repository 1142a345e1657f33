import pg from 'pg';
import type { Logger } from '../logging/logger';
import { isDatabaseUnavailable } from '../errors/database-unavailable';

export type ChangeHandlers = Record<string, () => Promise<void>>;

/** The LISTEN connection's bounds: reaching the server, and the answer to a LISTEN statement. */
const CONNECT_TIMEOUT_MS = 5_000;
const STATEMENT_TIMEOUT_MS = 5_000;
/** Waits between reconnection attempts: from the first, doubling up to the last while the database stays away. */
const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_LAST_MS = 10_000;

/**
 * Calls a channel's handler when Postgres notifies that channel (a trigger on the tables it
 * watches). Handlers run one at a time, and a burst of notifications (one per loaded batch) gives
 * one call once `quietMs` have passed without news. The first channel's handler also runs on a
 * periodic poll and after every (re)connection, in case a notification was lost meanwhile.
 *
 * Through a database outage it keeps trying: the LISTEN connection reconnects with backoff (up to
 * 10 s between attempts; the poll goes on meanwhile, and fails until the database is back), and
 * on reconnection the first handler runs, so whatever changed meanwhile is caught up. The log says
 * once that it lost the database and once that it is back, not at every attempt.
 */
export class ChangeListener {
  private client?: pg.Client;
  private timer?: NodeJS.Timeout;
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly primary: string;
  /** The wait before the next reconnection attempt (grows while attempts fail). */
  private retryMs = RECONNECT_FIRST_MS;
  private reconnecting?: NodeJS.Timeout;
  /** The connection is lost and not yet back (the loss was logged). */
  private disconnected = false;
  /** Channels whose handler failed last time (the failure was logged; the next success is too). */
  private readonly failing = new Set<string>();

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
      this.running = this.running.then(handler).then(
        () => {
          if (this.failing.delete(channel)) this.logger.info({ channel }, 'refresh succeeded again');
        },
        (err: unknown) => this.refreshFailed(channel, err),
      );
    }, delayMs);
    timer.unref();
    this.pending.set(channel, timer);
  }

  /** Logged once per run of failures (a database outage fails every poll until it ends); later ones at debug. */
  private refreshFailed(channel: string, err: unknown): void {
    const line = { err: (err as Error)?.message ?? String(err), channel, databaseUnavailable: isDatabaseUnavailable(err) };
    if (this.failing.has(channel)) this.logger.debug(line, 'refresh failed again; will retry');
    else this.logger.warn(line, 'refresh failed; will retry');
    this.failing.add(channel);
  }

  private async connect(): Promise<void> {
    this.reconnecting = undefined;
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Bounds the LISTEN statements (a stalled server); notifications are not queries and are not bounded.
      query_timeout: STATEMENT_TIMEOUT_MS,
      // An idle connection whose server vanished silently is noticed, and replaced.
      keepAlive: true,
    });
    client.on('notification', (msg) => this.trigger(msg.channel));
    let lost = false;
    const onLost = (err: Error) => {
      if (lost) return;
      lost = true;
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (this.client === client) this.client = undefined;
      // A connection ended by a shutdown in progress is expected: no warning, no reconnection.
      if (this.stopped) return;
      if (!this.disconnected) {
        this.disconnected = true;
        this.logger.warn({ err: err.message, databaseUnavailable: isDatabaseUnavailable(err) }, 'change listener lost its database connection; reconnecting');
      } else {
        this.logger.debug({ err: err.message, retryMs: this.retryMs }, 'change listener could not reconnect yet');
      }
      const wait = this.retryMs;
      this.retryMs = Math.min(RECONNECT_LAST_MS, this.retryMs * 2);
      this.reconnecting = setTimeout(() => void this.connect().catch(() => undefined), wait);
      this.reconnecting.unref();
    };
    client.on('error', onLost);
    // A server or proxy that closes the connection without an error message ends it all the same.
    client.on('end', () => onLost(new Error('Connection terminated')));
    try {
      await client.connect();
      for (const channel of Object.keys(this.handlers)) await client.query(`LISTEN ${channel}`);
      if (lost) return;
      // Stopped while connecting: this connection is not wanted any more.
      if (this.stopped) {
        lost = true;
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.retryMs = RECONNECT_FIRST_MS;
      if (this.disconnected) {
        this.disconnected = false;
        this.logger.info('change listener reconnected; catching up');
      }
      this.trigger(this.primary, 0); // whatever changed while we were not listening
    } catch (err) {
      onLost(err as Error);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.reconnecting);
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    await this.running;
    await this.client?.end().catch(() => undefined);
  }
}
