import type { Config } from '../shared/config/config';
import type { Database } from '../shared/db/database';
import { databaseModule } from '../shared/db/database.module';
import { PAPERS_REINDEX_CHANNEL } from '../shared/keyword-index/index-sync';
import { rebuildFromPostgres } from '../shared/keyword-index/rebuild';
import { createKeywordIndex } from '../shared/keyword-index/keyword-index.factory';
import type { Logger } from '../shared/logging/logger';
import { PaperRepository } from '../shared/papers/paper.repository';
import { Runtime } from '../shared/runtime/runtime';

/**
 * `gx reindex`: a shared keyword engine (Elasticsearch) gets a new versioned index, filled from
 * Postgres, then the alias moves to it in one step. Then every running process is told to rebuild
 * what it keeps itself: an embedded keyword index, and the vector index (re-embedding every paper).
 */
export async function reindexCommand(config: Config, logger: Logger): Promise<void> {
  const runtime = await Runtime.start(['database'], new Map([[databaseModule.name, databaseModule]]), config, logger);
  const index = createKeywordIndex(config);
  try {
    const db = runtime.value<Database>('database');
    const repository = new PaperRepository(db);
    if (!index.processLocal) {
      const t0 = Date.now();
      await index.init();
      await rebuildFromPostgres(index, repository);
      process.stdout.write(`rebuilt the ${index.kind} index: ${await index.count()} papers in ${Date.now() - t0} ms\n`);
    }
    await db.query(`NOTIFY ${PAPERS_REINDEX_CHANNEL}`);
    process.stdout.write(
      `asked every running process to rebuild its ${index.processLocal ? `${index.kind} keyword index and ` : ''}vector index from ${await repository.count()} papers\n`,
    );
  } finally {
    await index.close();
    await runtime.stop();
  }
}
