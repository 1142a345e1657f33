import { Router } from 'express';
import { citedByQuerySchema, paperPathSchema, referencesQuerySchema, type PaperGraphPages } from '../../modules/papers';
import { answerBasis, AS_OF_CACHE_CONTROL, pagesFor, type Releases } from '../../modules/releases';
import { SEARCH_CACHE_CONTROL } from '../../shared/http/cacheable-response';
import { parsePath, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { toPublicPaper } from '../../shared/papers/public-paper';

export const REFERENCES_PATH = (id: string) => `/api/v1/papers/${encodeURIComponent(id)}/references`;
export const CITED_BY_PATH = (id: string) => `/api/v1/papers/${encodeURIComponent(id)}/cited-by`;

/**
 * `GET /api/v1/papers/{id}/references` and `/cited-by` on the public door: a paper's references in
 * its order and the corpus papers citing it, newest first, paged by cursor, each a public record
 * (the search's). Read from Postgres; cacheable like a search (the edge cache keeps a page 60 s).
 */
export function paperGraphRoutes(deps: { pages: PaperGraphPages; releases: Releases; publicBaseUrl: string }): Router {
  const router = Router();
  const record = (paper: Parameters<typeof toPublicPaper>[0]) => toPublicPaper(paper, deps.publicBaseUrl);
  router.get('/api/v1/papers/:id/references', async (req, res) => {
    const { id } = parsePath(paperPathSchema, req.params);
    const query = parseQuery(referencesQuerySchema, req.query as RawQuery);
    const basis = await answerBasis(deps.releases, query.as_of);
    const answer = await pagesFor(basis, deps.pages).references(id, query, record);
    basis.label(res);
    res.setHeader('Cache-Control', basis.view ? AS_OF_CACHE_CONTROL : SEARCH_CACHE_CONTROL);
    res.type('application/json').send(JSON.stringify(answer));
  });
  router.get('/api/v1/papers/:id/cited-by', async (req, res) => {
    const { id } = parsePath(paperPathSchema, req.params);
    const query = parseQuery(citedByQuerySchema, req.query as RawQuery);
    const basis = await answerBasis(deps.releases, query.as_of);
    const answer = await pagesFor(basis, deps.pages).citedBy(id, query, record);
    basis.label(res);
    res.setHeader('Cache-Control', basis.view ? AS_OF_CACHE_CONTROL : SEARCH_CACHE_CONTROL);
    res.type('application/json').send(JSON.stringify(answer));
  });
  return router;
}
