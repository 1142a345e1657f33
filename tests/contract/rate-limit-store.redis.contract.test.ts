import { Redis } from 'ioredis';
import { RedisRateLimitStore } from '../../services/gateway/limits/rate-limit-store.redis';
import { createLogger } from '../../shared/logging/logger';
import { createRedisClient, waitForRedis } from '../../shared/redis/redis-client';
import { describeWithRedis, downRedis, freshRedisUrl, releaseContractClients } from '../support/test-redis';
import { rateLimitStoreContract } from './rate-limit-store.contract';

const logger = createLogger({ level: 'silent' });

describeWithRedis('RateLimitStore contract: Redis', () => {
  const clients: Redis[] = [];
  /** A client as the gateway makes one (no offline queue, short command timeout). */
  const client = (url: string) => {
    const redis = createRedisClient(url, logger, 1_000);
    clients.push(redis);
    return redis;
  };
  let url: string;

  beforeAll(async () => {
    url = await freshRedisUrl();
  });
  afterAll(async () => {
    await releaseContractClients(clients);
  });

  rateLimitStoreContract(
    async () => {
      const redis = client(url);
      await waitForRedis(redis);
      return new RedisRateLimitStore(redis);
    },
    {
      sharedByReplicas: true,
      unreachable: async () => new RedisRateLimitStore(await downRedis()),
    },
  );
});
