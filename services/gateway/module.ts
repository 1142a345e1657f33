import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { ApiKeys } from '../../shared/api-keys/api-keys.module';
import type { KeyVerifier } from '../../shared/api-keys/key-verifier';
import type { ResponseCache } from '../../shared/cache/response-cache.port';
import type { Database } from '../../shared/db/database';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { authenticate } from './authenticate';
import { EdgeCache } from './edge-cache';
import { ipRateLimit, type RateLimitCheck } from './ip-rate-limit';
import { KeyBurstLimit } from './key-burst';
import { QuotaCounter } from './quota-counter';

export interface Gateway {
  /** The per-client-IP limit of the public door, or undefined when turned off. */
  publicRateLimit?: RateLimitCheck;
  /** The per-client-IP limit of key applications on the data-API door. */
  applicationRateLimit?: RateLimitCheck;
  edgeCache: EdgeCache;
  /** Bearer-key authentication, burst limit and plan quota for `/api/v1/*` on the data-API door. */
  guard: RequestHandler;
  /** Checks a Bearer key without charging it (the data-API door's `/mcp`, whose tool calls are charged by `guard`). */
  verifier: KeyVerifier;
}

/** The front doors' policies; `public-door.ts` and `api-door.ts` assemble them around the routes. */
export const gatewayModule: ModuleDefinition<Gateway> = {
  name: 'gateway',
  dependsOn: ['redis', 'response-cache', 'database', 'api-keys'],
  async init({ config, logger, get }) {
    const redis = get<Redis | undefined>('redis');
    const quota = new QuotaCounter(redis ? { redis } : { pool: get<Database>('database').pool });
    return {
      value: {
        publicRateLimit: ipRateLimit({
          policy: 'minute',
          points: config.publicRateLimit.perMinute,
          windowSeconds: 60,
          burst: config.publicRateLimit.burst,
          redis,
          logger,
        }),
        applicationRateLimit: ipRateLimit({
          policy: 'applications',
          points: config.apiKeys.applicationsPerHour,
          windowSeconds: 3600,
          burst: 0,
          redis,
          logger,
        }),
        edgeCache: new EdgeCache(get<ResponseCache>('response-cache'), config.responseCache.ttlSeconds),
        verifier: get<ApiKeys>('api-keys').verifier,
        guard: authenticate({
          verifier: get<ApiKeys>('api-keys').verifier,
          burst: new KeyBurstLimit(config.apiKeys.burstPerSecond, redis),
          quota,
          logger,
          disabled: config.apiKeys.authDisabled,
        }),
      },
    };
  },
};
