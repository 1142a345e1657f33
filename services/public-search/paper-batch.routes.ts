import { Router } from 'express';
import { asOfQuerySchema, lookUpPapers, type PaperRefReader } from '../../modules/papers';
import { answerBasis, type Releases } from '../../modules/releases';
import { jsonObjectBody } from '../../shared/http/json-body';
import { parseBody, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { toPublicPaper } from '../../shared/papers/public-paper';
import { PUBLIC_BATCH_BODY_LIMIT, publicBatchBodySchema, type PublicBatchResponse } from './paper-batch.schema';

export const BATCH_PATH = '/api/v1/papers/batch';

/**
 * `POST /api/v1/papers/batch` on the public door: up to 50 papers by id, DOI or OpenAlex work id, in
 * the order asked, null where none is found; read from Postgres in one statement. One request of the
 * per-IP fair use, like any request of the door. Not cached: a POST.
 */
export function paperBatchRoutes(deps: { papers: PaperRefReader; releases: Releases; publicBaseUrl: string }): Router {
  const router = Router();
  router.post(BATCH_PATH, ...jsonObjectBody(PUBLIC_BATCH_BODY_LIMIT), async (req, res) => {
    const { as_of } = parseQuery(asOfQuerySchema, req.query as RawQuery);
    const { ids } = parseBody(publicBatchBodySchema, req.body);
    const basis = await answerBasis(deps.releases, as_of);
    const papers = await lookUpPapers(basis.view?.corpus ?? deps.papers, ids);
    basis.label(res);
    const results = papers.map((paper) => (paper ? toPublicPaper(paper, deps.publicBaseUrl) : null));
    const answer: PublicBatchResponse = { api_version: 'v1', count: results.length, found: results.filter((r) => r !== null).length, results };
    res.json(answer);
  });
  return router;
}
