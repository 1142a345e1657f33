import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import { cacheControl, corsHeaders, edgeCacheHeaders, headerSet, ipRateLimitHeaders, requestIdHeaders, retryAfterHeaders } from '../../shared/openapi/headers';
import { problemResponse, type ErrorCodes } from '../../shared/openapi/problem';
import { feedQuerySchema, SEARCH_LANGS, SEARCH_LIMITS as L, searchQuerySchema } from './search-params';
import { paperPathSchema } from './paper-record.routes';
import { publicPaperSchema, searchResponseSchema } from './search-response.schema';
import { RELATED_LIMITS, relatedQuerySchema } from './related-params';
import { relatedResponseSchema } from './related-response.schema';
import { SINCE_RULE } from '../../shared/http/since-param';
import { MORE_LIKE_THIS_TERMS } from '../../shared/papers/related-papers';

import { SEARCH_CACHE_CONTROL } from '../../shared/http/cacheable-response';
import { KEYWORD_PARAM_CODES } from '../../modules/keyword-index';
import { SITE_NAME } from '../../shared/site-name';
import { FEED_SIZE } from './atom-feed';
import { FEED_PATH } from './feed.routes';

/** The 400 codes of the search: each query parameter's (from the schema's metadata) and its rules'. */
/** The feed takes the search's q, topic and lang: their codes. */
const feedCodes = (): ErrorCodes => {
  const { missing_query, query_too_long, too_many_terms, term_too_short, invalid_topic, invalid_lang } = SEARCH_ERROR_CODES;
  return { missing_query, query_too_long, too_many_terms, term_too_short, invalid_topic, invalid_lang };
};

export const SEARCH_ERROR_CODES: ErrorCodes = {
  missing_query: `q is absent, or shorter than ${L.queryMinChars} characters once trimmed`,
  query_too_long: `q is longer than ${L.queryMaxChars} characters`,
  too_many_terms: `q holds more than ${L.maxTerms} white-space-separated terms`,
  term_too_short: `a term of q is shorter than ${L.termMinChars} characters`,
  invalid_topic: 'topic is not one of the 25 topic slugs',
  invalid_lang: `lang is not one of ${SEARCH_LANGS.join(', ')}`,
  invalid_limit: `limit is not a whole number from ${L.limitMin} to ${L.limitMax}`,
  invalid_offset: `offset is negative or not a whole number, or offset + limit exceeds ${L.maxWindow}`,
  invalid_highlight: 'highlight is not true or false',
  ...KEYWORD_PARAM_CODES,
};

const FEED_ERROR_CODES = feedCodes();

/** The 400 codes of related papers: the id's, and the search's for the filters it shares, and `since`'s. */
const RELATED_ERROR_CODES: ErrorCodes = {
  invalid_id: 'the id is not 1 to 128 letters, digits, "_" or "-"',
  invalid_topic: SEARCH_ERROR_CODES.invalid_topic!,
  invalid_lang: SEARCH_ERROR_CODES.invalid_lang!,
  invalid_limit: `limit is not a whole number from ${RELATED_LIMITS.limitMin} to ${RELATED_LIMITS.limitMax}`,
  invalid_year_from: KEYWORD_PARAM_CODES.invalid_year_from,
  invalid_year_to: KEYWORD_PARAM_CODES.invalid_year_to,
  invalid_since: `${SINCE_RULE}`,
};

const door = { ...requestIdHeaders, ...corsHeaders, ...edgeCacheHeaders, ...ipRateLimitHeaders('minute', 'a minute') };

/** The answers every operation of the door may give whatever its parameters: the per-IP limit, a fault. */
const doorProblems = () => ({
  '429': problemResponse(
    429,
    'Too many requests from this client IP (`violated-policies`: `["minute"]`).',
    { rate_limit_exceeded: 'the per-IP allowance of the minute, and its burst, are used up' },
    headerSet(door, retryAfterHeaders(false)),
  ),
  '500': problemResponse(500, 'Unexpected fault; no internals are disclosed.', { internal_error: 'an unexpected fault' }, headerSet(door)),
});

const DESCRIPTION = [
  'Keyword search over papers, preprints, reports and datasets in Japanese, English and Chinese.',
  '',
  '**Matching.** q is split on any white space (the ideographic space U+3000 included) into at most 5 terms of at least 2 characters.',
  'Query and text are compared after Unicode NFKC normalisation and case folding (`ＣＯ２` finds `CO2`). Every term must be a substring of the',
  'title (original, Japanese or English), the abstract, an AI summary, a tag or the topic slug; two-character Japanese terms such as `水素` work.',
  'Japanese and Chinese have no spaces, so separate words with spaces: `炭素税 効果`, not `炭素税の効果`. When nothing matches and q holds such an',
  'unspaced phrase, the answer carries `suggestion`: the same text split into words, and how many papers that finds (`total` stays 0).',
  '',
  '**Order.** The match set and total are the AND of substrings; within it papers are ordered by relevance: each term weighs its',
  'rarity (idf), where it matched (title over tags and topic over abstract and summaries), a whole word over a part of a longer word',
  '(`ai` in *Hokkaido* counts little), how often it occurs with length normalisation (BM25 saturation), and terms that occur in order',
  'and close together lift a paper among the best 50. Ties by year descending (papers without a year last), then by id. The order is',
  'stable across pages.',
  '',
  `**Paging.** total counts every match; offset + limit may not exceed ${L.maxWindow}.`,
  '',
  '**Errors** are `application/problem+json` (RFC 9457) with a `code` member; each parameter\'s schema names its code (`x-error-code`).',
  'Parameters given empty (`topic=`) count as absent; a parameter given twice is an error with that parameter\'s code; when several are wrong,',
  'the first in the order q, topic, lang, limit, offset is reported. Unknown parameters are ignored.',
  '',
  '**Caching and fair use.** Successful searches carry `Cache-Control: public, max-age=60, s-maxage=60`; identical requests within 60 seconds',
  'are answered from the gateway\'s cache (`X-Cache: HIT`). Each client IP may send about 60 requests a minute (with a small burst allowance);',
  'beyond it the answer is 429 with `Retry-After`. Bulk harvesting is not permitted; contact the operator for bulk or semantic access.',
  '',
  'AI-generated summaries and service-authored metadata are CC BY 4.0 unless otherwise stated; third-party abstracts, DOIs and links stay under their publishers\' terms.',
].join('\n');

/** The OpenAPI 3.1 description served at `/openapi.json` (spec 000 §4.3), rendered from the request and response schemas. */
export function buildOpenApiDocument(publicBaseUrl: string) {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: SITE_NAME,
      version: '1.0.0',
      // OpenAPI 3.1 has info.summary; the library's type does not know it yet.
      ...({ summary: 'Unauthenticated keyword search over GX, ESG and climate research papers.' } as object),
      description: DESCRIPTION,
      license: { name: 'CC BY 4.0 (AI summaries and service metadata)', url: 'https://creativecommons.org/licenses/by/4.0/' },
    },
    servers: [{ url: publicBaseUrl }],
    paths: {
      '/api/v1/papers/search': {
        get: {
          operationId: 'searchPapers',
          summary: 'Search papers by keyword',
          description: 'Returns one page of papers matching every term of q, most relevant first.',
          requestParams: { query: searchQuerySchema },
          responses: {
            '200': {
              description: 'One page of matching papers.',
              headers: headerSet(door, { 'Cache-Control': cacheControl(SEARCH_CACHE_CONTROL) }),
              content: { 'application/json': { schema: searchResponseSchema } },
            },
            '400': problemResponse(400, 'A parameter is invalid.', SEARCH_ERROR_CODES, headerSet(door)),
            ...doorProblems(),
            '502': problemResponse(
              502,
              'Behind a gateway: the search service was reached but did not answer in time or answered something unusable.',
              { upstream_failed: 'the search service timed out or answered something that is not HTTP' },
              headerSet(door),
            ),
            '503': problemResponse(
              503,
              'The search is unavailable; retry later.',
              { search_unavailable: 'the search backend is unavailable', upstream_unavailable: 'behind a gateway, the search service cannot be reached (with Retry-After)' },
              headerSet(door, retryAfterHeaders(true)),
            ),
          },
        },
      },
      '/api/v1/papers/{id}': {
        get: {
          operationId: 'getPaper',
          summary: 'One paper by id',
          description: 'The same Paper object a search returns in `results`, read from the paper store (found as soon as it is stored, before the search index catches up).',
          requestParams: { path: paperPathSchema },
          responses: {
            '200': {
              description: 'The paper.',
              headers: headerSet(door, { 'Cache-Control': cacheControl(SEARCH_CACHE_CONTROL) }),
              content: { 'application/json': { schema: publicPaperSchema } },
            },
            '400': problemResponse(400, 'The id is malformed.', { invalid_id: 'the id is not 1 to 128 letters, digits, "_" or "-"' }, headerSet(door)),
            '404': problemResponse(404, 'No paper has this id.', { not_found: 'no paper with this id' }, headerSet(door)),
            ...doorProblems(),
            '502': problemResponse(502, 'Behind a gateway: the service was reached but did not answer usably.', { upstream_failed: 'the service timed out or answered something that is not HTTP' }, headerSet(door)),
            '503': problemResponse(
              503,
              'The paper store is unavailable; retry later.',
              { papers_unavailable: 'the paper store (Postgres) is unavailable', upstream_unavailable: 'behind a gateway, the service cannot be reached (with Retry-After)' },
              headerSet(door, retryAfterHeaders(true)),
            ),
          },
        },
      },
      '/api/v1/papers/{id}/related': {
        get: {
          operationId: 'getRelatedPapers',
          summary: 'Papers related to one paper',
          description: [
            `Papers like this one by their words, from the keyword index: a "more like this" query built from the paper's titles, tags and topic (its at most ${MORE_LIKE_THIS_TERMS} most distinctive terms: count × idf, among terms another paper holds too),`,
            'ranked by BM25 over titles (counted five times), tags and topic, abstracts and summaries, with the filters applied inside the ranking.',
            'Never the paper itself nor another version of it (the same `work_id`, or listed in its `versions`); each other work once, by its best-ranked version.',
            'The data API adds vector neighbours and the citation graph (bibliographic coupling, co-citation) to this.',
            'Right after a start the ranked index is still being prepared: 503 `ranking_unavailable` with Retry-After, while the search answers. Cached like the search.',
          ].join(' '),
          requestParams: { path: paperPathSchema, query: relatedQuerySchema },
          responses: {
            '200': {
              description: 'The related papers, most related first.',
              headers: headerSet(door, { 'Cache-Control': cacheControl(SEARCH_CACHE_CONTROL) }),
              content: { 'application/json': { schema: relatedResponseSchema } },
            },
            '400': problemResponse(400, 'The id or a parameter is invalid.', RELATED_ERROR_CODES, headerSet(door)),
            '404': problemResponse(404, 'No paper has this id.', { not_found: 'no paper with this id' }, headerSet(door)),
            ...doorProblems(),
            '502': problemResponse(502, 'Behind a gateway: the service was reached but did not answer usably.', { upstream_failed: 'the service timed out or answered something that is not HTTP' }, headerSet(door)),
            '503': problemResponse(
              503,
              'Related papers are unavailable; retry later (after Retry-After when given).',
              {
                ranking_unavailable: 'the ranked index is still being prepared after a start (with Retry-After)',
                search_unavailable: 'the search backend is unavailable',
                papers_unavailable: 'the paper store (Postgres) is unavailable',
                upstream_unavailable: 'behind a gateway, the service cannot be reached (with Retry-After)',
              },
              headerSet(door, retryAfterHeaders(true)),
            ),
          },
        },
      },
      [FEED_PATH]: {
        get: {
          operationId: 'getPapersFeed',
          summary: 'An Atom feed of the newest papers matching a search',
          description: `Atom 1.0 (RFC 4287): the ${FEED_SIZE} newest papers (publication year descending) matching q, with topic and lang as in the search; each entry is a paper's page, its authors, topic and tags, and its summary. For feed readers following a topic; cached like the search.`,
          requestParams: { query: feedQuerySchema },
          responses: {
            '200': {
              description: 'The feed.',
              headers: headerSet(door, { 'Cache-Control': cacheControl(SEARCH_CACHE_CONTROL) }),
              content: { 'application/atom+xml': { schema: z.string() } },
            },
            '400': problemResponse(400, 'A parameter is invalid.', FEED_ERROR_CODES, headerSet(door)),
            ...doorProblems(),
            '503': problemResponse(503, 'The search backend is unavailable; retry later.', { search_unavailable: 'the search backend is unavailable' }, headerSet(door, retryAfterHeaders(true))),
          },
        },
      },
    },
  });
}
