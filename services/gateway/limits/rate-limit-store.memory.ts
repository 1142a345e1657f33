import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { BucketSpec, RateLimitStore, TokenBucket } from './rate-limit-store.port';
import { rateLimiterBucket } from './rate-limiter-bucket';

/** Buckets in this process: the embedded default, and a single replica's. */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly kind = 'memory';

  bucket(spec: BucketSpec): TokenBucket {
    return rateLimiterBucket(spec, (keyPrefix, points, duration) => new RateLimiterMemory({ keyPrefix, points, duration }));
  }
}
