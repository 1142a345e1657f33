import path from 'node:path';
import type { Database } from '../db/database';
import { createEmbedder } from '../embeddings/embedder.factory';
import type { Embedder } from '../embeddings/embedder.port';
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
 * The embedder and vector index of this process, kept current with Postgres by a VectorSync. It
 * depends on neither keyword index nor any service, so it starts beside the keyword index. Its value
 * is undefined when it cannot start (no reachable index, a failing embedder): the process still
 * starts, and vector search answers 503 `vector_unavailable`.
 */
export const vectorSearchModule: ModuleDefinition<VectorSearchParts | undefined> = {
  name: 'vector-search',
  dependsOn: ['database', 'papers'],
  async init({ config, logger, get }) {
    const papers = get<PaperRepository>('papers');
    const embedder = createEmbedder(config);
    const index = createVectorIndex(config);
    const sync = new VectorSync(papers, index, embedder, get<Database>('database').url, logger, path.join(config.dataDir, 'vector-sync.json'));
    let value: VectorSearchParts | undefined;
    try {
      await sync.start();
      value = { embedder, index, papers };
    } catch (err) {
      logger.error({ err: (err as Error).message }, 'vector search unavailable: keyword mode only');
    }
    return {
      value,
      close: async () => {
        await sync.stop().catch(() => undefined);
        await index.close();
        await embedder.close();
      },
    };
  },
};
