import { Router } from 'express';
import { citedByQuerySchema, paperPathSchema, referencesQuerySchema, type PaperGraphPages } from '../../modules/papers';
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
export function paperGraphRoutes(pages: PaperGraphPages): Router {
  const router = Router();
  router.get('/api/v1/papers/:id/references', async (req, res) => {
    const { id } = parsePath(paperPathSchema, req.params);
    res.json(await pages.references(id, parseQuery(referencesQuerySchema, req.query as RawQuery), record));
  });
  router.get('/api/v1/papers/:id/cited-by', async (req, res) => {
    const { id } = parsePath(paperPathSchema, req.params);
    res.json(await pages.citedBy(id, parseQuery(citedByQuerySchema, req.query as RawQuery), record));
  });
  return router;
}
