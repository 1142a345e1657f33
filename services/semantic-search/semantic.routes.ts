import { Router } from 'express';
import type { RawQuery } from '../../shared/http/request-schema';
import { parseSemanticParams } from './semantic-params';
import type { SemanticSearchService } from './semantic-search.service';

/** `GET /api/v1/papers/search` on the data-API door (the public door has its own, different search). */
export function semanticRoutes(service: SemanticSearchService): Router {
  const router = Router();
  router.get('/api/v1/papers/search', async (req, res) => {
    res.json(await service.search(parseSemanticParams(req.query as RawQuery)));
  });
  return router;
}
