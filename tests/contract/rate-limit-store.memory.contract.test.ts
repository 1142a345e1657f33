import { MemoryRateLimitStore } from '../../services/gateway/limits/rate-limit-store.memory';
import { rateLimitStoreContract } from './rate-limit-store.contract';

describe('RateLimitStore contract: in-process', () => {
  rateLimitStoreContract(async () => new MemoryRateLimitStore());

  it('answers at once (takeNow) what take answers, counting both alike', async () => {
    const bucket = new MemoryRateLimitStore().bucket({ name: 'at-once', capacity: 2, windowSeconds: 60, burst: 1 });
    const states = [bucket.takeNow!('198.51.100.9'), await bucket.take('198.51.100.9'), bucket.takeNow!('198.51.100.9'), await bucket.take('198.51.100.9')];
    expect(states.map((s) => [s.allowed, s.remaining])).toEqual([[true, 1], [true, 0], [true, 0], [false, 0]]);
    for (const state of states) expect(state.msBeforeNext).toBeGreaterThan(0);
  });
});
