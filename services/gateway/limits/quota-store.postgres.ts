import type { Pool } from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { NO_STORE_LIMIT, QUOTA_KEY_PREFIX, RateLimiterCounter } from './rate-limiter-counter';

/**
 * Counters in Postgres (the embedded default: counts survive restarts, and replicas on one database
 * share them). The table `quota_counters` comes from a migration, so the limiter never creates it.
 * Its statements run on the database's pool, so DATABASE_QUERY_TIMEOUT_MS bounds them; while Postgres
 * is down or stalled an increment fails, and the gateway answers 503 `database_unavailable`.
 */
export class PostgresQuotaStore extends RateLimiterCounter {
  readonly kind = 'postgres';

  constructor(pool: Pool) {
    super(new RateLimiterPostgres({ keyPrefix: QUOTA_KEY_PREFIX, points: NO_STORE_LIMIT, duration: 0, storeClient: pool, tableName: 'quota_counters', tableCreated: true }));
  }
}
