import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Database } from '../../shared/db/database';
import { migrate } from '../../shared/db/migrate';
import { TEST_ENV } from './services';

export interface TestDatabase {
  url: string;
  db: Database;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env[TEST_ENV.adminDatabaseUrl];
  if (!url) throw new Error('the jest global setup did not provide a database');
  return url;
}

/** A fresh, migrated database of its own for one suite, dropped afterwards. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `gx_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const db = new Database(url.toString(), 5);
  if (options.migrate !== false) await migrate(db);
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.close();
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
