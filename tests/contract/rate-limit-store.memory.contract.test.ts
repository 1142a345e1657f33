import { MemoryRateLimitStore } from '../../services/gateway/limits/rate-limit-store.memory';
import { rateLimitStoreContract } from './rate-limit-store.contract';

describe('RateLimitStore contract: in-process', () => {
  rateLimitStoreContract(async () => new MemoryRateLimitStore());
});
