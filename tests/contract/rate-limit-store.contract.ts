import { randomBytes } from 'node:crypto';
import type { BucketSpec, RateLimitStore } from '../../services/gateway/limits/rate-limit-store.port';
import { waitFor } from '../support/wait-for';

export interface RateLimitContractOptions {
  /** Each call of `makeStore` is another replica over the same backend, so replicas share a bucket's counts. */
  sharedByReplicas?: boolean;
  /** A store whose backend cannot be reached (Redis down): it must keep limiting, in this process. */
  unreachable?: () => Promise<RateLimitStore>;
}

/**
 * The behaviour every RateLimitStore adapter must have, as a client of the gateway sees it: a bucket
 * allows its capacity (then its burst), refuses with the time until it refills, refills, and counts
 * each key and each bucket on its own, exactly, under concurrent requests.
 *
 * Windows are the store's own clock (Redis's, for the Redis adapter), so refilling is awaited, in a
 * bucket of a one-second window, rather than simulated.
 */
export function rateLimitStoreContract(makeStore: () => Promise<RateLimitStore>, options: RateLimitContractOptions = {}): void {
  // Bucket names of this run only (the Redis runner deletes `*contract-*` keys afterwards).
  const run = `contract-${randomBytes(4).toString('hex')}`;
  let buckets = 0;
  const spec = (capacity: number, windowSeconds: number, burst = 0): BucketSpec => ({ name: `${run}:${++buckets}`, capacity, windowSeconds, burst });
  let store: RateLimitStore;

  beforeAll(async () => {
    store = await makeStore();
  });

  it('allows its capacity, then refuses with the time until it refills', async () => {
    const bucket = store.bucket(spec(3, 60));
    const passed = [];
    for (let i = 0; i < 3; i++) passed.push(await bucket.take('198.51.100.7'));
    expect(passed.map((s) => [s.allowed, s.remaining])).toEqual([[true, 2], [true, 1], [true, 0]]);
    const refused = await bucket.take('198.51.100.7');
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.msBeforeNext).toBeGreaterThan(0);
    expect(refused.msBeforeNext).toBeLessThanOrEqual(60_000);
  });

  it('draws the burst allowance only once the capacity is spent', async () => {
    const bucket = store.bucket(spec(2, 60, 2));
    const states = [];
    for (let i = 0; i < 5; i++) states.push(await bucket.take('198.51.100.8'));
    expect(states.map((s) => [s.allowed, s.remaining])).toEqual([[true, 1], [true, 0], [true, 0], [true, 0], [false, 0]]);
    expect(states[4]!.msBeforeNext).toBeGreaterThan(0);
  });

  it('counts each key on its own', async () => {
    const bucket = store.bucket(spec(1, 60));
    expect((await bucket.take('203.0.113.1')).allowed).toBe(true);
    expect((await bucket.take('203.0.113.1')).allowed).toBe(false);
    expect(await bucket.take('203.0.113.2')).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('counts each bucket on its own, for the same key', async () => {
    const minute = store.bucket(spec(1, 60));
    const hour = store.bucket(spec(2, 3600));
    expect((await minute.take('203.0.113.3')).allowed).toBe(true);
    expect((await minute.take('203.0.113.3')).allowed).toBe(false);
    expect(await hour.take('203.0.113.3')).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('of 30 concurrent requests on a capacity of 10, exactly 10 pass', async () => {
    const bucket = store.bucket(spec(10, 60));
    const states = await Promise.all(Array.from({ length: 30 }, () => bucket.take('203.0.113.4')));
    expect(states.filter((s) => s.allowed)).toHaveLength(10);
    expect(states.map((s) => s.remaining).sort((a, b) => a - b)).toEqual([...Array<number>(21).fill(0), 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('refills when its window ends', async () => {
    const bucket = store.bucket(spec(1, 1));
    expect((await bucket.take('203.0.113.5')).allowed).toBe(true);
    const refused = await bucket.take('203.0.113.5');
    expect(refused.allowed).toBe(false);
    expect(refused.msBeforeNext).toBeLessThanOrEqual(1_000);
    // A refused request does not push the refill back: the next window lets the client in again.
    const refilled = await waitFor('the one-second window to refill', async () => {
      const state = await bucket.take('203.0.113.5');
      return state.allowed && state;
    }, 50);
    expect(refilled.remaining).toBe(0);
  });

  if (options.sharedByReplicas) {
    it('is one bucket for every replica', async () => {
      const replicas = [store, await makeStore()];
      const name = spec(4, 60);
      const buckets = replicas.map((r) => r.bucket(name));
      const states = await Promise.all(Array.from({ length: 12 }, (_, i) => buckets[i % 2]!.take('203.0.113.6')));
      expect(states.filter((s) => s.allowed)).toHaveLength(4);
    });
  }

  if (options.unreachable) {
    const unreachable = options.unreachable;
    it('keeps limiting, in this process, while its backend cannot be reached', async () => {
      const bucket = (await unreachable()).bucket(spec(2, 60));
      const states = [];
      for (let i = 0; i < 3; i++) states.push(await bucket.take('203.0.113.7'));
      expect(states.map((s) => s.allowed)).toEqual([true, true, false]);
      expect(states[2]!.msBeforeNext).toBeGreaterThan(0);
    });
  }
}
