import type { ModuleDefinition } from '../../shared/runtime/module';
import { LLMS_SECTIONS } from '../../shared/agents/llms-sections';
import { SEARCH_TOOLS, searchLlmsTxt } from './search.agents';
import { feedRoutes } from './feed.routes';
import { paperRecordRoutes } from './paper-record.routes';
import { PaperSearchService } from './paper-search.service';
import { searchRoutes } from './search.routes';
import { keywordIndexModule } from '../../modules/keyword-index';
import { papersModule } from '../../modules/papers';

/** The public, unauthenticated paper search API (spec 000): the search, a paper's record, the OpenAPI document. */
export const publicSearchModule: ModuleDefinition<PaperSearchService> = {
  name: 'public-search',
  // papers: a paper's record (`/api/v1/papers/{id}`) is read from Postgres, the source of truth.
  dependsOn: ['keyword-index', 'papers'],
  serves: [{ door: 'public', paths: ['/api/v1/papers/search', '/api/v1/papers', '/openapi.json', '/feeds'], remoteUrl: (c) => c.services.publicSearchUrl }],
  contributes: { public: { tools: SEARCH_TOOLS, llmsTxt: (config) => ({ [LLMS_SECTIONS.publicApi]: searchLlmsTxt(config) }) } },
  async init({ config, logger, get }) {
    const service = new PaperSearchService(get(keywordIndexModule), config.publicBaseUrl);
    const papers = get(papersModule);
    return {
      value: service,
      routes: [
        { door: 'public', router: searchRoutes({ service, publicBaseUrl: config.publicBaseUrl, logger }) },
        { door: 'public', router: paperRecordRoutes({ papers, publicBaseUrl: config.publicBaseUrl }) },
        { door: 'public', router: feedRoutes({ service, publicBaseUrl: config.publicBaseUrl }) },
      ],
    };
  },
};
