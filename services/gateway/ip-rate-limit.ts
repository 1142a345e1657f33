import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Redis } from 'ioredis';
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ProblemError } from '../../shared/errors/problem';
import type { Logger } from '../../shared/logging/logger';
import { sendProblem } from '../../shared/http/problem-response';

export interface IpRateLimitOptions {
  /** The IETF policy name (`minute`, `applications`). */
  policy: string;
  /** Requests allowed per window; 0 turns the limit off. */
  points: number;
  windowSeconds: number;
  /** Extra requests a window once `points` are spent. */
  burst: number;
  redis?: Redis;
  logger: Logger;
}

/** Counts a request against its client's allowance; false when it was answered with a 429. */
export type RateLimitCheck = (req: IncomingMessage, res: ServerResponse, clientIp: string) => Promise<boolean>;

function limiter(keyPrefix: string, points: number, duration: number, redis: Redis | undefined) {
  const opts = { keyPrefix, points, duration };
  if (!redis) return new RateLimiterMemory(opts);
  // If Redis fails, the insurance limiter keeps counting in memory so the search keeps serving.
  return new RateLimiterRedis({ ...opts, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(opts) });
}

/**
 * A per-client-IP limit: `points` requests a window plus a `burst` allowance drawn only when the
 * window's allowance is spent (rate-limiter-flexible's BurstyRateLimiter, its token-bucket
 * equivalent). Returns undefined when the limit is turned off (points = 0).
 */
export function ipRateLimit(options: IpRateLimitOptions): RateLimitCheck | undefined {
  const { policy: name, points, windowSeconds } = options;
  if (points === 0) return undefined;
  const main = limiter(`gx:rl:${name}`, points, windowSeconds, options.redis);
  const bursty = options.burst > 0 ? new BurstyRateLimiter(main, limiter(`gx:rl:${name}-burst`, options.burst, windowSeconds, options.redis)) : main;
  const policy = `"${name}";q=${points};w=${windowSeconds}`;

  const setHeaders = (res: ServerResponse, state: RateLimiterRes) => {
    const remaining = Math.max(0, state.remainingPoints);
    const reset = Math.max(0, Math.ceil(state.msBeforeNext / 1000));
    res.setHeader('RateLimit-Policy', policy);
    res.setHeader('RateLimit', `"${name}";r=${remaining};t=${reset}`);
    res.setHeader('X-RateLimit-Limit', String(points));
    res.setHeader('X-RateLimit-Remaining', String(remaining));
  };

  return async (_req, res, clientIp) => {
    try {
      const state = await bursty.consume(clientIp);
      // The request may have been answered meanwhile (the HTTP parser refused its body).
      if (res.headersSent) return false;
      setHeaders(res, state);
      return true;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        // The store failed outright (insurance included): serve rather than lock every client out.
        options.logger.warn({ err: (rejection as Error)?.message }, 'rate limiter failed; request let through');
        return !res.headersSent;
      }
      if (res.headersSent) return false;
      setHeaders(res, rejection);
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
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
    }
  };
}
