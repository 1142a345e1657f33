import type { ModuleDefinition } from '../runtime/module';
import { MemoryResponseCache } from './response-cache.memory';
import type { ResponseCache } from './response-cache.port';
import { RedisResponseCache } from './response-cache.redis';
import { redisModule } from '../redis/redis.module';

/** Response cache: Redis (shared by replicas) when REDIS_URL is set, else in-process. */
export const responseCacheModule: ModuleDefinition<ResponseCache> = {
  name: 'response-cache',
  dependsOn: ['redis'],
  async init({ config, logger, get }) {
    const redis = get(redisModule);
    const cache = redis ? new RedisResponseCache(redis, logger) : new MemoryResponseCache(config.responseCache.maxEntries);
    return { value: cache, close: () => cache.close() };
  },
};
