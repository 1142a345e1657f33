import { Router } from 'express';
import { asOfQuerySchema } from '../../modules/papers';
import { answerBasis, type AnswerBasis, type Releases, type ReleaseView } from '../../modules/releases';
import { ProblemError } from '../../shared/errors/problem';
import { jsonObjectBody } from '../../shared/http/json-body';
import { parsePath, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { parseRecommendationsBody, parseRelatedParams, relatedPathSchema } from './related-params';
import { frozenVectors, type RelatedPapersService, type RelatedSources, type RelatedVectors } from './related.service';

export const RELATED_PATH = '/api/v1/papers/:id/related';
export const RECOMMENDATIONS_PATH = '/api/v1/papers/recommendations';

/** The release's vectors; in a process whose vector index did not start, none (the signal is named unavailable, as without as_of). */
const releaseVectors = (releases: Releases, release: ReleaseView['release']): RelatedVectors | undefined => {
  if (!releases.answersVectorSearch()) return undefined;
  try {
    return frozenVectors(releases.vectorSearch(release));
  } catch (err) {
    if (err instanceof ProblemError && err.code === 'vector_unavailable') return { unavailable: () => err.detail, storedVectors: async () => new Map(), search: async () => [] };
    throw err;
  }
};

/**
 * What the signals read as of a release: its search index and vectors (each a 503 while prepared, so
 * no answer as of a release lacks a signal the release has), its graph and its records.
 */
const sourcesOf = (releases: Releases, basis: AnswerBasis): RelatedSources | undefined => {
  const view = basis.view;
  if (!view) return undefined;
  return {
    keywordIndex: releases.keywordIndex(view.release),
    vectors: releaseVectors(releases, view.release),
    papers: view.corpus,
    neighbours: view.corpus.neighbours(),
    waitsForSignals: true,
  };
};

/** Related papers and recommendations on the data-API door (each request one of the key's allowance, as every route there); both answer `as_of`. */
export function relatedRoutes(service: RelatedPapersService, releases: Releases): Router {
  const router = Router();
  router.get(RELATED_PATH, async (req, res) => {
    const { id } = parsePath(relatedPathSchema, req.params);
    const params = parseRelatedParams(req.query as RawQuery);
    const basis = await answerBasis(releases, params.asOf);
    const answer = await service.related(id, params, sourcesOf(releases, basis));
    basis.label(res);
    res.json(answer);
  });
  router.post(RECOMMENDATIONS_PATH, ...jsonObjectBody('16kb'), async (req, res) => {
    // The query before the body, as on every route: a stray parameter is named before anything else.
    const { as_of } = parseQuery(asOfQuerySchema, req.query as RawQuery);
    const params = parseRecommendationsBody(req.body);
    const basis = await answerBasis(releases, as_of);
    const answer = await service.recommend(params, sourcesOf(releases, basis));
    basis.label(res);
    res.json(answer);
  });
  return router;
}
