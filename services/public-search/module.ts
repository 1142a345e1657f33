import type { KeywordIndex } from '../../shared/keyword-index/keyword-index.port';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { PaperSearchService } from './paper-search.service';
import { searchRoutes } from './search.routes';

/** The public, unauthenticated paper search (spec 000). */
export const publicSearchModule: ModuleDefinition<PaperSearchService> = {
  name: 'public-search',
  dependsOn: ['keyword-index'],
  serves: [{ door: 'public', paths: ['/api/v1/papers/search', '/openapi.json'], remoteUrl: (c) => c.services.publicSearchUrl }],
  async init({ config, logger, get }) {
    const service = new PaperSearchService(get<KeywordIndex>('keyword-index'), config.publicBaseUrl);
    const router = searchRoutes({ service, publicBaseUrl: config.publicBaseUrl, logger });
    return { value: service, routes: [{ door: 'public', router }] };
  },
};
