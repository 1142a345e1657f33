import type { ModuleDefinition } from '../runtime/module';
import { Database } from './database';
import { startEmbeddedPostgres } from './embedded-postgres';
import { migrate, pendingMigrations } from './migrate';
import { onScrape } from '../telemetry/metrics';
import { reportPool } from '../telemetry/pool-metrics';
import { reportReachable } from './database-metrics';

/** A connection string fit for an error message: no password. */
export function redactDatabaseUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@]*@/i, '$1:***@');
}

/** An error's own words, also when it has none (an AggregateError of every address tried). */
function cause(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err.message) return err.message;
  const code = (err as { code?: string }).code;
  const inner = err instanceof AggregateError ? err.errors.map((e) => (e instanceof Error ? e.message : String(e))).filter(Boolean) : [];
  return [code, ...inner].filter(Boolean).join(': ') || err.name;
}

/**
 * Postgres: the configured server, or the private embedded one of DATA_DIR when DATABASE_URL is
 * unset. Migrated on start. Closed last (every module depends on it), the embedded server after the pool.
 */
export const databaseModule: ModuleDefinition<Database> = {
  name: 'database',
  dependsOn: [],
  async init({ config, logger }) {
    const embedded = config.database.url ? undefined : await startEmbeddedPostgres(config.dataDir, logger);
    const url = config.database.url ?? embedded!.url;
    const db = new Database(url, config.database.poolSize, { queryTimeoutMs: config.database.queryTimeoutMs });
    try {
      try {
        await db.ping();
      } catch (err) {
        const where = embedded ? `the embedded PostgreSQL of DATA_DIR ${config.dataDir}` : `DATABASE_URL ${redactDatabaseUrl(url)}`;
        throw new Error(`cannot reach ${where}: ${cause(err)}`, { cause: err });
      }
      if (config.database.migrate || embedded) {
        const applied = await migrate(db);
        if (applied.length) logger.info({ applied }, 'database migrated');
      } else {
        // DATABASE_MIGRATE=false: the schema is `gx migrate`'s (the schema owner's role); this role may lack the rights.
        const pending = await pendingMigrations(db);
        if (pending.length) throw new Error(`the database schema is behind: ${pending.join(', ')} not applied; run \`gx migrate\` with the schema owner's DATABASE_URL (DATABASE_MIGRATE=false: this process does not migrate)`);
      }
    } catch (err) {
      await db.close();
      await embedded?.stop().catch(() => undefined);
      throw err;
    }
    const stopReporting = onScrape(async () => {
      reportPool(db.pool, config.database.poolSize);
      await reportReachable(db);
    });
    return {
      value: db,
      ready: () => db.ping(),
      // A server of its own (DATABASE_URL) is every replica's: its outage degrades this replica, which
      // keeps serving what needs no database (the public search from its in-memory index), rather than
      // taking every replica out of service at once. The embedded one is this process's own.
      sharedBackend: !embedded,
      close: async () => {
        stopReporting();
        await db.close();
        await embedded?.stop();
      },
    };
  },
};
