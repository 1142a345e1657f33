import { Router } from 'express';
import { notFound, ProblemError, serviceUnavailable } from '../../shared/errors/problem';
import { noQueryParams, parsePath, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { paperPathSchema, type PaperRepository } from '../../modules/papers';
import { toPublicPaper } from '../../shared/papers/public-paper';
import { SEARCH_CACHE_CONTROL } from '../../shared/http/cacheable-response';

// The path schema is shared with the other endpoints about one paper (both doors); kept importable from here.
export { PAPER_ID, paperPathSchema } from '../../modules/papers';

/**
 * `GET /api/v1/papers/{id}`: one paper's public record, the same Paper object (spec 000 §2.2) a
 * search returns in `results` (the MCP tool `getPaper` reads it). Read from Postgres, the source of
 * truth, so a paper is found as soon as it is stored, even while the search index catches up.
 * Cacheable like a search. Malformed id: 400 `invalid_id`; unknown: 404 `not_found`.
 */
export function paperRecordRoutes(deps: { papers: Pick<PaperRepository, 'findByIds'>; publicBaseUrl: string }): Router {
  const router = Router();
  router.get('/api/v1/papers/:id', async (req, res) => {
    const { id } = parsePath(paperPathSchema, req.params);
    parseQuery(noQueryParams, req.query as RawQuery);
    let paper;
    try {
      [paper] = await deps.papers.findByIds([id]);
    } catch (err) {
      if (err instanceof ProblemError) throw err;
      throw serviceUnavailable('papers_unavailable', 'The paper store is unavailable; retry in a moment.').because(err);
    }
    if (!paper) throw notFound(`No paper with id ${id}.`);
    res.setHeader('Cache-Control', SEARCH_CACHE_CONTROL);
    res.type('application/json').send(JSON.stringify(toPublicPaper(paper, deps.publicBaseUrl)));
  });
  return router;
}
