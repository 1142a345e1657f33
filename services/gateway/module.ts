import type { RequestHandler } from 'express';
import { apiKeysModule, type KeyVerifier } from '../../modules/api-keys';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { authenticate } from './authenticate';
import { EdgeCache } from './edge-cache';
import { ipRateLimit, type RateLimitCheck } from './ip-rate-limit';
import { KeyBurstLimit } from './key-burst';
import { createLimitStores } from './limits/limit-stores.factory';
import { QuotaCounter } from './quota-counter';
import type { RequestCostOf } from './request-cost';
import { databaseModule } from '../../shared/db/database.module';
import { releasesModule } from '../../modules/releases';
import { redisModule } from '../../shared/redis/redis.module';
import { responseCacheModule } from '../../shared/cache/response-cache.module';

export interface Gateway {
  /** The per-client-IP limit of the public door, or undefined when turned off. */
  publicRateLimit?: RateLimitCheck;
  /** The per-client-IP limit of key applications on the data-API door. */
  applicationRateLimit?: RateLimitCheck;
  edgeCache: EdgeCache;
  /**
   * Bearer-key authentication, burst limit and plan quota for `/api/v1/*` on the data-API door; the
   * door gives what each request costs (its modules' `requestCosts`, `request-cost.ts`).
   */
  guard(costOf: RequestCostOf): RequestHandler;
  /** Checks a Bearer key without charging it (the data-API door's `/mcp`, whose tool calls are charged by `guard`). */
  verifier: KeyVerifier;
  /** The `X-Dataset-Version` of an answer over the corpus now (a service answering as of a release sets its own). */
  datasetVersion: () => string;
}

/** The front doors' policies; `public-door.ts` and `api-door.ts` assemble them around the routes. */
export const gatewayModule: ModuleDefinition<Gateway> = {
  name: 'gateway',
  dependsOn: ['redis', 'response-cache', 'database', 'api-keys', 'releases'],
  async init({ config, logger, get }) {
    const redis = get(redisModule);
    const limits = createLimitStores({ redis, pool: get(databaseModule).pool });
    const quota = new QuotaCounter(limits.quotas);
    const releases = get(releasesModule);
    return {
      value: {
        publicRateLimit: ipRateLimit({
          policy: 'minute',
          points: config.publicRateLimit.perMinute,
          windowSeconds: 60,
          burst: config.publicRateLimit.burst,
          store: limits.rateLimits,
          logger,
        }),
        applicationRateLimit: ipRateLimit({
          policy: 'applications',
          points: config.apiKeys.applicationsPerHour,
          windowSeconds: 3600,
          burst: 0,
          store: limits.rateLimits,
          logger,
        }),
        edgeCache: new EdgeCache(get(responseCacheModule), config.responseCache.ttlSeconds),
        verifier: get(apiKeysModule).verifier,
        datasetVersion: () => releases.currentVersion(),
        guard: (costOf) =>
          authenticate({
            verifier: get(apiKeysModule).verifier,
            burst: new KeyBurstLimit(config.apiKeys.burstPerSecond, limits.rateLimits),
            quota,
            logger,
            disabled: config.apiKeys.authDisabled,
            costOf,
          }),
      },
    };
  },
};
