import { randomBytes } from 'node:crypto';
import type { ApiKeyRecord } from '../../modules/api-keys/api-key';
import type { QuotaStore } from '../../services/gateway/limits/quota-store.port';
import { allowanceOf } from '../../services/gateway/plan-allowance';
import { QuotaCounter } from '../../services/gateway/quota-counter';

export interface QuotaContractOptions {
  /** Each call of `makeStore` is another gateway replica over the same backend, so replicas share counters. */
  sharedByReplicas?: boolean;
  /** A store whose backend cannot be reached: it must fail, never guess an allowance. */
  unreachable?: () => Promise<QuotaStore>;
}

/**
 * Resolves once every timer set to fire by now has run: Node runs timers of one delay in the order
 * they were set, and an overlong delay is cut to this one (1 ms), so a counter whose lifetime a
 * timer could not hold would be gone by then.
 */
const timersDueNowHaveRun = () => new Promise((resolve) => setTimeout(resolve, 1));

type KeyLimits = Pick<ApiKeyRecord, 'plan' | 'daily_limit' | 'monthly_limit'>;
const key = (plan: KeyLimits['plan'], limits: Partial<KeyLimits> = {}): KeyLimits => ({ plan, daily_limit: null, monthly_limit: null, ...limits });

/**
 * The behaviour every QuotaStore adapter must have: its counters are exact under concurrent requests
 * (across replicas, for a shared store) and kept per key; and, through the gateway's QuotaCounter with
 * an injected clock, each plan gets its allowance in calendar windows that roll over at 00:00 UTC.
 */
export function quotaStoreContract(makeStore: () => Promise<QuotaStore>, options: QuotaContractOptions = {}): void {
  // Counter and key names of this run only (the Redis runner deletes `*contract-*` keys afterwards).
  const run = `contract-${randomBytes(4).toString('hex')}`;
  let names = 0;
  const fresh = (what: string) => `${run}-${what}-${++names}`;
  let store: QuotaStore;
  const clock = { now: new Date('2026-06-15T12:00:00.000Z') };
  const counter = () => new QuotaCounter(store, () => clock.now);

  beforeAll(async () => {
    store = await makeStore();
  });

  describe('counters', () => {
    it('counts from one, each increment seeing its own count', async () => {
      const name = fresh('counter');
      const counts = [];
      for (let i = 0; i < 3; i++) counts.push(await store.increment(name, 60));
      expect(counts).toEqual([1, 2, 3]);
    });

    it('counts 50 concurrent increments as exactly 50, each seeing a different count', async () => {
      const name = fresh('counter');
      const counts = await Promise.all(Array.from({ length: 50 }, () => store.increment(name, 60)));
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await store.increment(name, 60)).toBe(51);
    });

    it('keeps each counter on its own', async () => {
      const [a, b] = [fresh('counter'), fresh('counter')];
      await store.increment(a, 60);
      await store.increment(a, 60);
      expect(await store.increment(b, 60)).toBe(1);
      expect(await store.increment(a, 60)).toBe(3);
    });

    it('keeps a counter as long as asked, even past what a timer can hold (a monthly window)', async () => {
      const name = fresh('counter');
      const fortyDays = 40 * 86_400;
      await store.increment(name, fortyDays);
      await timersDueNowHaveRun();
      expect(await store.increment(name, fortyDays)).toBe(2);
    });

    it('adds and takes back a weight of several at once', async () => {
      const name = fresh('counter');
      expect(await store.increment(name, 60, 3)).toBe(3);
      expect(await store.increment(name, 60)).toBe(4);
      await store.decrement(name, 3);
      expect(await store.increment(name, 60, 10)).toBe(11);
    });

    it('adds a request that costs more at once (X-Request-Cost), and QuotaCounter charges it to every window without refusing', async () => {
      const name = fresh('counter');
      await store.increment(name, 60);
      expect(await store.increment(name, 60, 9)).toBe(10);
      expect(await store.increment(name, 60)).toBe(11);
      const keyId = fresh('key');
      expect((await counter().charge(keyId, { daily: 5, monthly: 50 })).allowed).toBe(true);
      await counter().chargeMore(keyId, { daily: 5, monthly: 50 }, 6);
      const next = await counter().charge(keyId, { daily: 5, monthly: 50 });
      expect(next.allowed).toBe(false);
      expect(next.violated).toEqual(['daily']);
    });

    it('takes one back', async () => {
      const name = fresh('counter');
      await store.increment(name, 60);
      await store.increment(name, 60);
      await store.decrement(name);
      expect(await store.increment(name, 60)).toBe(2);
    });

    if (options.sharedByReplicas) {
      it('is one counter for every replica: 50 increments through two replicas count 50', async () => {
        const replicas = [store, await makeStore()];
        const name = fresh('counter');
        const counts = await Promise.all(Array.from({ length: 50 }, (_, i) => replicas[i % 2]!.increment(name, 60)));
        expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      });
    }

    if (options.unreachable) {
      const unreachable = options.unreachable;
      it('fails, rather than guess, while its backend cannot be reached', async () => {
        const down = await unreachable();
        await expect(down.increment(fresh('counter'), 60)).rejects.toThrow();
      });
    }
  });

  describe('plan allowances in UTC calendar windows (injected clock)', () => {
    it('of 30 concurrent requests on a key with 10 left, exactly 10 pass; the refused are not charged', async () => {
      const keyId = fresh('key');
      const outcomes = await Promise.all(Array.from({ length: 30 }, () => counter().charge(keyId, { daily: 10 })));
      expect(outcomes.filter((o) => o.allowed)).toHaveLength(10);
      expect(outcomes.filter((o) => !o.allowed).every((o) => o.violated.join() === 'daily')).toBe(true);
      // A raised allowance gives exactly the difference.
      const raised = [await counter().charge(keyId, { daily: 12 }), await counter().charge(keyId, { daily: 12 }), await counter().charge(keyId, { daily: 12 })];
      expect(raised.map((o) => [o.allowed, o.windows[0]!.remaining])).toEqual([[true, 1], [true, 0], [false, 0]]);
    });

    it('charges a request of several units whole or not at all, and tells what was left before a refused one', async () => {
      const keyId = fresh('key');
      const allowance = { daily: 10, monthly: 100 };
      expect((await counter().charge(keyId, allowance, 4)).windows.map((w) => w.remaining)).toEqual([6, 96]);
      const refused = await counter().charge(keyId, allowance, 7);
      expect(refused).toMatchObject({ allowed: false, violated: ['daily'] });
      expect(refused.windows.map((w) => w.remaining)).toEqual([6, 96]);
      const fits = await counter().charge(keyId, allowance, 6);
      expect([fits.allowed, fits.windows.map((w) => w.remaining)]).toEqual([true, [0, 90]]);
      await fits.refund();
      expect((await counter().charge(keyId, allowance)).windows.map((w) => w.remaining)).toEqual([5, 95]);
    });

    it('gives back a charged request', async () => {
      const keyId = fresh('key');
      const first = await counter().charge(keyId, { daily: 5, monthly: 50 });
      await first.refund();
      const again = await counter().charge(keyId, { daily: 5, monthly: 50 });
      expect(again.windows.map((w) => w.remaining)).toEqual([4, 49]);
    });

    it('starts a new day at 00:00 UTC, whatever the local time', async () => {
      const keyId = fresh('key');
      // 08:59:59 in Tokyo is still the 31st of March in UTC.
      clock.now = new Date('2026-04-01T08:59:59.999+09:00');
      expect((await counter().charge(keyId, { daily: 1 })).allowed).toBe(true);
      const refused = await counter().charge(keyId, { daily: 1 });
      expect(refused).toMatchObject({ allowed: false, violated: ['daily'] });
      expect(refused.windows[0]!.window).toMatchObject({ id: '2026-03-31', resetsAt: new Date('2026-04-01T00:00:00.000Z') });
      clock.now = new Date('2026-04-01T00:00:00.000Z');
      const next = await counter().charge(keyId, { daily: 1 });
      expect(next.allowed).toBe(true);
      expect(next.windows.map((w) => [w.window.id, w.remaining])).toEqual([['2026-04-01', 0]]);
    });

    it('carries the month across days, and starts a new one at 00:00 UTC on the first', async () => {
      const keyId = fresh('key');
      const allowance = { daily: 5, monthly: 3 };
      for (const at of ['2026-02-01T00:00:00.000Z', '2026-02-14T10:00:00.000Z', '2026-02-28T23:59:59.999Z']) {
        clock.now = new Date(at);
        expect((await counter().charge(keyId, allowance)).allowed).toBe(true);
      }
      const spent = await counter().charge(keyId, allowance);
      expect(spent).toMatchObject({ allowed: false, violated: ['monthly'] });
      // Refused, it is charged to neither window: the day still has the 4 it had.
      expect(spent.windows.map((w) => [w.window.id, w.remaining])).toEqual([['2026-02-28', 4], ['2026-02', 0]]);
      clock.now = new Date('2026-03-01T00:00:00.000Z');
      const march = await counter().charge(keyId, allowance);
      expect(march.allowed).toBe(true);
      expect(march.windows.map((w) => [w.window.id, w.remaining])).toEqual([['2026-03-01', 4], ['2026-03', 2]]);
    });

    it('gives each plan its allowance', async () => {
      clock.now = new Date('2026-06-15T12:00:00.000Z');
      /** Charges `times` concurrent requests to a new key of `limits` and reports how many passed. */
      const charge = async (limits: KeyLimits, times: number) => {
        const keyId = fresh(limits.plan);
        const outcomes = await Promise.all(Array.from({ length: times }, () => counter().charge(keyId, allowanceOf(limits))));
        const refused = outcomes.find((o) => !o.allowed);
        return { passed: outcomes.filter((o) => o.allowed).length, windows: outcomes[0]!.windows.map((w) => [w.window.kind, w.limit]), violated: refused?.violated ?? [] };
      };
      expect(await charge(key('trial'), 105)).toEqual({ passed: 100, windows: [['daily', 100]], violated: ['daily'] });
      expect(await charge(key('demo'), 205)).toEqual({ passed: 200, windows: [['daily', 200]], violated: ['daily'] });
      expect(await charge(key('demo', { daily_limit: 3 }), 5)).toEqual({ passed: 3, windows: [['daily', 3]], violated: ['daily'] });
      expect(await charge(key('researcher'), 3)).toEqual({ passed: 3, windows: [['monthly', 10_000]], violated: [] });
      expect(await charge(key('researcher', { monthly_limit: 4 }), 6)).toEqual({ passed: 4, windows: [['monthly', 4]], violated: ['monthly'] });
      expect(await charge(key('paid', { daily_limit: 5, monthly_limit: 2 }), 4)).toEqual({ passed: 2, windows: [['daily', 5], ['monthly', 2]], violated: ['monthly'] });
      expect(await charge(key('paid'), 20)).toEqual({ passed: 20, windows: [], violated: [] });
      expect(await charge(key('internal'), 20)).toEqual({ passed: 20, windows: [], violated: [] });
    });
  });
}
