import { MemoryQuotaStore } from '../../services/gateway/limits/quota-store.memory';
import { quotaStoreContract } from './quota-store.contract';

describe('QuotaStore contract: in-process', () => {
  quotaStoreContract(async () => new MemoryQuotaStore());
});
