import { Router } from 'express';
import type { RawQuery } from '../../shared/http/request-schema';
import { answerBasis, type Releases } from '../../modules/releases';
import { parseSemanticParams } from './semantic-params';
import type { SemanticSearchService } from './semantic-search.service';

/** `GET /api/v1/papers/search` on the data-API door (the public door has its own, different search). */
export function semanticRoutes(service: SemanticSearchService, releases: Releases): Router {
  const router = Router();
  router.get('/api/v1/papers/search', async (req, res) => {
    const params = parseSemanticParams(req.query as RawQuery);
    const basis = await answerBasis(releases, params.asOf);
    const view = basis.view;
    const answer = await service.search(
      params,
      view && { keywordIndex: () => releases.keywordIndex(view.release), vectors: () => releases.vectorSearch(view.release), papers: view.corpus },
    );
    basis.label(res);
    res.json(answer);
  });
  return router;
}
