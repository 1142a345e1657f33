import { PaperChangeLog, papersModule } from '../papers';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { createKeywordIndex } from './keyword-index.factory';
import type { KeywordIndex } from './keyword-index.port';
import { IndexSync } from './index-sync';
import { keywordIndexDir } from './build-index-files';
import { advisoryLock, IndexSeed, keywordIndexSeedDir } from './index-seed';
import { onScrape } from '../../shared/telemetry/metrics';
import { reportIndexLag } from '../../shared/telemetry/index-metrics';
import { databaseModule } from '../../shared/db/database.module';

/**
 * The keyword engine of this process. A process-local index reopens its snapshot under DATA_DIR (or
 * copies the seed under INDEX_SEED_DIR, or is built from Postgres) and follows the change log. A shared engine (Elasticsearch) is only read here: the indexer alone writes it.
 */
export const keywordIndexModule: ModuleDefinition<KeywordIndex> = {
  name: 'keyword-index',
  dependsOn: ['database', 'papers'],
  async init({ config, logger, get }) {
    const index = createKeywordIndex(config);
    await index.init();
    const db = get(databaseModule);
    // A copy several processes share (INDEX_SEED_DIR): taken by a process without files of its own, written by a publisher.
    const seed = config.indexSeed && new IndexSeed(keywordIndexSeedDir(config.indexSeed.dir), advisoryLock(db));
    const sync = index.processLocal
      ? new IndexSync(get(papersModule), new PaperChangeLog(db), index, db.url, logger, { snapshotDir: keywordIndexDir(config), seed, publishSeed: config.indexSeed?.publish })
      : undefined;
    await sync?.start();
    const stopReporting = sync ? onScrape(async () => reportIndexLag('keyword', await sync.lag())) : () => undefined;
    return {
      value: index,
      ready: async () => {
        await index.ping();
        if (!sync) return undefined;
        const lag = await sync.lag();
        return { state: lag.changes > 0 ? 'catching_up' : 'ok', lag };
      },
      // A process-local index answers from memory; a shared engine (Elasticsearch) is every replica's.
      sharedBackend: !index.processLocal,
      close: async () => {
        stopReporting();
        await sync?.stop();
        await index.close();
      },
    };
  },
};
