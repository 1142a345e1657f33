import { Redis } from 'ioredis';
import { RedisResponseCache } from '../../shared/cache/response-cache.redis';
import { createLogger } from '../../shared/logging/logger';
import { createRedisClient, waitForRedis } from '../../shared/redis/redis-client';
import { describeWithRedis, downRedis, freshRedisUrl, releaseContractClients } from '../support/test-redis';
import { waitFor } from '../support/wait-for';
import { responseCacheContract } from './response-cache.contract';

const logger = createLogger({ level: 'silent' });

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describeWithRedis('ResponseCache contract: Redis', () => {
  let redis: Redis | undefined;
  let timersBefore = 0;

  beforeAll(() => {
    timersBefore = timers();
  });
  afterAll(async () => {
    await releaseContractClients(redis ? [redis] : []);
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
