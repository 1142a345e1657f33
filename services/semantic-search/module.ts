import type { ModuleDefinition } from '../../shared/runtime/module';
import { LLMS_SECTIONS } from '../../shared/agents/llms-sections';
import { SEMANTIC_TOOLS, semanticLlmsTxt } from './semantic.agents';
import { semanticPaths } from './semantic.openapi';
import { SemanticSearchService } from './semantic-search.service';
import { semanticRoutes } from './semantic.routes';
import { keywordIndexModule } from '../../modules/keyword-index';
import { vectorSearchModule } from '../../modules/vector-index';
import { PaperGraphPages, PaperGraphRepository } from '../../modules/papers';
import { databaseModule } from '../../shared/db/database.module';
import { API_GRAPH_TOOLS, paperGraphLlmsTxt } from './paper-graph.agents';
import { paperGraphPaths } from './paper-graph.openapi';
import { paperGraphRoutes } from './paper-graph.routes';

/**
 * The data API's paper search: keyword mode on the keyword index, vector and hybrid modes on the
 * vector-search module (which opens its index in the background; until it can answer, or when it
 * could not start, vector mode says 503 `vector_unavailable` and keyword mode keeps working).
 * Hybrid mode's ranked retrieval is prepared in the background too (503 `ranking_unavailable` meanwhile).
 * Also a paper's references and cited-by, read from Postgres (`/api/v1/papers/{id}/references`, `/cited-by`).
 */
export const semanticSearchModule: ModuleDefinition<SemanticSearchService> = {
  name: 'semantic-search',
  dependsOn: ['database', 'keyword-index', 'vector-search'],
  // `/api/v1/papers` claims `/api/v1/papers/{id}/references` and `/cited-by` (and `/changes`, which runs beside it).
  serves: [{ door: 'api', paths: ['/api/v1/papers/search', '/api/v1/papers'], remoteUrl: (c) => c.services.semanticSearchUrl }],
  contributes: {
    api: {
      openApiPaths: () => ({ ...semanticPaths(), ...paperGraphPaths() }),
      openApiTags: [{ name: 'Papers', description: 'Spec 001 §4.7.' }],
      tools: [...SEMANTIC_TOOLS, ...API_GRAPH_TOOLS],
      llmsTxt: () => ({ [LLMS_SECTIONS.apiEndpoints]: [...semanticLlmsTxt(), ...paperGraphLlmsTxt()] }),
    },
  },
  async init({ get }) {
    const keywordIndex = get(keywordIndexModule);
    // Hybrid mode's ranked retrieval, prepared in the background: the door opens at once.
    void keywordIndex.prepareRanking?.();
    const service = new SemanticSearchService({ keywordIndex, vector: get(vectorSearchModule) });
    return {
      value: service,
      routes: [
        { door: 'api', router: semanticRoutes(service) },
        { door: 'api', router: paperGraphRoutes(new PaperGraphPages(new PaperGraphRepository(get(databaseModule)))) },
      ],
      ready: async () =>
        keywordIndex.rankingReady?.() === false ? { state: 'starting', detail: 'preparing the ranked index of hybrid mode' } : undefined,
    };
  },
};
