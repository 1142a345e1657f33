import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { KEYWORD_PARAM_CODES } from '../../modules/keyword-index';
import { asOfQuerySchema, MAX_CITING_PAPERS, MAX_REFERENCE_CITERS } from '../../modules/papers';
import { AS_OF_ERRORS } from '../../modules/releases';
import { apiOperation } from '../../shared/openapi/data-api-operation';
import { SINCE_RULE } from '../../shared/http/since-param';
import { MORE_LIKE_THIS_TERMS } from '../../shared/papers/related-papers';
import { RRF_K } from './reciprocal-rank-fusion';
import { RELATED_LIMITS as L, recommendationsBodySchema, relatedPathSchema, relatedQuerySchema } from './related-params';
import { recommendationsAnswerSchema, relatedAnswerSchema } from './related-response.schema';
import { MIN_SIGNAL_DEPTH, NEGATIVE_FUSION_WEIGHT, ROCCHIO_NEGATIVE_WEIGHT, SIGNAL_WEIGHTS } from './related.service';

const n = (value: number) => value.toLocaleString('en-US');

/** The 400 codes of the filters both operations take. */
const FILTER_CODES = {
  invalid_topic: 'not one of the 25 topic slugs',
  invalid_lang: 'lang is not ja, en or all',
  invalid_limit: `limit is not a whole number from ${L.limitMin} to ${L.limitMax}`,
  invalid_year_from: KEYWORD_PARAM_CODES.invalid_year_from,
  invalid_year_to: KEYWORD_PARAM_CODES.invalid_year_to,
  invalid_since: SINCE_RULE,
};

/** The 503 of the lexical signal as of a release. */
const RANKING_AS_OF = "with as_of: the ranked retrieval of the release's search index is still being prepared (Retry-After says when to retry)";

/** What both operations do, for their descriptions. */
const SIGNALS = [
  `Four signals, each giving up to twice \`limit\` (at least ${MIN_SIGNAL_DEPTH}) candidates that pass the filters:`,
  '`vector`, the nearest neighbours of the stored passage embedding (topic and language filtered inside the index; year and `since` checked against the paper store, reading the index deeper while too few pass);',
  `\`bibliographic_coupling\`, papers whose references share works with the given papers' (the same corpus paper, or the same DOI or OpenAlex work id), each shared reference counting 1 / ln(1 + the papers citing it), references cited by more than ${n(MAX_REFERENCE_CITERS)} papers left out;`,
  `\`co_citation\`, papers cited together with the given ones by the same papers (the newest ${n(MAX_CITING_PAPERS)} citing them), each citing paper counting 1 / ln(1 + its references);`,
  `\`lexical\`, the public door's "more like this" query (the titles', tags' and topic's most distinctive terms, ${MORE_LIKE_THIS_TERMS} for one paper, up to 25 for several) ranked by BM25.`,
  `They are fused by weighted reciprocal rank fusion, Σ weight / (${RRF_K} + rank) over the signals that found a work (ranks from 1; Cormack et al., SIGIR 2009):`,
  `weight ${SIGNAL_WEIGHTS.vector} for vector and lexical; ${SIGNAL_WEIGHTS.bibliographic_coupling} for the citation signals (links authors made), times the evidence a citation signal found for the work, its score, at most 1 (one reference shared among seven papers ranks first like four papers citing both, and weighs half as much).`,
  'Each work once, shown by its best-ranked version.',
  'A signal that cannot answer now (the vector index still being built after a start, or down; the ranked index still being prepared) is left out and named in `signals_unavailable`: the answer comes from the others, never a 503 for that alone.',
  'With `as_of`, every signal reads the release: its records (the filters apply to them), its citation graph as resolved then, its search index and its passage vectors (searched exactly), so the same request as of a release gives the same answer for as long as the release is kept;',
  "while the release's search index or vectors are being prepared the answer is a 503 `release_preparing`, never one without a signal the release has.",
].join(' ');

/** Related papers and recommendations in the data API's OpenAPI document. */
export function relatedPaths(): ZodOpenApiPathsObject {
  return {
    '/api/v1/papers/{id}/related': {
      get: apiOperation({
        operationId: 'getRelatedPapersSemantic',
        summary: 'Papers related to one paper (vector, citation graph and words)',
        description: [
          'Papers related to one paper, never the paper itself nor another version of it (the same `work_id`, or listed in its `versions`).',
          SIGNALS,
          'The graph signals start from the paper and every version of it.',
        ].join(' '),
        tags: ['Papers'],
        access: 'key',
        requestParams: { path: relatedPathSchema, query: relatedQuerySchema },
        success: { status: 200, description: 'The related papers, most related first.', schema: relatedAnswerSchema },
        errors: {
          400: { invalid_id: 'the id is not 1 to 128 letters, digits, "_" or "-"', ...FILTER_CODES, ...AS_OF_ERRORS[400] },
          404: { not_found: 'no paper with this id (in the release as_of names, when given)' },
          410: AS_OF_ERRORS[410],
          503: { ...AS_OF_ERRORS[503], ranking_unavailable: RANKING_AS_OF },
        },
      }),
    },
    '/api/v1/papers/recommendations': {
      post: apiOperation({
        operationId: 'recommendPapers',
        summary: 'Papers like some and unlike others',
        description: [
          `Recommendations from papers a reader marked: like the \`positive\` ones (at least one) and unlike the \`negative\` ones (optional; at most ${L.maxGivenIds} ids in all; repeats are ignored).`,
          'Never a given paper (positive or negative) nor another version of one.',
          SIGNALS,
          `The vector signal searches with Rocchio's query vector, the positives' mean − ${ROCCHIO_NEGATIVE_WEIGHT} × the negatives' mean (unit vectors); the graph and lexical signals start from the positives.`,
          `With negatives, the same four signals run from them, and each candidate loses ${NEGATIVE_FUSION_WEIGHT} × its fused score there: a paper as near the negatives as the positives keeps half its score.`,
          'One request of the key\'s allowance, as every route.',
        ].join(' '),
        tags: ['Papers'],
        access: 'key',
        requestParams: { query: asOfQuerySchema },
        body: recommendationsBodySchema,
        success: { status: 200, description: 'The recommended papers, best first.', schema: recommendationsAnswerSchema },
        errors: {
          400: {
            'missing_field:positive': 'positive is absent, null or empty',
            'invalid_field:*': 'positive or negative is not an array of strings (`invalid_field:positive`), or a field the request does not have (`invalid_field:mode`)',
            invalid_id: 'an id of positive or negative is not 1 to 128 letters, digits, "_" or "-"',
            too_many_ids: `positive and negative hold more than ${L.maxGivenIds} ids together`,
            conflicting_ids: 'an id is both positive and negative',
            unknown_paper: 'no paper has one of the ids (in the release as_of names, when given; `unknown_ids` lists them)',
            ...FILTER_CODES,
            ...AS_OF_ERRORS[400],
          },
          410: AS_OF_ERRORS[410],
          503: { ...AS_OF_ERRORS[503], ranking_unavailable: RANKING_AS_OF },
        },
      }),
    },
  };
}
