import { Router } from 'express';
import { asOfQuerySchema, lookUpPapers, type PaperRefReader } from '../../modules/papers';
import { answerBasis, type Releases } from '../../modules/releases';
import { jsonObjectBody } from '../../shared/http/json-body';
import { parseBody, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { API_BATCH_BODY_LIMIT, apiBatchBodySchema, type ApiBatchResponse } from './paper-batch.schema';
import { toSemanticPaper } from './semantic-paper';

export const BATCH_PATH = '/api/v1/papers/batch';

/**
 * `POST /api/v1/papers/batch` on the data-API door: up to 500 papers by id, DOI or OpenAlex work id,
 * in the order asked, null where none is found; read from Postgres in one statement. The gateway
 * charges it ⌈distinct ids / 50⌉ requests of the key's allowance (`batchRequestCost`, declared in the module).
 */
export function paperBatchRoutes(papers: PaperRefReader, releases: Releases): Router {
  const router = Router();
  router.post(BATCH_PATH, ...jsonObjectBody(API_BATCH_BODY_LIMIT), async (req, res) => {
    const { as_of } = parseQuery(asOfQuerySchema, req.query as RawQuery);
    const { ids } = parseBody(apiBatchBodySchema, req.body);
    const basis = await answerBasis(releases, as_of);
    const found = await lookUpPapers(basis.view?.corpus ?? papers, ids);
    basis.label(res);
    const results = found.map((paper) => (paper ? toSemanticPaper(paper, { vector: null, keyword: null }) : null));
    const answer: ApiBatchResponse = { count: results.length, found: results.filter((r) => r !== null).length, results };
    res.json(answer);
  });
  return router;
}
