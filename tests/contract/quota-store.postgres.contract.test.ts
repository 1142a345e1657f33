import pg from 'pg';
import { PostgresQuotaStore } from '../../services/gateway/limits/quota-store.postgres';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { quotaStoreContract } from './quota-store.contract';

describe('QuotaStore contract: Postgres', () => {
  // A migrated database of the suite's own (the counters' table comes from a migration), dropped afterwards.
  let database: TestDatabase;
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const pool of pools) await pool.end();
    await database?.drop();
  });

  quotaStoreContract(
    async () => {
      // Each replica has a pool of its own, as each gateway process does.
      const pool = new pg.Pool({ connectionString: database.url, max: 5 });
      // As the gateway's pool does: an idle connection the server closes is replaced, not an unhandled error.
      pool.on('error', () => undefined);
      pools.push(pool);
      return new PostgresQuotaStore(pool);
    },
    {
      sharedByReplicas: true,
      unreachable: async () => {
        // Nothing listens on port 1: every query fails to connect at once.
        const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres', max: 1 });
        pool.on('error', () => undefined);
        pools.push(pool);
        return new PostgresQuotaStore(pool);
      },
    },
  );
});
