import type { ModuleDefinition } from '../../shared/runtime/module';
import { LLMS_SECTIONS } from '../../shared/agents/llms-sections';
import { SEMANTIC_TOOLS, semanticLlmsTxt } from './semantic.agents';
import { semanticPaths } from './semantic.openapi';
import { exportPaths } from './export.openapi';
import { SemanticSearchService } from './semantic-search.service';
import { semanticRoutes } from './semantic.routes';
import { exportRoutes } from './export.routes';
import { PaperExport } from './paper-export';
import { keywordIndexModule } from '../../modules/keyword-index';
import { vectorSearchModule } from '../../modules/vector-index';
import { PaperGraphPages, PaperGraphRepository, PaperNeighboursRepository, papersModule } from '../../modules/papers';
import { databaseModule } from '../../shared/db/database.module';
import { releasesModule } from '../../modules/releases';
import { API_GRAPH_TOOLS, paperGraphLlmsTxt } from './paper-graph.agents';
import { paperGraphPaths } from './paper-graph.openapi';
import { paperGraphRoutes } from './paper-graph.routes';
import { liveVectors, RelatedPapersService } from './related.service';
import { relatedRoutes } from './related.routes';
import { relatedPaths } from './related.openapi';
import { RELATED_TOOLS, relatedLlmsTxt } from './related.agents';
import { paperBatchRoutes, BATCH_PATH } from './paper-batch.routes';
import { paperBatchPaths } from './paper-batch.openapi';
import { API_BATCH_TOOLS, paperBatchLlmsTxt } from './paper-batch.agents';
import { API_BATCH_BODY_LIMIT, batchRequestCost } from './paper-batch.schema';

/**
 * The data API's paper search: keyword mode on the keyword index, vector and hybrid modes on the
 * vector-search module (which opens its index in the background; until it can answer, or when it
 * could not start, vector mode says 503 `vector_unavailable` and keyword mode keeps working).
 * Hybrid mode's ranked retrieval is prepared in the background too (503 `ranking_unavailable` meanwhile).
 * Also papers by a list of ids (`/api/v1/papers/batch`, POST), a paper's references and cited-by, read from Postgres (`/api/v1/papers/{id}/references`, `/cited-by`),
 * its related papers and recommendations from examples (`related.service.ts`).
 */
export const semanticSearchModule: ModuleDefinition<SemanticSearchService> = {
  name: 'semantic-search',
  dependsOn: ['database', 'papers', 'keyword-index', 'vector-search', 'releases'],
  // `/api/v1/papers` claims what lies below it: `{id}/references`, `/cited-by`, `/related`, `recommendations` (POST)
  // (and `/changes`, which runs beside it).
  serves: [{ door: 'api', paths: ['/api/v1/papers/search', '/api/v1/papers'], remoteUrl: (c) => c.services.semanticSearchUrl }],
  contributes: {
    api: {
      openApiPaths: () => ({ ...semanticPaths(), ...exportPaths(), ...paperBatchPaths(), ...paperGraphPaths(), ...relatedPaths() }),
      openApiTags: [{ name: 'Papers', description: 'Spec 001 §4.7; the export of a match set, papers by a list of ids, references, cited-by, related papers and recommendations.' }],
      tools: [...SEMANTIC_TOOLS, ...API_BATCH_TOOLS, ...API_GRAPH_TOOLS, ...RELATED_TOOLS],
      llmsTxt: () => ({ [LLMS_SECTIONS.apiEndpoints]: [...semanticLlmsTxt(), ...paperBatchLlmsTxt(), ...paperGraphLlmsTxt(), ...relatedLlmsTxt()] }),
      // A batch lookup counts for one request of the allowance per 50 distinct ids.
      requestCosts: [{ method: 'POST', path: BATCH_PATH, bodyLimit: API_BATCH_BODY_LIMIT, units: batchRequestCost }],
    },
  },
  async init({ config, logger, get }) {
    const keywordIndex = get(keywordIndexModule);
    // Hybrid mode's ranked retrieval, prepared in the background: the door opens at once.
    void keywordIndex.prepareRanking?.();
    const vector = get(vectorSearchModule);
    const releases = get(releasesModule);
    // Its searches and export answer as of a release.
    releases.servesSearches();
    // Vector and hybrid searches as of a release search its own vectors, which this process builds (the latest one now).
    if (vector) releases.attachVectors({ model: () => vector.embedder.model, build: (batches) => vector.buildReleaseVectors(batches), started: () => vector.started() });
    const service = new SemanticSearchService({ keywordIndex, vector });
    const related = new RelatedPapersService({ keywordIndex, vectors: vector && liveVectors(vector), papers: get(papersModule), neighbours: new PaperNeighboursRepository(get(databaseModule)) });
    return {
      value: service,
      routes: [
        // Citations link each paper's page on the public site, as the paper pages' own downloads do.
        { door: 'api', router: semanticRoutes(service, releases, config.publicBaseUrl) },
        { door: 'api', router: exportRoutes(new PaperExport(service), releases, logger) },
        { door: 'api', router: paperBatchRoutes(get(papersModule), releases) },
        { door: 'api', router: paperGraphRoutes(new PaperGraphPages(new PaperGraphRepository(get(databaseModule))), releases) },
        { door: 'api', router: relatedRoutes(related, releases) },
      ],
      ready: async () =>
        keywordIndex.rankingReady?.() === false ? { state: 'starting', detail: 'preparing the ranked index of hybrid mode' } : undefined,
    };
  },
};
