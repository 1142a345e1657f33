import type { KeywordIndex } from '../../shared/keyword-index/keyword-index.port';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { PaperSearchService } from './paper-search.service';
import { searchRoutes } from './search.routes';
import { SiteAssets, siteRoutes } from './site.routes';
import type { PaperRepository } from '../../shared/papers/paper.repository';
import { paperPageRoutes } from './paper-page.routes';
import { sitemapRoutes } from './sitemap.routes';
import { paperRecordRoutes } from './paper-record.routes';

/** The public, unauthenticated paper search (spec 000). */
export const publicSearchModule: ModuleDefinition<PaperSearchService> = {
  name: 'public-search',
  // papers: the paper pages and the sitemap read Postgres, the source of truth.
  dependsOn: ['keyword-index', 'papers'],
  serves: [{ door: 'public', paths: ['/api/v1/papers/search', '/api/v1/papers', '/openapi.json', '/papers', '/sitemap.xml', '/sitemaps', '/robots.txt', '/assets', '/'], remoteUrl: (c) => c.services.publicSearchUrl }],
  async init({ config, logger, get }) {
    const service = new PaperSearchService(get<KeywordIndex>('keyword-index'), config.publicBaseUrl);
    const router = searchRoutes({ service, publicBaseUrl: config.publicBaseUrl, logger });
    const papers = get<PaperRepository>('papers');
    const site = { papers, publicBaseUrl: config.publicBaseUrl };
    // Read once: the search page and the paper pages link each asset by its content-hashed URL.
    const assets = SiteAssets.load();
    return {
      value: service,
      routes: [
        { door: 'public', router: paperPageRoutes({ ...site, assetUrl: (name) => assets.url(name) }) },
        { door: 'public', router: sitemapRoutes(site) },
        { door: 'public', router },
        { door: 'public', router: paperRecordRoutes(site) },
        { door: 'public', router: siteRoutes(assets) },
      ],
    };
  },
};
