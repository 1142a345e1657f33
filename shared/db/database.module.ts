import type { ModuleDefinition } from '../runtime/module';
import { Database } from './database';
import { startEmbeddedPostgres } from './embedded-postgres';
import { migrate } from './migrate';

/** Postgres: the configured server, or a private embedded one when DATABASE_URL is unset. Migrated on start. */
export const databaseModule: ModuleDefinition<Database> = {
  name: 'database',
  dependsOn: [],
  async init({ config, logger }) {
    const embedded = config.database.url
      ? undefined
      : await startEmbeddedPostgres(config.dataDir, config.database.embeddedPort, logger);
    const db = new Database(config.database.url ?? embedded!.url, config.database.poolSize);
    try {
      const applied = await migrate(db);
      if (applied.length) logger.info({ applied }, 'database migrated');
    } catch (err) {
      await db.close();
      await embedded?.stop();
      throw err;
    }
    return {
      value: db,
      ready: () => db.ping(),
      close: async () => {
        await db.close();
        await embedded?.stop();
      },
    };
  },
};
