import type { IncomingMessage, ServerResponse } from 'node:http';
import { ProblemError } from '../../shared/errors/problem';
import type { Logger } from '../../shared/logging/logger';
import { sendProblem } from '../../shared/http/problem-response';
import type { BucketState, RateLimitStore } from './limits/rate-limit-store.port';

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

/** Counts a request against its client's allowance; false when it was answered with a 429. */
export type RateLimitCheck = (req: IncomingMessage, res: ServerResponse, clientIp: string) => Promise<boolean>;

/**
 * A per-client-IP limit: `points` requests a window plus a `burst` allowance drawn only when the
 * window's allowance is spent. Returns undefined when the limit is turned off (points = 0).
 */
export function ipRateLimit(options: IpRateLimitOptions): RateLimitCheck | undefined {
  const { policy: name, points, windowSeconds } = options;
  if (points === 0) return undefined;
  const bucket = options.store.bucket({ name: `gx:rl:${name}`, capacity: points, windowSeconds, burst: options.burst });
  const policy = `"${name}";q=${points};w=${windowSeconds}`;

  const setHeaders = (res: ServerResponse, state: BucketState) => {
    const reset = Math.ceil(state.msBeforeNext / 1000);
    res.setHeader('RateLimit-Policy', policy);
    res.setHeader('RateLimit', `"${name}";r=${state.remaining};t=${reset}`);
    res.setHeader('X-RateLimit-Limit', String(points));
    res.setHeader('X-RateLimit-Remaining', String(state.remaining));
  };

  return async (_req, res, clientIp) => {
    let state: BucketState;
    try {
      state = await bucket.take(clientIp);
    } catch (err) {
      // The store failed outright (its in-memory insurance included): serve rather than lock every client out.
      options.logger.warn({ err: (err as Error)?.message }, 'rate limiter failed; request let through');
      return !res.headersSent;
    }
    // The request may have been answered meanwhile (the HTTP parser refused its body).
    if (res.headersSent) return false;
    setHeaders(res, state);
    if (state.allowed) return true;
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
}
