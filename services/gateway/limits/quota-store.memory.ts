import { RateLimiterMemory } from 'rate-limiter-flexible';
import { NO_STORE_LIMIT, QUOTA_KEY_PREFIX, RateLimiterCounter } from './rate-limiter-counter';

/**
 * The in-process store forgets a counter with a timer, and Node cuts a timer longer than 2^31-1 ms
 * (24.8 days) to 1 ms: a monthly counter would vanish at once. Those are kept for the life of the
 * process instead (one small counter per key and month).
 */
const LONGEST_TIMER_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

/** Counters in this process: for a gateway without Postgres or Redis (counts are lost on restart). */
export class MemoryQuotaStore extends RateLimiterCounter {
  readonly kind = 'memory';

  constructor() {
    super(new RateLimiterMemory({ keyPrefix: QUOTA_KEY_PREFIX, points: NO_STORE_LIMIT, duration: 0 }), LONGEST_TIMER_SECONDS);
  }
}
