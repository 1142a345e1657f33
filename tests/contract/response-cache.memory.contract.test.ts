import { MemoryResponseCache } from '../../shared/cache/response-cache.memory';
import { responseCacheContract } from './response-cache.contract';

const MAX_ENTRIES = 8;

describe('ResponseCache contract: in-process', () => {
  responseCacheContract(
    async () => {
      // A clock of the test's own, so expiry is reached by moving it rather than by waiting.
      let now = Date.parse('2026-06-15T12:00:00.000Z');
      return { cache: new MemoryResponseCache(MAX_ENTRIES, () => now), advance: (ms) => void (now += ms) };
    },
    { maxEntries: MAX_ENTRIES },
  );
});
