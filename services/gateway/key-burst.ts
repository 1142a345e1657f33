import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Plan } from '../../shared/api-keys/api-key';

/**
 * A per-key limit of requests a second, by plan, that protects the backends whatever the
 * daily or monthly allowance: in Redis (shared by replicas) when configured, else in-process.
 */
export class KeyBurstLimit {
  private readonly store: RateLimiterAbstract;

  constructor(
    private readonly perSecond: Readonly<Record<string, number>>,
    redis?: Redis,
  ) {
    const opts = { keyPrefix: 'gx:burst', points: 2 ** 31 - 1, duration: 1 };
    this.store = redis
      ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: new RateLimiterMemory(opts) })
      : new RateLimiterMemory(opts);
  }

  limitOf(plan: Plan): number | undefined {
    return this.perSecond[plan];
  }

  /** Whether the key may send one more request this second. */
  async allow(keyId: string, plan: Plan): Promise<boolean> {
    const limit = this.limitOf(plan);
    if (limit === undefined || limit === 0) return true;
    const res = await this.store.consume(keyId, 1);
    return res.consumedPoints <= limit;
  }
}
