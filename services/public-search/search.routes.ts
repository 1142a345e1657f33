import { Router } from 'express';
import { ProblemError, serviceUnavailable } from '../../shared/errors/problem';
import type { Logger } from '../../shared/logging/logger';
import { SEARCH_CACHE_CONTROL } from '../../shared/http/cacheable-response';
import { jsonBytes, sendJson } from '../../shared/http/json-response';
import { plainGet } from '../../shared/http/plain-route';
import { noQueryParams, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { buildOpenApiDocument } from './openapi';
import type { PaperSearchService } from './paper-search.service';
import { parseSearchParams } from './search-params';
import { SEARCH_PATH } from './search.agents';

export function searchRoutes(deps: { service: PaperSearchService; publicBaseUrl: string; logger: Logger }): Router {
  const router = Router();
  const openApi = JSON.stringify(buildOpenApiDocument(deps.publicBaseUrl));

  // A plain route: the public door calls it without express (shared/http/plain-route.ts).
  plainGet(router, SEARCH_PATH, async (req, res, query) => {
    const params = parseSearchParams(query);
    let body: Buffer;
    try {
      body = jsonBytes(await deps.service.search(params));
    } catch (err) {
      if (err instanceof ProblemError) throw err;
      throw serviceUnavailable('search_unavailable', 'The search backend is unavailable; retry in a moment.').because(err);
    }
    res.setHeader('Cache-Control', SEARCH_CACHE_CONTROL);
    sendJson(req, res, body);
  });

  router.get('/openapi.json', (req, res) => {
    parseQuery(noQueryParams, req.query as RawQuery);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(openApi);
  });

  return router;
}
