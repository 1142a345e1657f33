import { Router } from 'express';
import { ProblemError, serviceUnavailable } from '../../shared/errors/problem';
import type { Logger } from '../../shared/logging/logger';
import { SEARCH_CACHE_CONTROL } from '../../shared/http/cacheable-response';
import { buildOpenApiDocument } from './openapi';
import type { PaperSearchService } from './paper-search.service';
import { parseSearchParams } from './search-params';


export function searchRoutes(deps: { service: PaperSearchService; publicBaseUrl: string; logger: Logger }): Router {
  const router = Router();
  const openApi = JSON.stringify(buildOpenApiDocument(deps.publicBaseUrl));

  router.get('/api/v1/papers/search', async (req, res) => {
    const params = parseSearchParams(req.query as Record<string, unknown>);
    let body: string;
    try {
      body = JSON.stringify(await deps.service.search(params));
    } catch (err) {
      if (err instanceof ProblemError) throw err;
      throw serviceUnavailable('search_unavailable', 'The search backend is unavailable; retry in a moment.').because(err);
    }
    res.setHeader('Cache-Control', SEARCH_CACHE_CONTROL);
    res.type('application/json').send(body);
  });

  router.get('/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(openApi);
  });

  return router;
}
