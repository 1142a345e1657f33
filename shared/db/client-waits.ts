import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether a client is waiting for the work in progress: an HTTP request being answered (every
 * listener's app marks it, `shared/http/base-app.ts`), or a probe that must answer in time
 * (readiness, a metrics scrape). The statements such work sends to Postgres are bounded by
 * DATABASE_QUERY_TIMEOUT_MS (`Database`), so a database that is down or stalled gives a prompt
 * answer. Work no client waits for — a start, a catch-up of the change log, a load, a migration,
 * the ingest — is not bounded: it may rightly take long, and after a stall it simply goes on.
 */
const waiting = new AsyncLocalStorage<true>();

/** Runs `fn` (and everything it starts) as work a client waits for. */
export function whileClientWaits<T>(fn: () => T): T {
  return waiting.run(true, fn);
}

/** True inside `whileClientWaits`. */
export function clientWaits(): boolean {
  return waiting.getStore() === true;
}
