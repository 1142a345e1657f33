import { Redis } from 'ioredis';
import { RedisResponseCache } from '../../shared/cache/response-cache.redis';
import { createLogger } from '../../shared/logging/logger';
import { createRedisClient, waitForRedis } from '../../shared/redis/redis-client';
import { describeWithRedis, freshRedisUrl } from '../support/test-redis';
import { waitFor } from '../support/wait-for';
import { responseCacheContract } from './response-cache.contract';

const logger = createLogger({ level: 'silent' });

/** A client of a Redis that is down: nothing listens on port 1, and the client has given up reconnecting. */
async function downRedis(): Promise<Redis> {
  const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
  redis.on('error', () => undefined);
  await redis.connect().catch(() => undefined);
  return redis;
}

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describeWithRedis('ResponseCache contract: Redis', () => {
  let redis: Redis | undefined;
  let timersBefore = 0;

  beforeAll(() => {
    timersBefore = timers();
  });
  afterAll(async () => {
    if (redis) for await (const keys of redis.scanStream({ match: '*contract-*' })) if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
    redis?.disconnect();
    // A reply larger than its buffer pool makes ioredis's parser (redis-parser) shrink the pool back on
    // an interval of its own for about two seconds; the worker that ran this file cannot exit until it ends.
    await waitFor('the Redis reply parser to release its large buffer', () => timers() <= timersBefore, 100);
  });

  responseCacheContract(
    async () => {
      // A client as the gateway makes one (no offline queue, short command timeout).
      redis = createRedisClient(await freshRedisUrl(), logger, 1_000);
      await waitForRedis(redis);
      return { cache: new RedisResponseCache(redis, logger) };
    },
    { unreachable: async () => new RedisResponseCache(await downRedis(), logger) },
  );
});
