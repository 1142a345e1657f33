import type { Database } from '../db/database';
import type { PaperRepository } from '../papers/paper.repository';
import type { ModuleDefinition } from '../runtime/module';
import { createKeywordIndex } from './keyword-index.factory';
import type { KeywordIndex } from './keyword-index.port';
import { IndexSync } from './index-sync';
import { rebuildFromPostgres } from './rebuild';

/**
 * The keyword engine of this process. A process-local index is built from Postgres and follows
 * its changes; a shared engine is (re)built from Postgres only when it is found empty.
 */
export const keywordIndexModule: ModuleDefinition<KeywordIndex> = {
  name: 'keyword-index',
  dependsOn: ['database', 'papers'],
  async init({ config, logger, get }) {
    const index = createKeywordIndex(config);
    const repository = get<PaperRepository>('papers');
    await index.init();
    let sync: IndexSync | undefined;
    if (index.processLocal) {
      sync = new IndexSync(repository, index, get<Database>('database').url, logger);
      await sync.start();
    } else if ((await index.count()) === 0 && (await repository.count()) > 0) {
      logger.info({ engine: index.kind }, 'search index is empty; building it from Postgres');
      try {
        await rebuildFromPostgres(index, repository);
      } catch (err) {
        // Replicas starting together race to fill an empty index; the loser finds it filled.
        if ((await index.count()) === 0) throw err;
        logger.info('another process built the index first');
      }
    }
    return {
      value: index,
      ready: () => index.ping(),
      // A process-local index answers from memory; a shared engine (Elasticsearch) is every replica's.
      sharedBackend: !index.processLocal,
      close: async () => {
        await sync?.stop();
        await index.close();
      },
    };
  },
};
