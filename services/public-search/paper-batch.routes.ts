import { Router } from 'express';
import { lookUpPapers, type PaperRefReader } from '../../modules/papers';
import { jsonObjectBody } from '../../shared/http/json-body';
import { noQueryParams, parseBody, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { toPublicPaper } from '../../shared/papers/public-paper';
import { PUBLIC_BATCH_BODY_LIMIT, publicBatchBodySchema, type PublicBatchResponse } from './paper-batch.schema';

export const BATCH_PATH = '/api/v1/papers/batch';

/**
 * `POST /api/v1/papers/batch` on the public door: up to 50 papers by id, DOI or OpenAlex work id, in
 * the order asked, null where none is found; read from Postgres in one statement. One request of the
 * per-IP fair use, like any request of the door. Not cached: a POST.
 */
export function paperBatchRoutes(deps: { papers: PaperRefReader; publicBaseUrl: string }): Router {
  const router = Router();
  router.post(BATCH_PATH, ...jsonObjectBody(PUBLIC_BATCH_BODY_LIMIT), async (req, res) => {
    parseQuery(noQueryParams, req.query as RawQuery);
    const { ids } = parseBody(publicBatchBodySchema, req.body);
    const papers = await lookUpPapers(deps.papers, ids);
    const results = papers.map((paper) => (paper ? toPublicPaper(paper, deps.publicBaseUrl) : null));
    const answer: PublicBatchResponse = { api_version: 'v1', count: results.length, found: results.filter((r) => r !== null).length, results };
    res.json(answer);
  });
  return router;
}
