import type { Allowance } from './plan-allowance';
import { quotaStoreOf, type LimitBackends } from './limits/limit-stores.factory';
import type { QuotaStore } from './limits/quota-store.port';
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

// Counters outlive their window a little, so a late request never restarts an old window.
const EXPIRY_SLACK_SECONDS = 3_600;
const KINDS: WindowKind[] = ['daily', 'monthly'];

/**
 * Per-key counters of calendar windows (UTC), kept in a QuotaStore (Redis, shared by every gateway
 * replica, or Postgres, or memory: limit-stores.factory.ts chooses). A request is allowed when the
 * count after its own increment is within every allowance, so of N concurrent requests on a key with
 * K left exactly K pass. A request may weigh more than one (`units`, its route's `RequestCost`): it
 * is charged whole or not at all, so one that weighs more than is left is refused and charges nothing.
 */
export class QuotaCounter {
  private readonly store: QuotaStore;

  constructor(
    /** The store; or the connections, for callers that hold only those (the factory picks the store from them). */
    store: QuotaStore | LimitBackends,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.store = 'increment' in store ? store : quotaStoreOf(store);
  }

  async charge(keyId: string, allowance: Allowance, units = 1): Promise<QuotaOutcome> {
    const now = this.now();
    const kinds = KINDS.filter((kind) => allowance[kind] !== undefined);
    // The windows' counters are independent: charge them in one round of parallel requests.
    const settled = await Promise.allSettled(
      kinds.map(async (kind) => {
        const window = windowOf(kind, now);
        // The window's id is part of the counter's name, so a new window starts a new counter.
        const counter = `${kind}:${keyId}:${window.id}`;
        const consumed = await this.store.increment(counter, secondsUntil(window.resetsAt, now) + EXPIRY_SLACK_SECONDS, units);
        return { kind, window, counter, consumed };
      }),
    );
    const charged = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refund = async () => {
      await Promise.all(charged.map((c) => this.store.decrement(c.counter, units)));
    };
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      await refund().catch(() => undefined);
      throw failed.reason;
    }
    const violated = charged.filter((c) => c.consumed > allowance[c.kind]!).map((c) => c.kind);
    // A rejected request is not charged to the windows it passed: what is left is what was left before it.
    const spent = (consumed: number) => (violated.length > 0 ? consumed - units : consumed);
    const windows: WindowState[] = charged.map((c) => ({ window: c.window, limit: allowance[c.kind]!, remaining: Math.max(0, allowance[c.kind]! - spent(c.consumed)) }));
    if (violated.length > 0) await refund();
    return { allowed: violated.length === 0, windows, violated, refund: violated.length > 0 ? async () => undefined : refund };
  }

  /**
   * Charges `amount` more requests to every window of the allowance, never refusing: the answer that
   * cost them is already on its way (`X-Request-Cost`). A window may so pass its allowance; the key's
   * next request is then refused until the window renews.
   */
  async chargeMore(keyId: string, allowance: Allowance, amount: number): Promise<void> {
    const now = this.now();
    await Promise.all(
      KINDS.filter((kind) => allowance[kind] !== undefined).map((kind) => {
        const window = windowOf(kind, now);
        return this.store.increment(`${kind}:${keyId}:${window.id}`, secondsUntil(window.resetsAt, now) + EXPIRY_SLACK_SECONDS, amount);
      }),
    );
  }
}
