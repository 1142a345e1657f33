import type { KeywordIndex } from '../../shared/keyword-index/keyword-index.port';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { SemanticSearchService } from './semantic-search.service';
import { semanticRoutes } from './semantic.routes';

/** The data API's paper search: keyword mode now; vector and hybrid modes follow (issue 5). */
export const semanticSearchModule: ModuleDefinition<SemanticSearchService> = {
  name: 'semantic-search',
  dependsOn: ['keyword-index'],
  serves: [{ door: 'api', paths: ['/api/v1/papers/search'], remoteUrl: (c) => c.services.semanticSearchUrl }],
  async init({ get }) {
    const service = new SemanticSearchService({ keywordIndex: get<KeywordIndex>('keyword-index') });
    return { value: service, routes: [{ door: 'api', router: semanticRoutes(service) }] };
  },
};
