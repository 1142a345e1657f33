import type { KeywordIndex } from '../../shared/keyword-index/keyword-index.port';
import type { ModuleDefinition } from '../../shared/runtime/module';
import type { VectorSearchParts } from '../../shared/vector-index/vector-search.module';
import { SemanticSearchService } from './semantic-search.service';
import { semanticRoutes } from './semantic.routes';

/**
 * The data API's paper search: keyword mode on the keyword index, vector and hybrid modes on the
 * vector-search module (which opens its index in the background; until it can answer, or when it
 * could not start, vector mode says 503 `vector_unavailable` and keyword mode keeps working).
 * Hybrid mode's ranked retrieval is prepared in the background too (503 `ranking_unavailable` meanwhile).
 */
export const semanticSearchModule: ModuleDefinition<SemanticSearchService> = {
  name: 'semantic-search',
  dependsOn: ['keyword-index', 'vector-search'],
  serves: [{ door: 'api', paths: ['/api/v1/papers/search'], remoteUrl: (c) => c.services.semanticSearchUrl }],
  async init({ get }) {
    const keywordIndex = get<KeywordIndex>('keyword-index');
    // Hybrid mode's ranked retrieval, prepared in the background: the door opens at once.
    void keywordIndex.prepareRanking?.();
    const service = new SemanticSearchService({ keywordIndex, vector: get<VectorSearchParts>('vector-search') });
    return {
      value: service,
      routes: [{ door: 'api', router: semanticRoutes(service) }],
      ready: async () =>
        keywordIndex.rankingReady?.() === false ? { state: 'starting', detail: 'preparing the ranked index of hybrid mode' } : undefined,
    };
  },
};
