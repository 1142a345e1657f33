import path from 'node:path';
import type { Config } from '../../shared/config/config';
import type { Database } from '../../shared/db/database';
import type { Logger } from '../../shared/logging/logger';
import { PaperChangeLog, PaperRepository } from '../papers';
import { IndexSync } from './index-sync';
import { MemoryKeywordIndex } from './keyword-index.memory';

/** Where the embedded keyword index keeps its files under DATA_DIR (the module reopens them from here). */
export const keywordIndexDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'keyword-index');

/**
 * Builds the embedded keyword index's files under DATA_DIR from the papers in Postgres, as the
 * first start without them would, and returns how many papers they hold: run after a bulk load
 * (`gx load papers`), it lets the next start reopen the index at once instead of building it.
 * Nothing to do (undefined) when the keyword engine is Elasticsearch. A process serving meanwhile
 * keeps its own content; the newest whole manifest on disk is what the next start opens.
 */
export async function buildKeywordIndexFiles(config: Pick<Config, 'dataDir' | 'elasticsearch'>, db: Database, logger: Logger): Promise<number | undefined> {
  if (config.elasticsearch) return undefined;
  const index = new MemoryKeywordIndex();
  const sync = new IndexSync(new PaperRepository(db), new PaperChangeLog(db), index, db.url, logger, { snapshotDir: keywordIndexDir(config) });
  try {
    await sync.buildFiles();
    return await index.count();
  } finally {
    await index.close();
  }
}
