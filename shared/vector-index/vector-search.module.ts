import path from 'node:path';
import type { Database } from '../db/database';
import { createEmbedder, embeddingModelKey } from '../embeddings/embedder.factory';
import type { Embedder } from '../embeddings/embedder.port';
import { EmbeddingStore } from '../embeddings/embedding-store';
import { PaperChangeLog } from '../papers/change-log';
import type { PaperRepository } from '../papers/paper.repository';
import type { ModuleDefinition } from '../runtime/module';
import { createVectorIndex } from './vector-index.factory';
import type { VectorIndex } from './vector-index.port';
import { VectorSync } from './vector-sync';

/** What vector search needs at request time: the query embedder, the index, and the papers behind its ids. */
export interface VectorSearchParts {
  embedder: Embedder;
  index: VectorIndex;
  papers: PaperRepository;
}

/**
 * The embedder and vector index of this process. A process-local index (the embedded HNSW) follows
 * the change log with vectors from the embedding store; a shared one (Qdrant) is only read: the
 * indexer writes it, and this process embeds queries only. Its value is undefined when it cannot
 * start: the process still starts (keyword mode keeps working, vector mode answers 503
 * `vector_unavailable`), the cause is logged, and readiness reports it (not ready for a local index
 * another replica may have; degraded for a shared one every replica shares).
 */
export const vectorSearchModule: ModuleDefinition<VectorSearchParts | undefined> = {
  name: 'vector-search',
  dependsOn: ['database', 'papers'],
  async init({ config, logger, get }) {
    const papers = get<PaperRepository>('papers');
    const db = get<Database>('database');
    const embedder = createEmbedder(config);
    const index = createVectorIndex(config);
    const sync = index.processLocal
      ? new VectorSync(papers, new PaperChangeLog(db), index, new EmbeddingStore(db, embedder, embeddingModelKey(config)), db.url, logger, path.join(config.dataDir, 'vector-sync.json'))
      : undefined;
    let value: VectorSearchParts | undefined;
    let failure: Error | undefined;
    try {
      await (sync ? sync.start() : index.init());
      value = { embedder, index, papers };
    } catch (err) {
      failure = err as Error;
      logger.error({ err: failure.message, index: index.kind }, 'vector search could not start: keyword mode only');
    }
    return {
      value,
      ready: async () => {
        if (failure) throw new Error(`did not start: ${failure.message}`);
        await index.ping();
      },
      sharedBackend: !index.processLocal,
      close: async () => {
        await sync?.stop().catch(() => undefined);
        await index.close();
        await embedder.close();
      },
    };
  },
};
