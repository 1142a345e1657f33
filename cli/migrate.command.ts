import type { Config } from '../shared/config/config';
import type { Database } from '../shared/db/database';
import { databaseModule, redactDatabaseUrl } from '../shared/db/database.module';
import { pendingMigrations } from '../shared/db/migrate';
import type { Logger } from '../shared/logging/logger';
import { Runtime } from '../shared/runtime/runtime';

/**
 * `gx migrate`: applies the pending SQL migrations (infra/migrations) and returns. Meant for the
 * schema owner's role, run before the services start (Kubernetes: the gx-migrate Job), while the
 * services run with DATABASE_MIGRATE=false as a role that may only read and write rows. It migrates
 * whatever DATABASE_MIGRATE says; the applied files are logged (stderr), the outcome printed.
 */
export async function migrateCommand(config: Config, logger: Logger): Promise<void> {
  const owner: Config = { ...config, database: { ...config.database, migrate: true } };
  const runtime = await Runtime.start(['database'], new Map([[databaseModule.name, databaseModule]]), owner, logger);
  try {
    const db = runtime.value<Database>('database');
    const pending = await pendingMigrations(db);
    if (pending.length) throw new Error(`still not applied after migrating: ${pending.join(', ')}`);
    const { rows } = await db.query<{ n: number; last: string }>('SELECT count(*)::int AS n, max(name) AS last FROM schema_migrations');
    const where = config.database.url ? redactDatabaseUrl(config.database.url) : `the embedded PostgreSQL of DATA_DIR ${config.dataDir}`;
    process.stdout.write(`${where}: schema up to date (${rows[0].n} migrations, the last ${rows[0].last})\n`);
  } finally {
    await runtime.stop();
  }
}
