import type { Plan } from '../../modules/api-keys';
import { MemoryRateLimitStore } from './limits/rate-limit-store.memory';
import type { RateLimitStore, TokenBucket } from './limits/rate-limit-store.port';

/**
 * A per-key limit of requests a second, by plan, that protects the backends whatever the daily or
 * monthly allowance. Counted in the store the factory chose (Redis is shared by replicas); without
 * one, in this process.
 */
export class KeyBurstLimit {
  private readonly buckets = new Map<Plan, TokenBucket>();

  constructor(
    private readonly perSecond: Readonly<Record<string, number>>,
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
  ) {}

  limitOf(plan: Plan): number | undefined {
    return this.perSecond[plan];
  }

  /** Whether the key may send one more request this second. */
  async allow(keyId: string, plan: Plan): Promise<boolean> {
    const limit = this.limitOf(plan);
    if (limit === undefined || limit === 0) return true;
    return (await this.bucketOf(plan, limit).take(keyId)).allowed;
  }

  /** One bucket per plan (its limit is the bucket's capacity), all under one name: a key has one plan. */
  private bucketOf(plan: Plan, limit: number): TokenBucket {
    let bucket = this.buckets.get(plan);
    if (!bucket) this.buckets.set(plan, (bucket = this.store.bucket({ name: 'gx:burst', capacity: limit, windowSeconds: 1 })));
    return bucket;
  }
}
