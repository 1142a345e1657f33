import type { BucketSpec, BucketState, RateLimitStore, TokenBucket } from './rate-limit-store.port';

/**
 * Buckets in this process: the embedded default, and a single replica's. They count at once
 * (`takeNow`): the public door answers a cache hit from memory without a promise or a turn of the
 * event loop, which rate-limiter-flexible's memory limiter (a promise a request, two with a burst
 * allowance) cost it. The windows are that limiter's, which the Redis adapter still uses: a key's
 * window starts with its first request and lasts `windowSeconds`, and the burst allowance is a second
 * such window, drawn only once the first is spent.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly kind = 'memory';

  bucket(spec: BucketSpec): TokenBucket {
    return new MemoryBucket(spec);
  }
}

class MemoryBucket implements TokenBucket {
  private readonly main: FixedWindows;
  private readonly burst?: FixedWindows;

  constructor(private readonly spec: BucketSpec) {
    this.main = new FixedWindows(spec.windowSeconds * 1000);
    if ((spec.burst ?? 0) > 0) this.burst = new FixedWindows(spec.windowSeconds * 1000);
  }

  takeNow(key: string): BucketState {
    const now = Date.now();
    const { capacity, burst = 0 } = this.spec;
    const main = this.main.count(key, now);
    if (main.used <= capacity) return { allowed: true, remaining: capacity - main.used, msBeforeNext: Math.max(0, main.msLeft) };
    if (!this.burst) return { allowed: false, remaining: 0, msBeforeNext: Math.max(0, main.msLeft) };
    // Past the capacity: the burst window decides, and the sooner of the two refills is the retry time.
    const extra = this.burst.count(key, now);
    return { allowed: extra.used <= burst, remaining: 0, msBeforeNext: Math.max(0, Math.min(main.msLeft, extra.msLeft)) };
  }

  async take(key: string): Promise<BucketState> {
    return this.takeNow(key);
  }
}

/**
 * Requests counted per key in windows of `windowMs` from each key's first request (0: one window
 * that never ends, whose time left is −1, as rate-limiter-flexible reports it). Keys whose window has
 * ended are forgotten at most one window later, so the map holds the clients of about two windows.
 */
class FixedWindows {
  private readonly windows = new Map<string, { used: number; endsAt: number }>();
  private sweepAt: number;

  constructor(private readonly windowMs: number) {
    this.sweepAt = Date.now() + windowMs;
  }

  /** Counts one request of `key` at `now`: the requests of its window so far, and the ms the window has left. */
  count(key: string, now: number): { used: number; msLeft: number } {
    if (this.windowMs > 0 && now >= this.sweepAt) this.sweep(now);
    const window = this.windows.get(key);
    if (window && (window.endsAt === Infinity || window.endsAt > now)) {
      window.used++;
      return { used: window.used, msLeft: window.endsAt === Infinity ? -1 : window.endsAt - now };
    }
    const endsAt = this.windowMs > 0 ? now + this.windowMs : Infinity;
    this.windows.set(key, { used: 1, endsAt });
    return { used: 1, msLeft: this.windowMs > 0 ? this.windowMs : -1 };
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    this.sweepAt = now + this.windowMs;
  }
}
