import type { Redis } from 'ioredis';
import type { ModuleDefinition } from '../runtime/module';
import { createRedisClient, waitForRedis } from './redis-client';

/** Redis when REDIS_URL is set; otherwise the value is undefined and users fall back to memory. */
export const redisModule: ModuleDefinition<Redis | undefined> = {
  name: 'redis',
  dependsOn: [],
  async init({ config, logger }) {
    if (!config.redisUrl) return { value: undefined };
    const client = createRedisClient(config.redisUrl, logger, config.redisCommandTimeoutMs);
    try {
      await waitForRedis(client);
    } catch (err) {
      // Start anyway: every Redis user has an in-memory fallback, and readiness reports the fault.
      logger.warn({ err: (err as Error).message }, 'redis not reachable at start-up');
    }
    return {
      value: client,
      ready: async () => { await client.ping(); },
      sharedBackend: true,
      close: async () => { client.disconnect(); },
    };
  },
};
