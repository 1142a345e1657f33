import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { NO_STORE_LIMIT, QUOTA_KEY_PREFIX, RateLimiterCounter } from './rate-limiter-counter';

/**
 * Counters in Redis, shared by every gateway replica. No insurance limiter: a count kept in one
 * replica's memory would hand out allowance twice, so while Redis is down an increment fails at once.
 */
export class RedisQuotaStore extends RateLimiterCounter {
  readonly kind = 'redis';

  constructor(redis: Redis) {
    super(new RateLimiterRedis({ keyPrefix: QUOTA_KEY_PREFIX, points: NO_STORE_LIMIT, duration: 0, storeClient: redis, rejectIfRedisNotReady: true }));
  }
}
