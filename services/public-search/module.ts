import type { ModuleDefinition } from '../../shared/runtime/module';
import { LLMS_SECTIONS } from '../../shared/agents/llms-sections';
import { SEARCH_TOOLS, searchLlmsTxt } from './search.agents';
import { feedRoutes } from './feed.routes';
import { paperRecordRoutes } from './paper-record.routes';
import { paperBatchRoutes } from './paper-batch.routes';
import { PAPER_BATCH_TOOLS, paperBatchLlmsTxt } from './paper-batch.agents';
import { PAPER_GRAPH_TOOLS, paperGraphLlmsTxt } from './paper-graph.agents';
import { paperGraphRoutes } from './paper-graph.routes';
import { PaperSearchService } from './paper-search.service';
import { searchRoutes } from './search.routes';
import { PublicRelatedService } from './related.service';
import { relatedRoutes } from './related.routes';
import { keywordIndexModule } from '../../modules/keyword-index';
import { PaperGraphPages, PaperGraphRepository, papersModule } from '../../modules/papers';
import { databaseModule } from '../../shared/db/database.module';
import { releasesModule, releasesRoutes } from '../../modules/releases';

/**
 * The public, unauthenticated paper search API (spec 000): the search, a paper's record, papers by a
 * list of ids (batch), a paper's references, cited-by and related papers, the OpenAPI document. Related papers rank with the keyword
 * index's ranked retrieval, prepared here in the background (the door opens at once; `related`
 * answers 503 `ranking_unavailable` until it is ready, and readiness does not wait for it: the search serves meanwhile).
 */
export const publicSearchModule: ModuleDefinition<PaperSearchService> = {
  name: 'public-search',
  // papers: a paper's record (`/api/v1/papers/{id}`), references and cited-by are read from Postgres, the source of truth.
  dependsOn: ['keyword-index', 'papers', 'releases'],
  serves: [{ door: 'public', paths: ['/api/v1/papers/search', '/api/v1/papers', '/api/v1/releases', '/openapi.json', '/feeds'], remoteUrl: (c) => c.services.publicSearchUrl }],
  contributes: {
    public: {
      tools: [...SEARCH_TOOLS, ...PAPER_BATCH_TOOLS, ...PAPER_GRAPH_TOOLS],
      llmsTxt: (config) => ({ [LLMS_SECTIONS.publicApi]: [...searchLlmsTxt(config), ...paperBatchLlmsTxt(config), ...paperGraphLlmsTxt(config)] }),
    },
  },
  async init({ config, logger, get }) {
    const keywordIndex = get(keywordIndexModule);
    void keywordIndex.prepareRanking?.();
    const service = new PaperSearchService(keywordIndex, config.publicBaseUrl);
    const papers = get(papersModule);
    const releases = get(releasesModule);
    // Its searches, paper records, citations and related papers answer as of a release.
    releases.servesSearches();
    const related = new PublicRelatedService({ index: keywordIndex, papers, publicBaseUrl: config.publicBaseUrl });
    return {
      value: service,
      routes: [
        { door: 'public', router: searchRoutes({ service, releases, publicBaseUrl: config.publicBaseUrl, logger }) },
        { door: 'public', router: relatedRoutes(related, releases) },
        { door: 'public', router: paperRecordRoutes({ papers, releases, publicBaseUrl: config.publicBaseUrl }) },
        { door: 'public', router: paperBatchRoutes({ papers, releases, publicBaseUrl: config.publicBaseUrl }) },
        { door: 'public', router: paperGraphRoutes({ pages: new PaperGraphPages(new PaperGraphRepository(get(databaseModule))), releases, publicBaseUrl: config.publicBaseUrl }) },
        { door: 'public', router: releasesRoutes(releases) },
        { door: 'public', router: feedRoutes({ service, publicBaseUrl: config.publicBaseUrl }) },
      ],
    };
  },
};
