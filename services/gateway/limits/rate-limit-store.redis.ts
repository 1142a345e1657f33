import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { BucketSpec, RateLimitStore, TokenBucket } from './rate-limit-store.port';
import { rateLimiterBucket } from './rate-limiter-bucket';

/** Buckets in Redis, shared by every gateway replica (counted atomically by rate-limiter-flexible's script). */
export class RedisRateLimitStore implements RateLimitStore {
  readonly kind = 'redis';

  constructor(private readonly redis: Redis) {}

  bucket(spec: BucketSpec): TokenBucket {
    return rateLimiterBucket(spec, (keyPrefix, points, duration) => {
      const opts = { keyPrefix, points, duration };
      // While Redis is down or not yet connected, the insurance limiter counts in memory at once
      // (rejectIfRedisNotReady), so requests neither wait for Redis nor go uncounted.
      return new RateLimiterRedis({ ...opts, storeClient: this.redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(opts) });
    });
  }
}
