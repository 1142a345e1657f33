/** How the client retries an answer that asks to be retried, and a failed connection. */
export interface RetryOptions {
  /** Attempts in all, the first included (default 3; 1 never retries). */
  maxAttempts?: number;
  /**
   * The longest wait before a retry (default 60,000 ms). An answer whose `Retry-After` asks for
   * longer is returned as it is at once (a used-up daily allowance is not waited out).
   */
  maxDelayMs?: number;
  /** The wait without `Retry-After`: baseDelayMs × 2^(retry − 1), between half and all of it (default 500 ms). */
  baseDelayMs?: number;
  /** The statuses retried, for every method (default 429 and 503: both doors answer them only for a request they did not carry out). */
  statuses?: readonly number[];
  /** The methods retried after a failed connection, when a request may have been carried out (default GET and HEAD). */
  networkRetryMethods?: readonly string[];
  /** Waits (default: a timer), rejecting when the request's signal aborts; tests give one that does not wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock, in ms since the epoch, for a `Retry-After` given as an HTTP date (default Date.now). */
  now?: () => number;
  /** In [0, 1): the jitter of a wait without `Retry-After` (default Math.random). */
  random?: () => number;
  /** Called before each wait: for logs and metrics. */
  onRetry?: (retry: RetryEvent) => void;
}

export interface RetryEvent {
  request: Request;
  /** The attempt that failed (1 for the first). */
  attempt: number;
  delayMs: number;
  /** The answer's status, or undefined after a failed connection. */
  status?: number;
  error?: unknown;
}

export type FetchFunction = (request: Request) => Promise<Response>;

export const DEFAULT_RETRY = { maxAttempts: 3, maxDelayMs: 60_000, baseDelayMs: 500, statuses: [429, 503], networkRetryMethods: ['GET', 'HEAD'] } as const;

/**
 * `Retry-After` in milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110 §10.2.3, any of
 * its three forms); a date in the past is 0; undefined when absent or unreadable.
 */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP-date form begins with the day's name; Date.parse alone would read "-5" as a date.
  if (!/^[A-Za-z]{3}/.test(text)) return undefined;
  // asctime() has no zone, and is GMT.
  const at = Date.parse(/^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d\d:\d\d:\d\d \d{4}$/.test(text) ? `${text} GMT` : text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const timer = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(handle);
      reject(signal!.reason);
    };
    const handle = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * A fetch that retries: a status of `statuses` (429, 503) after its `Retry-After` (or a growing wait
 * when there is none), a failed connection of a GET or HEAD after a growing wait, each at most
 * `maxAttempts` times in all and never waiting longer than `maxDelayMs`. The last answer (or error)
 * is what the caller gets; a request whose signal aborts stops at once.
 */
export function retryingFetch(fetch: FetchFunction, options: RetryOptions = {}): FetchFunction {
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_RETRY.maxAttempts);
  const maxDelayMs = options.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs;
  const baseDelayMs = options.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs;
  const statuses = new Set(options.statuses ?? DEFAULT_RETRY.statuses);
  const networkMethods = new Set((options.networkRetryMethods ?? DEFAULT_RETRY.networkRetryMethods).map((m) => m.toUpperCase()));
  const sleep = options.sleep ?? timer;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const backoff = (attempt: number) => {
    const full = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    return Math.round(full / 2 + (random() * full) / 2);
  };

  return async (request) => {
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= maxAttempts;
      let response: Response;
      try {
        // Each attempt sends a copy, so a body can be sent again.
        response = await fetch(last ? request : request.clone());
      } catch (error) {
        if (last || request.signal.aborted || !networkMethods.has(request.method.toUpperCase())) throw error;
        const delayMs = backoff(attempt);
        options.onRetry?.({ request, attempt, delayMs, error });
        await sleep(delayMs, request.signal);
        continue;
      }
      if (last || !statuses.has(response.status)) return response;
      const asked = retryAfterMs(response.headers.get('Retry-After'), now());
      if (asked !== undefined && asked > maxDelayMs) return response;
      const delayMs = asked ?? backoff(attempt);
      options.onRetry?.({ request, attempt, delayMs, status: response.status });
      await response.body?.cancel();
      await sleep(delayMs, request.signal);
    }
  };
}
