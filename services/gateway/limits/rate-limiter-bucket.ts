import { BurstyRateLimiter, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { BucketSpec, BucketState, TokenBucket } from './rate-limit-store.port';

/** Makes one rate-limiter-flexible limiter in an adapter's store. */
export type LimiterMaker = (keyPrefix: string, points: number, durationSeconds: number) => RateLimiterAbstract;

const stateOf = (res: RateLimiterRes, allowed: boolean): BucketState => ({
  allowed,
  remaining: Math.max(0, res.remainingPoints),
  msBeforeNext: Math.max(0, res.msBeforeNext),
});

/**
 * A bucket over rate-limiter-flexible limiters of any store: `capacity` a window, plus a `burst`
 * allowance drawn only when the window's is spent (BurstyRateLimiter, its token-bucket equivalent).
 * The adapters differ only in the limiters they make.
 */
export function rateLimiterBucket(spec: BucketSpec, make: LimiterMaker): TokenBucket {
  const main = make(spec.name, spec.capacity, spec.windowSeconds);
  const burst = spec.burst ?? 0;
  const limiter = burst > 0 ? new BurstyRateLimiter(main, make(`${spec.name}-burst`, burst, spec.windowSeconds)) : main;
  return {
    async take(key) {
      try {
        return stateOf(await limiter.consume(key), true);
      } catch (rejection) {
        // rate-limiter-flexible refuses with the bucket's state, and fails with an Error.
        if (rejection instanceof RateLimiterRes) return stateOf(rejection, false);
        throw rejection;
      }
    },
  };
}
