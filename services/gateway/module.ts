import type { Redis } from 'ioredis';
import type { ResponseCache } from '../../shared/cache/response-cache.port';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { EdgeCache } from './edge-cache';
import { publicRateLimit, type RateLimitCheck } from './public-rate-limit';

export interface Gateway {
  /** The per-client-IP limit of the public door, or undefined when turned off. */
  publicRateLimit?: RateLimitCheck;
  edgeCache: EdgeCache;
}

/** The front doors' policies (per-IP limits, edge cache); `public-door.ts` assembles them around the routes. */
export const gatewayModule: ModuleDefinition<Gateway> = {
  name: 'gateway',
  dependsOn: ['redis', 'response-cache'],
  async init({ config, logger, get }) {
    return {
      value: {
        publicRateLimit: publicRateLimit({
          perMinute: config.publicRateLimit.perMinute,
          burst: config.publicRateLimit.burst,
          redis: get<Redis | undefined>('redis'),
          logger,
        }),
        edgeCache: new EdgeCache(get<ResponseCache>('response-cache'), config.responseCache.ttlSeconds),
      },
    };
  },
};
