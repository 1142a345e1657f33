import { Router } from 'express';
import { SEARCH_CACHE_CONTROL } from '../../shared/http/cacheable-response';
import { jsonBytes, sendJson } from '../../shared/http/json-response';
import { parsePath, type RawQuery } from '../../shared/http/request-schema';
import { paperPathSchema } from './paper-record.routes';
import { parseRelatedParams } from './related-params';
import type { PublicRelatedService } from './related.service';

/** `GET /api/v1/papers/{id}/related`: cached like a search (60 seconds, ETag), so a paper page's related list costs the index once a minute. */
export function relatedRoutes(service: PublicRelatedService): Router {
  const router = Router();
  router.get('/api/v1/papers/:id/related', async (req, res) => {
    const { id } = parsePath(paperPathSchema, req.params);
    const body = await service.related(id, parseRelatedParams(req.query as RawQuery));
    res.setHeader('Cache-Control', SEARCH_CACHE_CONTROL);
    sendJson(req, res, jsonBytes(body));
  });
  return router;
}
