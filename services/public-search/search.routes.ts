import { Router } from 'express';
import type { ResponseCache } from '../../shared/cache/response-cache.port';
import { ProblemError, serviceUnavailable } from '../../shared/errors/problem';
import type { Logger } from '../../shared/logging/logger';
import { buildOpenApiDocument } from './openapi';
import type { PaperSearchService } from './paper-search.service';
import { cacheKeyOf, parseSearchParams } from './search-params';

export const SEARCH_CACHE_CONTROL = 'public, max-age=60, s-maxage=60';

export function searchRoutes(deps: {
  service: PaperSearchService;
  cache: ResponseCache;
  cacheTtlSeconds: number;
  publicBaseUrl: string;
  logger: Logger;
}): Router {
  const router = Router();
  const openApi = JSON.stringify(buildOpenApiDocument(deps.publicBaseUrl));

  router.get('/api/v1/papers/search', async (req, res) => {
    const params = parseSearchParams(req.query as Record<string, unknown>);
    const key = cacheKeyOf(params);
    let body = deps.cacheTtlSeconds > 0 ? await deps.cache.get(key) : undefined;
    res.setHeader('X-Cache', body === undefined ? 'MISS' : 'HIT');
    if (body === undefined) {
      try {
        body = JSON.stringify(await deps.service.search(params));
      } catch (err) {
        if (err instanceof ProblemError) throw err;
        deps.logger.error({ err, request_id: req.requestId }, 'search backend failed');
        throw serviceUnavailable('search_unavailable', 'The search backend is unavailable; retry in a moment.');
      }
      if (deps.cacheTtlSeconds > 0) await deps.cache.set(key, body, deps.cacheTtlSeconds);
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
