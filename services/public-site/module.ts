import type { ModuleDefinition } from '../../shared/runtime/module';
import { LLMS_SECTIONS } from '../../shared/agents/llms-sections';
import { siteLlmsTxt } from './site.agents';
import { paperPageRoutes } from './paper-page.routes';
import { SiteAssets, siteRoutes } from './site.routes';
import { sitemapRoutes } from './sitemap.routes';
import { notFoundPageRoute } from './not-found.routes';
import { papersModule } from '../../modules/papers';
import { releasesModule } from '../../modules/releases';

/**
 * The public site for people and crawlers: the search page, a page per paper with its citations,
 * the sitemap and the static assets. It reads papers from Postgres, the source of truth; the search
 * page calls the public search API from the browser.
 */
export const publicSiteModule: ModuleDefinition = {
  name: 'public-site',
  dependsOn: ['papers', 'releases'],
  serves: [{ door: 'public', paths: ['/papers', '/sitemap.xml', '/sitemaps', '/robots.txt', '/assets', '/'], remoteUrl: (c) => c.services.publicSearchUrl, pagesForBrowsers: true }],
  contributes: { public: { llmsTxt: (config) => ({ [LLMS_SECTIONS.optional]: siteLlmsTxt(config) }) } },
  async init({ config, get }) {
    const site = { papers: get(papersModule), publicBaseUrl: config.publicBaseUrl };
    // Read once: the search page and the paper pages link each asset by its content-hashed URL.
    const assets = SiteAssets.load();
    const assetUrl = (name: string) => assets.url(name);
    // The generated demo corpus is loaded when DEMO_DATA is on: the search page and the 404 pages say so
    // (a paper page knows from its own record's source).
    const demo = config.demoData;
    return {
      routes: [
        { door: 'public', router: paperPageRoutes({ ...site, releases: get(releasesModule), assetUrl, demo }) },
        { door: 'public', router: sitemapRoutes(site) },
        { door: 'public', router: siteRoutes(assets, { demo }) },
        // Last: the site is mounted after the search API, so this sees only paths nothing answered.
        { door: 'public', router: notFoundPageRoute({ demo, assetUrl }) },
      ],
    };
  },
};
