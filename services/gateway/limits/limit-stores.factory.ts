import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { MemoryQuotaStore } from './quota-store.memory';
import type { QuotaStore } from './quota-store.port';
import { PostgresQuotaStore } from './quota-store.postgres';
import { RedisQuotaStore } from './quota-store.redis';
import { MemoryRateLimitStore } from './rate-limit-store.memory';
import type { RateLimitStore } from './rate-limit-store.port';
import { RedisRateLimitStore } from './rate-limit-store.redis';

/** The backends configuration gave this process: Redis when REDIS_URL is set, the database's pool. */
export interface LimitBackends {
  redis?: Redis;
  pool?: Pool;
}

export interface LimitStores {
  rateLimits: RateLimitStore;
  quotas: QuotaStore;
}

/**
 * The one place that picks the limit stores. Redis when configured (shared by replicas); otherwise
 * buckets in memory and quota counters in Postgres (allowances outlive a restart), or in memory when
 * there is no database either.
 */
export function createLimitStores(backends: LimitBackends): LimitStores {
  return { rateLimits: rateLimitStoreOf(backends), quotas: quotaStoreOf(backends) };
}

export function rateLimitStoreOf({ redis }: LimitBackends): RateLimitStore {
  return redis ? new RedisRateLimitStore(redis) : new MemoryRateLimitStore();
}

export function quotaStoreOf({ redis, pool }: LimitBackends): QuotaStore {
  if (redis) return new RedisQuotaStore(redis);
  return pool ? new PostgresQuotaStore(pool) : new MemoryQuotaStore();
}
