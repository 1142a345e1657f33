import { Router } from 'express';
import { jsonObjectBody } from '../../shared/http/json-body';
import { noQueryParams, parsePath, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { parseRecommendationsBody, parseRelatedParams, relatedPathSchema } from './related-params';
import type { RelatedPapersService } from './related.service';

export const RELATED_PATH = '/api/v1/papers/:id/related';
export const RECOMMENDATIONS_PATH = '/api/v1/papers/recommendations';

/** Related papers and recommendations on the data-API door (each request one of the key's allowance, as every route there). */
export function relatedRoutes(service: RelatedPapersService): Router {
  const router = Router();
  router.get(RELATED_PATH, async (req, res) => {
    const { id } = parsePath(relatedPathSchema, req.params);
    res.json(await service.related(id, parseRelatedParams(req.query as RawQuery)));
  });
  router.post(RECOMMENDATIONS_PATH, ...jsonObjectBody('16kb'), async (req, res) => {
    // The query before the body, as on every route: a stray parameter is named before anything else.
    parseQuery(noQueryParams, req.query as RawQuery);
    res.json(await service.recommend(parseRecommendationsBody(req.body)));
  });
  return router;
}
