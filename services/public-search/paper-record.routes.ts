import { Router } from 'express';
import { notFound, ProblemError, serviceUnavailable } from '../../shared/errors/problem';
import { parsePath, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { asOfParam, paperPathSchema, type PaperRepository } from '../../modules/papers';
import { answerBasis, AS_OF_CACHE_CONTROL, type AnswerBasis, type Releases } from '../../modules/releases';
import { z } from 'zod';
import { toPublicPaper } from '../../shared/papers/public-paper';
import { SEARCH_CACHE_CONTROL } from '../../shared/http/cacheable-response';

// The path schema is shared with the other endpoints about one paper (both doors); kept importable from here.
export { PAPER_ID, paperPathSchema } from '../../modules/papers';

/** The query of `GET /api/v1/papers/{id}`: only `as_of`. */
export const paperRecordQuerySchema = z.object({ as_of: asOfParam });

/**
 * `GET /api/v1/papers/{id}`: one paper's public record, the same Paper object (spec 000 §2.2) a
 * search returns in `results` (the MCP tool `getPaper` reads it). Read from Postgres, the source of
 * truth, so a paper is found as soon as it is stored, even while the search index catches up.
 * Cacheable like a search. Malformed id: 400 `invalid_id`; unknown: 404 `not_found`.
 */
export function paperRecordRoutes(deps: { papers: Pick<PaperRepository, 'findByIds'>; releases: Releases; publicBaseUrl: string }): Router {
  const router = Router();
  router.get('/api/v1/papers/:id', async (req, res) => {
    const { id } = parsePath(paperPathSchema, req.params);
    const { as_of } = parseQuery(paperRecordQuerySchema, req.query as RawQuery);
    let paper;
    let basis: AnswerBasis;
    try {
      basis = await answerBasis(deps.releases, as_of);
      [paper] = await (basis.view?.corpus ?? deps.papers).findByIds([id]);
    } catch (err) {
      if (err instanceof ProblemError) throw err;
      throw serviceUnavailable('papers_unavailable', 'The paper store is unavailable; retry in a moment.').because(err);
    }
    basis.label(res);
    if (!paper) throw notFound(basis.view ? `No paper with id ${id} in release ${basis.version}.` : `No paper with id ${id}.`);
    res.setHeader('Cache-Control', basis.view ? AS_OF_CACHE_CONTROL : SEARCH_CACHE_CONTROL);
    res.type('application/json').send(JSON.stringify(toPublicPaper(paper, deps.publicBaseUrl)));
  });
  return router;
}
