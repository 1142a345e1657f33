import { Redis } from 'ioredis';
import { RedisQuotaStore } from '../../services/gateway/limits/quota-store.redis';
import { createLogger } from '../../shared/logging/logger';
import { createRedisClient, waitForRedis } from '../../shared/redis/redis-client';
import { describeWithRedis, downRedis, freshRedisUrl, releaseContractClients } from '../support/test-redis';
import { quotaStoreContract } from './quota-store.contract';

const logger = createLogger({ level: 'silent' });

describeWithRedis('QuotaStore contract: Redis', () => {
  const clients: Redis[] = [];
  let url: string;

  beforeAll(async () => {
    url = await freshRedisUrl();
  });
  afterAll(async () => {
    await releaseContractClients(clients);
  });

  quotaStoreContract(
    async () => {
      // A client as the gateway makes one (no offline queue, short command timeout); one per replica.
      const redis = createRedisClient(url, logger, 1_000);
      clients.push(redis);
      await waitForRedis(redis);
      return new RedisQuotaStore(redis);
    },
    { sharedByReplicas: true, unreachable: async () => new RedisQuotaStore(await downRedis()) },
  );
});
