import { ProblemError } from './problem';

/**
 * Postgres faults that say the database cannot serve right now, not that a statement is wrong:
 * the server is down, restarting, shutting down, out of connections, unreachable, or did not
 * answer in time. Every caller meets them the same way — a data-API request answers 503
 * `database_unavailable` with `Retry-After`, a background loop retries later — so they are told
 * apart here, once, from the errors of a bad statement (a constraint, a syntax error), which stay bugs.
 */

/** SQLSTATEs of an unavailable server (class 08 is matched as a class). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command (a fast shutdown, pg_terminate_backend)
  '57P02', // crash_shutdown: another server process crashed
  '57P03', // cannot_connect_now: the database system is starting up / shutting down / in recovery
  '57014', // query_canceled: statement_timeout, or a cancel request
  '53300', // too_many_connections
]);

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's own words for a connection lost, never made in time, or a statement not answered in time. */
const CLIENT_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pg-pool: no connection within connectionTimeoutMillis
  /^Query read timeout$/, // the client-side query_timeout (DATABASE_QUERY_TIMEOUT_MS)
  /^Client has encountered a connection error and is not queryable$/,
];

/** True when `err` (or what it wraps) says the database is unavailable rather than the statement wrong. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 5 || err === null || typeof err !== 'object') return false;
  // Already answered for (a 503 of its own, a 4xx): not ours to reclassify.
  if (err instanceof ProblemError) return false;
  const { code, syscall, message, cause } = err as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string') {
    if (/^[0-9A-Z]{5}$/.test(code) && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code))) return true;
    if (NETWORK_CODES.has(code)) return true;
    // A Unix socket that is not there (the server is stopped).
    if (code === 'ENOENT' && syscall === 'connect') return true;
  }
  if (typeof message === 'string' && CLIENT_MESSAGES.some((m) => m.test(message))) return true;
  // Every address of a host name refused (Node's AggregateError of each attempt).
  if (err instanceof AggregateError && err.errors.length > 0 && err.errors.every((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}

/** What a client is told to wait before retrying: a restart or a failover takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer to a request the database could not serve: 503 `database_unavailable` with `Retry-After`. */
export function databaseUnavailable(cause?: unknown): ProblemError {
  return new ProblemError(
    503,
    'database_unavailable',
    'The database is unavailable right now; retry in a few seconds.',
    {},
    { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  ).because(cause);
}

/** `databaseUnavailable(err)` when `err` is an unavailable database, else `err` unchanged. */
export function asDatabaseProblem(err: unknown): unknown {
  return isDatabaseUnavailable(err) ? databaseUnavailable(err) : err;
}
