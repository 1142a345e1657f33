import path from 'node:path';
import type { Database } from '../../shared/db/database';
import { createEmbedder } from '../../shared/embeddings/embedder.factory';
import type { KeywordIndex } from '../../shared/keyword-index/keyword-index.port';
import type { PaperRepository } from '../../shared/papers/paper.repository';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { createVectorIndex } from '../../shared/vector-index/vector-index.factory';
import { VectorSync } from '../../shared/vector-index/vector-sync';
import { SemanticSearchService, type VectorSearchParts } from './semantic-search.service';
import { semanticRoutes } from './semantic.routes';

/**
 * The data API's paper search. The vector side (embedder, vector index, and the sync that keeps the
 * index current) starts with the service; if it cannot, the service still answers keyword mode and
 * vector mode says 503 `vector_unavailable`.
 */
export const semanticSearchModule: ModuleDefinition<SemanticSearchService> = {
  name: 'semantic-search',
  dependsOn: ['database', 'papers', 'keyword-index'],
  serves: [{ door: 'api', paths: ['/api/v1/papers/search'], remoteUrl: (c) => c.services.semanticSearchUrl }],
  async init({ config, logger, get }) {
    const papers = get<PaperRepository>('papers');
    const embedder = createEmbedder(config);
    const index = createVectorIndex(config);
    const sync = new VectorSync(papers, index, embedder, get<Database>('database').url, logger, path.join(config.dataDir, 'vector-sync.json'));
    let vector: VectorSearchParts | undefined;
    try {
      await sync.start();
      vector = { embedder, index, papers };
    } catch (err) {
      logger.error({ err: (err as Error).message }, 'vector search unavailable: keyword mode only');
    }
    const service = new SemanticSearchService({ keywordIndex: get<KeywordIndex>('keyword-index'), vector });
    return {
      value: service,
      routes: [{ door: 'api', router: semanticRoutes(service) }],
      close: async () => {
        await sync.stop().catch(() => undefined);
        await index.close();
        await embedder.close();
      },
    };
  },
};
