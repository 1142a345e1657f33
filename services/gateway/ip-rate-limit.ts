import type { IncomingMessage, ServerResponse } from 'node:http';
import { ProblemError } from '../../shared/errors/problem';
import type { Logger } from '../../shared/logging/logger';
import { sendProblem } from '../../shared/http/problem-response';
import type { BucketState, RateLimitStore } from './limits/rate-limit-store.port';
import { setHeaders, type HeaderList } from './header-list';

export interface IpRateLimitOptions {
  /** The IETF policy name (`minute`, `applications`). */
  policy: string;
  /** Requests allowed per window; 0 turns the limit off. */
  points: number;
  windowSeconds: number;
  /** Extra requests a window once `points` are spent. */
  burst: number;
  /** Where the buckets count (limit-stores.factory.ts chooses it). */
  store: RateLimitStore;
  logger: Logger;
}

/**
 * Counts a request against its client's allowance; false when it was answered with a 429. With
 * `head`, the limit's headers join that list (the door's, written with the answer) instead of being
 * set on the response. A store that counts in this process answers at once, without a promise.
 */
export type RateLimitCheck = (req: IncomingMessage, res: ServerResponse, clientIp: string, head?: HeaderList) => boolean | Promise<boolean>;

/**
 * A per-client-IP limit: `points` requests a window plus a `burst` allowance drawn only when the
 * window's allowance is spent. Returns undefined when the limit is turned off (points = 0).
 */
export function ipRateLimit(options: IpRateLimitOptions): RateLimitCheck | undefined {
  const { policy: name, points, windowSeconds } = options;
  if (points === 0) return undefined;
  const bucket = options.store.bucket({ name: `gx:rl:${name}`, capacity: points, windowSeconds, burst: options.burst });
  const policy = `"${name}";q=${points};w=${windowSeconds}`;
  const limit = String(points);

  const headersOf = (state: BucketState): string[] => {
    const reset = Math.ceil(state.msBeforeNext / 1000);
    const remaining = String(state.remaining);
    return ['RateLimit-Policy', policy, 'RateLimit', `"${name}";r=${remaining};t=${reset}`, 'X-RateLimit-Limit', limit, 'X-RateLimit-Remaining', remaining];
  };

  const settle = (res: ServerResponse, state: BucketState, head: HeaderList | undefined): boolean => {
    // The request may have been answered meanwhile (the HTTP parser refused its body).
    if (res.headersSent) return false;
    const headers = headersOf(state);
    if (state.allowed) {
      if (head) head.push(...headers);
      else setHeaders(res, headers);
      return true;
    }
    if (head) setHeaders(res, head);
    setHeaders(res, headers);
    const retryAfter = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    sendProblem(
      res,
      new ProblemError(
        429,
        'rate_limit_exceeded',
        `This client sent more than ${points} requests in ${windowSeconds} seconds; retry after ${retryAfter} seconds.`,
        { 'violated-policies': [name] },
        { 'Retry-After': String(retryAfter) },
      ),
    );
    return false;
  };

  // The store failed outright (its in-memory insurance included): serve rather than lock every client out.
  const failed = (res: ServerResponse, err: unknown): boolean => {
    options.logger.warn({ err: (err as Error)?.message }, 'rate limiter failed; request let through');
    return !res.headersSent;
  };

  return (_req, res, clientIp, head) => {
    if (bucket.takeNow) {
      let state: BucketState;
      try {
        state = bucket.takeNow(clientIp);
      } catch (err) {
        return failed(res, err);
      }
      return settle(res, state, head);
    }
    return bucket.take(clientIp).then(
      (state) => settle(res, state, head),
      (err: unknown) => failed(res, err),
    );
  };
}
