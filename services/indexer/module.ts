import type { Config } from '../../shared/config/config';
import { ChangeListener } from '../../shared/db/change-listener';
import type { Database } from '../../shared/db/database';
import { createEmbedder, EmbeddingStore } from '../../modules/embeddings';
import { createKeywordIndex, PAPERS_CHANGED_CHANNEL, PAPERS_REINDEX_CHANNEL } from '../../modules/keyword-index';
import type { Logger } from '../../shared/logging/logger';
import { PaperChangeLog, PaperRepository, papersModule } from '../../modules/papers';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { createVectorIndex } from '../../modules/vector-index';
import { keywordConsumer, vectorConsumer, type IndexConsumer } from './index-consumers';
import { LeaderLock } from './leader-lock';
import { onScrape } from '../../shared/telemetry/metrics';
import { reportDeadLetters, reportIndexLag } from '../../shared/telemetry/index-metrics';
import { SharedIndexer } from './shared-indexer';
import { databaseModule } from '../../shared/db/database.module';

// Any constant works; every indexer instance of one database must use the same.
export const INDEXER_LOCK_KEY = 7_240_612;

/** The shared indexes configured: Elasticsearch (keyword) and Qdrant (vector, with its embedder and the embedding store). */
export async function sharedIndexConsumers(config: Config, db: Database, logger?: Logger): Promise<IndexConsumer[]> {
  const consumers: IndexConsumer[] = [];
  if (config.elasticsearch) consumers.push(keywordConsumer(createKeywordIndex(config), config.elasticsearch.index));
  if (config.qdrant) {
    const embedder = createEmbedder(config, { queryCacheEntries: 0, logger, corpus: { db, papers: new PaperRepository(db) } });
    await embedder.init?.();
    const consumer = vectorConsumer(createVectorIndex(config), new EmbeddingStore(db, embedder), config.qdrant.collection);
    consumers.push({ ...consumer, close: async () => { await consumer.close(); await embedder.close(); } });
  }
  return consumers;
}

/**
 * The indexer: the one writer of the shared derived indexes, following the change log. Any number
 * of instances may run (in targets `ingest-worker` and `all`); one leads at a time (a Postgres
 * advisory lock). With no shared index configured it has nothing to do: process-local indexes
 * follow the log themselves.
 */
export const indexerModule: ModuleDefinition<SharedIndexer | undefined> = {
  name: 'indexer',
  dependsOn: ['database', 'papers'],
  async init({ config, logger, get }) {
    const db = get(databaseModule);
    const consumers = await sharedIndexConsumers(config, db, logger);
    if (consumers.length === 0) {
      logger.debug('indexer: no shared index configured (Elasticsearch, Qdrant); nothing to do');
      return { value: undefined };
    }
    const indexer = startIndexer(db, get(papersModule), consumers, logger);
    const listener = new ChangeListener(
      db.url,
      { [PAPERS_CHANGED_CHANNEL]: async () => indexer.nudge(), [PAPERS_REINDEX_CHANNEL]: async () => indexer.nudge() },
      logger,
      { pollMs: 60_000, quietMs: 20 },
    );
    await listener.start();
    const stopReporting = onScrape(async () => {
      for (const [name, lag] of Object.entries(await indexer.lag())) reportIndexLag(name, lag);
      for (const [name, count] of Object.entries(await indexer.deadLetters())) reportDeadLetters(name, count);
    });
    logger.info({ indexes: consumers.map((c) => c.name) }, 'indexer started');
    return {
      value: indexer,
      // How far each shared index is behind the log (whichever instance leads, the positions are in Postgres).
      ready: async () => {
        const lags = await indexer.lag();
        const worst = Object.values(lags).reduce((a, b) => (b.changes > a.changes ? b : a), { changes: 0, seconds: 0 });
        const detail = Object.entries(lags).map(([name, l]) => `${name}: ${l.changes} behind${l.changes ? ` (${l.seconds} s)` : ''}`).join('; ');
        return { state: 'ok', lag: worst, detail };
      },
      close: async () => {
        stopReporting();
        await listener.stop();
        await indexer.stop();
        for (const c of consumers) await c.close();
      },
    };
  },
};

export function startIndexer(db: Database, papers: PaperRepository, consumers: IndexConsumer[], logger: Logger): SharedIndexer {
  const indexer = new SharedIndexer(
    { log: new PaperChangeLog(db), papers, lock: new LeaderLock(db.url, INDEXER_LOCK_KEY, logger), consumers, logger },
    { batchSize: 500, attempts: 3, backoffMs: 500, pollMs: 1_000 },
  );
  indexer.start();
  return indexer;
}
