import { Router } from 'express';
import { citedByQuerySchema, paperPathSchema, referencesQuerySchema, type PaperGraphPages } from '../../modules/papers';
import { answerBasis, pagesFor, type Releases } from '../../modules/releases';
import { parsePath, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import type { Paper } from '../../shared/papers/paper.schema';
import { toSemanticPaper } from './semantic-paper';

export const REFERENCES_PATH = (id: string) => `/api/v1/papers/${encodeURIComponent(id)}/references`;
export const CITED_BY_PATH = (id: string) => `/api/v1/papers/${encodeURIComponent(id)}/cited-by`;

/** A record of the data API's search, with no scores: nothing was searched. */
const record = (paper: Paper) => toSemanticPaper(paper, { vector: null, keyword: null });

/**
 * `GET /api/v1/papers/{id}/references` and `/cited-by` on the data-API door (behind the key and its
 * allowance like every `/api/v1` route): the public door's pages with the data API's records.
 */
export function paperGraphRoutes(pages: PaperGraphPages, releases: Releases): Router {
  const router = Router();
  router.get('/api/v1/papers/:id/references', async (req, res) => {
    const { id } = parsePath(paperPathSchema, req.params);
    const query = parseQuery(referencesQuerySchema, req.query as RawQuery);
    const basis = await answerBasis(releases, query.as_of);
    const answer = await pagesFor(basis, pages).references(id, query, record);
    basis.label(res);
    res.json(answer);
  });
  router.get('/api/v1/papers/:id/cited-by', async (req, res) => {
    const { id } = parsePath(paperPathSchema, req.params);
    const query = parseQuery(citedByQuerySchema, req.query as RawQuery);
    const basis = await answerBasis(releases, query.as_of);
    const answer = await pagesFor(basis, pages).citedBy(id, query, record);
    basis.label(res);
    res.json(answer);
  });
  return router;
}
