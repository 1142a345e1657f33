import os from 'node:os';
import type { Config } from '../shared/config/config';
import type { Database } from '../shared/db/database';
import { databaseModule } from '../shared/db/database.module';
import { PAPERS_REINDEX_CHANNEL } from '../modules/keyword-index';
import type { Logger } from '../shared/logging/logger';
import { PaperChangeLog, PaperRepository } from '../modules/papers';
import { Runtime } from '../shared/runtime/runtime';

/**
 * `gx reindex`: asks, through Postgres, for every derived index to be rebuilt. The indexer's leader
 * replays the change log from its start into a new versioned Elasticsearch index and swaps the
 * alias (Qdrant: replays in place, with the stored embeddings, so nothing is embedded again); every
 * running process rebuilds what it keeps itself (the embedded keyword and vector indexes). The
 * request is recorded in Postgres, so an indexer or a process that is down acts on it when it
 * starts. It returns once asked; `/readyz` shows each index's lag until it is done.
 */
export async function reindexCommand(config: Config, logger: Logger): Promise<void> {
  const runtime = await Runtime.start(['database'], new Map([[databaseModule.name, databaseModule]]), config, logger);
  try {
    const db = runtime.value<Database>('database');
    // Recorded, then announced: the indexer acts on it even if none runs now; a process that is down
    // rebuilds at its next start instead of reopening a snapshot older than the request.
    await new PaperChangeLog(db).requestReindex(`cli:${os.userInfo().username}`);
    await db.query(`NOTIFY ${PAPERS_REINDEX_CHANNEL}`);
    const shared = [config.elasticsearch && `Elasticsearch (${config.elasticsearch.index})`, config.qdrant && `Qdrant (${config.qdrant.collection})`].filter(Boolean);
    process.stdout.write(
      `asked for a rebuild of ${await new PaperRepository(db).count()} papers: ` +
        `${shared.length ? `the indexer rebuilds ${shared.join(' and ')}; ` : ''}every running process rebuilds its in-process indexes\n`,
    );
  } finally {
    await runtime.stop();
  }
}
