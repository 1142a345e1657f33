import { createHash } from 'node:crypto';
import pg from 'pg';
import { isDatabaseUnavailable } from '../errors/database-unavailable';
import { clientWaits } from './client-waits';

// Postgres `bigint` and `numeric` arrive as strings by default; years and counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Anything that runs a parameterised query: the pool, or one client inside a transaction. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

export interface DatabaseOptions {
  /**
   * Longest wait, in ms, for the answer to one statement sent while a client waits (an HTTP request,
   * a probe: `client-waits.ts`); DATABASE_QUERY_TIMEOUT_MS. 0 or absent: none. Measured by this
   * side, so it also ends the wait on a server that accepts connections and never answers (stalled,
   * paused, cut off): the statement fails and its connection is closed.
   */
  queryTimeoutMs?: number;
}

/** Longest wait for a new connection, and for a place in the pool's queue (never longer than the query timeout). */
const CONNECT_TIMEOUT_MS = 5_000;
/** After this long without traffic, TCP keepalive probes a connection, so a peer gone silently is noticed. */
const KEEPALIVE_DELAY_MS = 10_000;

/** A node-postgres query config (or text) with its own read timeout, unless it is a custom submittable or has one. */
function withReadTimeout(config: unknown, ms: number): unknown {
  if (typeof config === 'string') return { text: config, query_timeout: ms };
  if (config && typeof config === 'object' && typeof (config as { submit?: unknown }).submit !== 'function' && (config as { query_timeout?: unknown }).query_timeout === undefined) {
    return { ...config, query_timeout: ms };
  }
  return config;
}

/**
 * A connection pool with the few operations the repositories need. Every statement sent through it
 * while a client waits — a repository's, a transaction's, the quota counters' (rate-limiter-flexible
 * uses `pool` itself) — is bounded by the query timeout, so an unavailable or stalled database turns
 * into a prompt error (503 `database_unavailable` on the data API, see `errors/database-unavailable.ts`)
 * rather than a hung request. Work no client waits for (starts, catch-ups, loads, migrations) is not
 * bounded: see `client-waits.ts`.
 */
export class Database implements Queryable {
  readonly pool: pg.Pool;
  /** The bound on one statement a client waits for, in ms; 0: none. */
  readonly queryTimeoutMs: number;

  constructor(
    /** The connection string (kept for the dedicated LISTEN connections that cannot come from the pool). */
    readonly url: string,
    poolSize: number,
    options: DatabaseOptions = {},
  ) {
    this.queryTimeoutMs = Math.max(0, options.queryTimeoutMs ?? 0);
    this.pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      connectionTimeoutMillis: Math.min(CONNECT_TIMEOUT_MS, this.queryTimeoutMs || CONNECT_TIMEOUT_MS),
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    });
    // An idle client that loses its server must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined);
    // The pool's own `query`, bounded when a client waits: repositories and the quota counters alike go through it.
    const query = this.pool.query.bind(this.pool) as (...args: unknown[]) => unknown;
    this.pool.query = ((config: unknown, ...rest: unknown[]) => query(this.bounded(config), ...rest)) as pg.Pool['query'];
  }

  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    return this.pool.query<R>(text, values);
  }

  /**
   * The same, as a statement each connection prepares once and then only executes: for a statement
   * whose planning costs about what running it does (a long query of several CTEs on a hot path),
   * Postgres keeps its plan (a generic one once it is no worse than those made for each call).
   * Statements differing in their text are different prepared statements (named by its hash).
   */
  prepared<R extends pg.QueryResultRow = pg.QueryResultRow>(label: string, text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    const name = `${label}-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    return this.pool.query<R>({ name, text, values });
  }

  /**
   * Runs `fn` in one transaction: all of its writes land, or none do. A failed statement is rolled
   * back; a connection lost or not answering mid-way is closed instead (the server rolls back what
   * it held open, and no later caller of the pool inherits a half-finished transaction). Each of its
   * statements is bounded when a client waits for the transaction.
   */
  async transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    // Decided when it starts: the pool may hand the connection over from another context.
    const bound = clientWaits() ? this.queryTimeoutMs : 0;
    const client = await this.pool.connect();
    if (bound) {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((config: unknown, ...rest: unknown[]) => query(withReadTimeout(config, bound), ...rest)) as pg.PoolClient['query'];
    }
    // Set when the connection cannot be trusted again: the pool then closes it rather than reusing it.
    let broken: Error | undefined;
    // A client taken from the pool has no 'error' listener of the pool's: a connection the server
    // ends while it is ours (a shutdown reaching a transaction between two statements) would be an
    // uncaught 'error' event, which ends the process. Its next statement fails instead.
    const lost = (err: Error) => void (broken ??= err);
    client.on('error', lost);
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      if (isDatabaseUnavailable(err)) {
        // No ROLLBACK on a connection that is gone or stalled: closing it ends the transaction.
        broken ??= err as Error;
      } else {
        await client.query('ROLLBACK').catch((rollbackFailed: Error) => void (broken ??= rollbackFailed));
      }
      throw err;
    } finally {
      client.removeListener('error', lost);
      // The client's own `query` again, for its next user.
      if (bound) delete (client as { query?: unknown }).query;
      client.release(broken);
    }
  }

  /** `SELECT 1`, always bounded (by the query timeout, else 5 s): it is a probe, someone waits for it. */
  async ping(): Promise<void> {
    await this.pool.query({ text: 'SELECT 1', query_timeout: this.queryTimeoutMs || CONNECT_TIMEOUT_MS } as pg.QueryConfig);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private bounded(config: unknown): unknown {
    return this.queryTimeoutMs && clientWaits() ? withReadTimeout(config, this.queryTimeoutMs) : config;
  }
}
