import { Router } from 'express';
import { z } from 'zod';
import { notFound, ProblemError, serviceUnavailable } from '../../shared/errors/problem';
import { rule, coded, text } from '../../shared/http/param-schemas';
import { noQueryParams, parsePath, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import type { PaperRepository } from '../../modules/papers';
import { toPublicPaper } from '../../shared/papers/public-paper';
import { SEARCH_CACHE_CONTROL } from '../../shared/http/cacheable-response';

/** Paper ids are `p_` and a base64url hash (paper-input.ts); the wider set keeps ids of other origins working. */
export const PAPER_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The path of `GET /api/v1/papers/{id}`: validates the request and renders the OpenAPI document. */
export const paperPathSchema = z.object({
  id: coded(text().check(rule<string>((v) => PAPER_ID.test(v), 'A paper id is 1 to 128 letters, digits, "_" or "-" (the `id` of a search result).')), 'invalid_id', {
    description: 'A paper id, as a search result gives it.',
    pattern: PAPER_ID.source,
    example: 'p_2s_niYOv-9vRxwD_',
  }),
});

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
