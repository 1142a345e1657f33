import { Redis } from 'ioredis';
import { RedisRateLimitStore } from '../../services/gateway/limits/rate-limit-store.redis';
import { createLogger } from '../../shared/logging/logger';
import { createRedisClient, waitForRedis } from '../../shared/redis/redis-client';
import { describeWithRedis, freshRedisUrl } from '../support/test-redis';
import { rateLimitStoreContract } from './rate-limit-store.contract';

const logger = createLogger({ level: 'silent' });

/** A client of a Redis that is down: nothing listens on port 1, and the client has given up reconnecting. */
async function downRedis(): Promise<Redis> {
  const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
  redis.on('error', () => undefined);
  await redis.connect().catch(() => undefined);
  return redis;
}

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
    const redis = clients[0];
    if (redis) for await (const keys of redis.scanStream({ match: '*contract-*' })) if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
    for (const redis of clients) redis.disconnect();
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
