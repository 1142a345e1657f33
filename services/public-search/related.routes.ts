import { Router } from 'express';
import { answerBasis, AS_OF_CACHE_CONTROL, type Releases } from '../../modules/releases';
import { SEARCH_CACHE_CONTROL } from '../../shared/http/cacheable-response';
import { jsonBytes, sendJson } from '../../shared/http/json-response';
import { parsePath, type RawQuery } from '../../shared/http/request-schema';
import { paperPathSchema } from './paper-record.routes';
import { parseRelatedParams } from './related-params';
import type { PublicRelatedService } from './related.service';

/** `GET /api/v1/papers/{id}/related`: cached like a search (60 seconds, ETag), so a paper page's related list costs the index once a minute. */
export function relatedRoutes(service: PublicRelatedService, releases: Releases): Router {
  const router = Router();
  router.get('/api/v1/papers/:id/related', async (req, res) => {
    const { id } = parsePath(paperPathSchema, req.params);
    const params = parseRelatedParams(req.query as RawQuery);
    const basis = await answerBasis(releases, params.asOf);
    const from = basis.view && { index: releases.keywordIndex(basis.view.release), papers: basis.view.corpus };
    const body = await service.related(id, params, from);
    basis.label(res);
    res.setHeader('Cache-Control', basis.view ? AS_OF_CACHE_CONTROL : SEARCH_CACHE_CONTROL);
    sendJson(req, res, jsonBytes(body));
  });
  return router;
}
