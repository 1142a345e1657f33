import { Router } from 'express';
import { ProblemError, serviceUnavailable } from '../../shared/errors/problem';
import { sendCacheable } from '../../shared/http/cacheable-response';
import { SITE_NAME } from '../../shared/site-name';
import { ATOM_CONTENT_TYPE, atomFeed, FEED_SIZE } from './atom-feed';
import type { PaperSearchService } from './paper-search.service';
import { parseFeedParams } from './search-params';
import type { RawQuery } from '../../shared/http/request-schema';

export const FEED_PATH = '/feeds/papers.atom';

/**
 * The Atom feed of a saved search: the newest papers matching q (with topic and lang), for a feed
 * reader to follow a topic over time. Cached like a search (60 seconds, ETag), so readers polling it
 * cost the index little.
 */
export function feedRoutes(deps: { service: PaperSearchService; publicBaseUrl: string }): Router {
  const router = Router();
  router.get(FEED_PATH, async (req, res) => {
    const params = parseFeedParams(req.query as RawQuery);
    const query = new URLSearchParams({ q: params.query, ...(params.topic && { topic: params.topic }), ...(params.lang !== 'all' && { lang: params.lang }) }).toString();
    let results;
    try {
      ({ results } = await deps.service.search({ ...params, offset: 0, limit: FEED_SIZE, highlight: false, sort: 'newest', facets: [] }));
    } catch (err) {
      if (err instanceof ProblemError) throw err;
      throw serviceUnavailable('search_unavailable', 'The search backend is unavailable; retry in a moment.').because(err);
    }
    const body = atomFeed(results, {
      selfUrl: `${deps.publicBaseUrl}${FEED_PATH}?${query}`,
      pageUrl: `${deps.publicBaseUrl}/?${query}`,
      title: `${SITE_NAME}: “${params.query}”${params.topic ? ` (${params.topic})` : ''}`,
      siteName: SITE_NAME,
    });
    sendCacheable(req, res, body, { 'Content-Type': ATOM_CONTENT_TYPE });
  });
  return router;
}
