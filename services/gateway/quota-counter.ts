import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Allowance } from './plan-allowance';
import { secondsUntil, windowOf, type CalendarWindow, type WindowKind } from './quota-windows';

export interface WindowState {
  window: CalendarWindow;
  limit: number;
  remaining: number;
}

export interface QuotaOutcome {
  allowed: boolean;
  windows: WindowState[];
  /** The windows whose allowance this request would have passed. */
  violated: WindowKind[];
  /** Gives the request back (a 5xx answer is not charged). */
  refund(): Promise<void>;
}

// The store only counts; the allowance is compared here, so one store serves every key's limits.
const NO_STORE_LIMIT = 2 ** 31 - 1;
// Counters outlive their window a little, so a late request never restarts an old window.
const EXPIRY_SLACK_SECONDS = 3_600;
const KINDS: WindowKind[] = ['daily', 'monthly'];

/**
 * Per-key counters of calendar windows, incremented atomically in Redis (shared by every gateway
 * replica) or, without Redis, in Postgres (rate-limiter-flexible's stores). A request is allowed
 * when the count after its own increment is within every allowance, so of N concurrent requests
 * on a key with K left exactly K pass.
 */
export class QuotaCounter {
  private readonly stores: Record<WindowKind, RateLimiterAbstract>;

  constructor(
    backend: { redis: Redis } | { pool: Pool } | { memory: true },
    private readonly now: () => Date = () => new Date(),
  ) {
    const make = (kind: WindowKind): RateLimiterAbstract => {
      const opts = { keyPrefix: `gx:quota:${kind}`, points: NO_STORE_LIMIT, duration: 0 };
      if ('redis' in backend) return new RateLimiterRedis({ ...opts, storeClient: backend.redis, rejectIfRedisNotReady: true });
      if ('pool' in backend) return new RateLimiterPostgres({ ...opts, storeClient: backend.pool, tableName: 'quota_counters', tableCreated: true });
      return new RateLimiterMemory(opts);
    };
    this.stores = { daily: make('daily'), monthly: make('monthly') };
  }

  async charge(keyId: string, allowance: Allowance): Promise<QuotaOutcome> {
    const now = this.now();
    const kinds = KINDS.filter((kind) => allowance[kind] !== undefined);
    // The windows' counters are independent: charge them in one round of parallel requests.
    const settled = await Promise.allSettled(
      kinds.map(async (kind) => {
        const window = windowOf(kind, now);
        const key = `${keyId}:${window.id}`;
        const res = await this.stores[kind].consume(key, 1, { customDuration: secondsUntil(window.resetsAt, now) + EXPIRY_SLACK_SECONDS });
        return { kind, window, key, consumed: res.consumedPoints };
      }),
    );
    const charged = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refund = async () => {
      await Promise.all(charged.map((c) => this.stores[c.kind].reward(c.key, 1)));
    };
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      await refund().catch(() => undefined);
      throw failed.reason;
    }
    const windows: WindowState[] = charged.map((c) => ({ window: c.window, limit: allowance[c.kind]!, remaining: Math.max(0, allowance[c.kind]! - c.consumed) }));
    const violated = charged.filter((c) => c.consumed > allowance[c.kind]!).map((c) => c.kind);
    // A rejected request is not charged to the windows it passed.
    if (violated.length > 0) await refund();
    return { allowed: violated.length === 0, windows, violated, refund: violated.length > 0 ? async () => undefined : refund };
  }
}
