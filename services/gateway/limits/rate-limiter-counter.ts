import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { QuotaStore } from './quota-store.port';

/** The store only counts, so its own limit is one no counter reaches; allowances are compared above it. */
export const NO_STORE_LIMIT = 2 ** 31 - 1;
/** Names every counter in the store: `gx:quota:daily:<key id>:2026-11-21`. */
export const QUOTA_KEY_PREFIX = 'gx:quota';

/** Counters over one rate-limiter-flexible limiter of any store; the adapters differ only in the limiter. */
export abstract class RateLimiterCounter implements QuotaStore {
  abstract readonly kind: QuotaStore['kind'];

  constructor(
    private readonly limiter: RateLimiterAbstract,
    /** The longest lifetime the store can give a counter; one asked to live longer is kept without expiry (0). */
    private readonly longestLifetimeSeconds = Infinity,
  ) {}

  async increment(counter: string, ttlSeconds: number, amount = 1): Promise<number> {
    const customDuration = ttlSeconds > this.longestLifetimeSeconds ? 0 : ttlSeconds;
    try {
      return (await this.limiter.consume(counter, amount, { customDuration })).consumedPoints;
    } catch (rejection) {
      // Past NO_STORE_LIMIT the limiter refuses, yet it has counted: report the count.
      if (rejection instanceof RateLimiterRes) return rejection.consumedPoints;
      throw rejection;
    }
  }

  async decrement(counter: string): Promise<void> {
    await this.limiter.reward(counter, 1);
  }
}
