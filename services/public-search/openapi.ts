import { AS_OF_ERRORS, releaseListSchema, RELEASES_DESCRIPTION, RELEASES_PATH } from '../../modules/releases';
import { paperRecordQuerySchema } from './paper-record.routes';
import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import { cacheControl, corsHeaders, downloadHeaders, edgeCacheHeaders, headerSet, ipRateLimitHeaders, provenanceHeaders, requestIdHeaders, retryAfterHeaders, varyAcceptHeaders } from '../../shared/openapi/headers';
import { pageFormatContent, PAGE_FORMATS } from '../../modules/citations';
import { PUBLIC_PAPER_CSV_COLUMNS } from '../../shared/papers/public-paper';
import { headLimitProblems, problemResponse, UNKNOWN_PARAMETER_400, withProblemCodes, type ErrorCodes } from '../../shared/openapi/problem';
import { feedQuerySchema, SEARCH_LANGS, SEARCH_LIMITS as L, searchQuerySchema } from './search-params';
import { asOfQuerySchema, citedByQuerySchema, GRAPH_LIMITS, GRAPH_PARAM_CODES, paperBatchErrorCodes, paperPathSchema, referencesQuerySchema } from '../../modules/papers';
import { noQueryParams } from '../../shared/http/request-schema';
import { HEAD_LIMIT_TEXT } from '../../shared/http/request-limits';
import { BATCH_PATH } from './paper-batch.routes';
import { PUBLIC_BATCH_BODY_LIMIT, PUBLIC_BATCH_MAX_IDS, publicBatchBodySchema, publicBatchResponseSchema } from './paper-batch.schema';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../shared/errors/database-unavailable';
import { PUBLIC_GRAPH_PAGES } from './paper-graph.schema';
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

/** The feed takes the search's q, topic and lang: their codes. */
const feedCodes = (): ErrorCodes => {
  const { query_too_long, too_many_terms, term_too_short, invalid_topic, invalid_lang } = SEARCH_ERROR_CODES;
  // The feed has no author filter: q is always required.
  return { missing_query: `q is absent, or shorter than ${L.queryMinChars} characters once trimmed`, query_too_long, too_many_terms, term_too_short, invalid_topic, invalid_lang, ...UNKNOWN_PARAMETER_400 };
};

/** The 400 codes of the search: each query parameter's (from the schema's metadata) and its rules'. */
export const SEARCH_ERROR_CODES: ErrorCodes = {
  missing_query: `q is absent (and no author given), or shorter than ${L.queryMinChars} characters once trimmed`,
  query_too_long: `q is longer than ${L.queryMaxChars} characters`,
  too_many_terms: `q holds more than ${L.maxTerms} white-space-separated terms`,
  term_too_short: `a term of q is shorter than ${L.termMinChars} characters`,
  invalid_topic: 'topic is not one of the 25 topic slugs',
  invalid_lang: `lang is not one of ${SEARCH_LANGS.join(', ')}`,
  invalid_limit: `limit is not a whole number from ${L.limitMin} to ${L.limitMax}`,
  invalid_offset: `offset is negative or not a whole number, or offset + limit exceeds ${L.maxWindow}`,
  invalid_highlight: 'highlight is not true or false',
  ...KEYWORD_PARAM_CODES,
  invalid_format: `format is not one of ${PAGE_FORMATS.join(', ')}`,
  ...UNKNOWN_PARAMETER_400,
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

const door = { ...requestIdHeaders, 'X-Dataset-Version': provenanceHeaders['X-Dataset-Version'], ...corsHeaders, ...edgeCacheHeaders, ...ipRateLimitHeaders('minute', 'a minute') };

/** A request line or headers over the limit: answered before the door reads the request, so without the per-IP limit's or the cache's headers. */
const HEAD_LIMITS = headLimitProblems(headerSet(requestIdHeaders, { 'X-Dataset-Version': provenanceHeaders['X-Dataset-Version'] }, corsHeaders, { 'Cache-Control': cacheControl('no-store') }));
const URI_TOO_LONG = { ...HEAD_LIMITS['414'], id: 'UriTooLong' };
const HEADERS_TOO_LARGE = { ...HEAD_LIMITS['431'], id: 'HeadersTooLarge' };

/** The answers every operation of the door may give whatever its parameters: a request over the size limit, the per-IP limit, a fault. */
const doorProblems = () => ({
  '414': URI_TOO_LONG,
  '431': HEADERS_TOO_LARGE,
  '429': problemResponse(
    429,
    'Too many requests from this client IP (`violated-policies`: `["minute"]`).',
    { rate_limit_exceeded: 'the per-IP allowance of the minute, and its burst, are used up' },
    headerSet(door, retryAfterHeaders(false)),
  ),
  '500': problemResponse(500, 'Unexpected fault; no internals are disclosed.', { internal_error: 'an unexpected fault' }, headerSet(door)),
});

/** The 410 of an operation that takes `as_of`: the release is past its retention. */
const asOfGone = () => problemResponse(410, 'The release as_of names is no longer kept.', AS_OF_ERRORS[410], headerSet(door));

/** The 503 of an operation read from Postgres while the database is away. */
const paperStoreUnavailable = () =>
  problemResponse(
    503,
    'The paper store is unavailable; retry after Retry-After seconds.',
    {
      database_unavailable: `the paper store (Postgres) is down, restarting or did not answer in time (Retry-After: ${DATABASE_RETRY_AFTER_SECONDS})`,
      upstream_unavailable: 'behind a gateway, the service cannot be reached (with Retry-After)',
    },
    headerSet(door, retryAfterHeaders(true)),
  );

/** The 502 of an operation behind a gateway whose service answered unusably. */
const serviceFailed = () =>
  problemResponse(502, 'Behind a gateway: the service was reached but did not answer usably.', { upstream_failed: 'the service timed out or answered something that is not HTTP' }, headerSet(door));

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
  '(`ai` in *Hokkaido* counts little), how often it occurs with length normalisation (BM25 saturation), and terms that occur close',
  'together (in order, or a little less in reverse) lift a paper among the best 50. Terms that frame a question (`how`, `does`, `について`)',
  'must match but weigh nothing in the order. Ties by year descending (papers without a year last), then by id. The order is',
  'stable across pages.',
  '',
  '**Authors, recency, citations, versions.** `author` keeps papers with an author of that name (the whole name or the family name,',
  'case-, accent- and width-insensitive; q never searches authors); `since` keeps papers added to the corpus at or after a time;',
  '`sort=cited_by` orders by citations; `collapse=versions` answers one record per work (its preferred version among the matches), and',
  'total then counts works (facets too: each value counts the works with a match of that value).',
  '',
  `**Paging.** total counts every match (every work with collapse=versions); offset + limit may not exceed ${L.maxWindow}.`,
  '',
  '**Errors** are `application/problem+json` (RFC 9457) with a `code` member; each parameter\'s schema names its code (`x-error-code`).',
  'A query parameter the endpoint does not take (a typo such as `limt`, a filter that does not exist) is refused before any other check:',
  '400 `unknown_parameter`, whose `detail` names it and the accepted ones, also listed in `accepted_parameters`; the cache-buster `_` is accepted',
  'everywhere and ignored. Parameters given empty (`topic=`) count as absent; a parameter given twice is an error with that parameter\'s code;',
  'when several are wrong, the first in the order q, topic, lang, limit, offset is reported.',
  `A request's line and headers together may hold at most ${HEAD_LIMIT_TEXT}: past that the door answers 414 \`uri_too_long\` for the URL`,
  '(400 `query_too_long` when the URL carries a `q`) or 431 `headers_too_large`, after reading the rest of the request, and closes the connection.',
  '',
  '**Caching and fair use.** Successful searches carry `Cache-Control: public, max-age=60, s-maxage=60`; identical requests within 60 seconds',
  'are answered from the gateway\'s cache (`X-Cache: HIT`). Each client IP may send about 60 requests a minute (with a small burst allowance);',
  'beyond it the answer is 429 with `Retry-After`. Bulk harvesting is not permitted; contact the operator for bulk or semantic access.',
  '',
  'AI-generated summaries and service-authored metadata are CC BY 4.0 unless otherwise stated; third-party abstracts, DOIs and links stay under their publishers\' terms.',
].join('\n');

const GRAPH_OPERATIONS = {
  references: {
    operationId: 'getPaperReferences',
    summary: "A paper's references",
    description:
      "The works the paper cites, in its own order: each the cited paper's record (the search's Paper) when it is in this corpus, else an external reference `{ doi, openalex_id }` as the paper gave it. `total` is the paper's `references_count`.",
    query: referencesQuerySchema,
    schema: PUBLIC_GRAPH_PAGES.references,
  },
  citedBy: {
    operationId: 'getPaperCitedBy',
    summary: 'The papers citing a paper',
    description:
      "The papers of this corpus citing the paper, newest first (publication year descending, papers without a year last, then id), each once, as the search's Paper records. `total` is the paper's `cited_by_corpus_count` (a record's `cited_by_count` is its source's count over all literature).",
    query: citedByQuerySchema,
    schema: PUBLIC_GRAPH_PAGES.citedBy,
  },
} as const;

/** `GET /api/v1/papers/{id}/references` or `/cited-by`: read from Postgres, paged by keyset cursor, cacheable like a search. */
function graphOperation(which: keyof typeof GRAPH_OPERATIONS) {
  const op = GRAPH_OPERATIONS[which];
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: `${op.description} Paged by \`cursor\`: \`*\` (or absent) for the first page, then each answer's \`next_cursor\` until it is null; keyset paging, so there is no depth limit, every page costs the same, and a walk neither repeats nor skips an entry that existed when it began while others are added. \`limit\` ${GRAPH_LIMITS.limitMin}–${GRAPH_LIMITS.limitMax}, default ${GRAPH_LIMITS.limitDefault}. Read from the paper store, so a new edge shows at once (the edge cache may keep a page for 60 seconds).`,
    requestParams: { path: paperPathSchema, query: op.query },
    responses: {
      '200': {
        description: 'One page.',
        headers: headerSet(door, { 'Cache-Control': cacheControl(SEARCH_CACHE_CONTROL) }),
        content: { 'application/json': { schema: op.schema } },
      },
      '400': problemResponse(400, 'The id or a parameter is invalid.', { ...GRAPH_PARAM_CODES, ...AS_OF_ERRORS[400], ...UNKNOWN_PARAMETER_400 }, headerSet(door)),
      '404': problemResponse(404, 'No paper has this id.', { not_found: 'no paper with this id (in the release as_of names, when given)' }, headerSet(door)),
      '410': asOfGone(),
      ...doorProblems(),
      '502': serviceFailed(),
      '503': paperStoreUnavailable(),
    },
  };
}

/** The OpenAPI 3.1 description served at `/openapi.json` (spec 000 §4.3), rendered from the request and response schemas. */
export function buildOpenApiDocument(publicBaseUrl: string) {
  return withProblemCodes(createDocument({
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
          description:
            'Returns one page of papers matching every term of q, most relevant first: as JSON, or (`format`, or `Accept`) as a citation file (BibTeX, RIS, CSL-JSON) or CSV of the same page. This door answers pages only; taking a whole match set away is bulk access, outside its fair use (the data API\'s `GET /api/v1/papers/export` streams one, under a key).',
          requestParams: { query: searchQuerySchema },
          responses: {
            '200': {
              description: 'One page of matching papers, in the representation asked for (JSON by default).',
              headers: headerSet(door, { 'Cache-Control': cacheControl(SEARCH_CACHE_CONTROL) }, varyAcceptHeaders, downloadHeaders),
              content: pageFormatContent(searchResponseSchema, PUBLIC_PAPER_CSV_COLUMNS),
            },
            '400': problemResponse(400, 'A parameter is invalid.', { ...SEARCH_ERROR_CODES, ...AS_OF_ERRORS[400] }, headerSet(door)),
            '410': asOfGone(),
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
              { search_unavailable: 'the search backend is unavailable', upstream_unavailable: 'behind a gateway, the search service cannot be reached (with Retry-After)', ...AS_OF_ERRORS[503] },
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
          requestParams: { path: paperPathSchema, query: paperRecordQuerySchema },
          responses: {
            '200': {
              description: 'The paper (as of the release `as_of` names, when given).',
              headers: headerSet(door, { 'Cache-Control': cacheControl(SEARCH_CACHE_CONTROL) }),
              content: { 'application/json': { schema: publicPaperSchema } },
            },
            '400': problemResponse(400, 'The id or as_of is malformed, or another query parameter was given (it takes only as_of).', { invalid_id: 'the id is not 1 to 128 letters, digits, "_" or "-"', ...AS_OF_ERRORS[400], ...UNKNOWN_PARAMETER_400 }, headerSet(door)),
            '404': problemResponse(404, 'No paper has this id.', { not_found: 'no paper with this id (in the release as_of names, when given)' }, headerSet(door)),
            '410': asOfGone(),
            ...doorProblems(),
            '502': serviceFailed(),
            '503': problemResponse(
              503,
              'The paper store is unavailable; retry later.',
              { papers_unavailable: 'the paper store (Postgres) is unavailable', upstream_unavailable: 'behind a gateway, the service cannot be reached (with Retry-After)' },
              headerSet(door, retryAfterHeaders(true)),
            ),
          },
        },
      },
      [BATCH_PATH]: {
        post: {
          operationId: 'getPapers',
          summary: 'Papers by a list of ids, DOIs or OpenAlex work ids',
          description: [
            `Up to ${PUBLIC_BATCH_MAX_IDS} papers in one request, answered in the order asked: \`results\` has one entry per id given, the same Paper object a search returns, or null when no paper has that id.`,
            'An id is a paper id, a DOI as `doi:10.…` (the prefix in any case; the DOI compared as stored, without resolver prefix and in lower case) or an OpenAlex work id as `openalex:W…`.',
            'Several records of one work may carry one OpenAlex work id (a preprint and its journal version): the one with the smallest id answers, as a reference to that work id resolves. A bare `W…` is read as a paper id.',
            'A repeated id (or two spellings of one DOI) is answered at each of its positions and looked up once. An id of none of the three forms is a 400 `invalid_ids` naming its positions (`invalid_positions`, from 0): a malformed id is a mistake to fix, while a well-formed id that names nothing is a null.',
            `One request of the per-IP fair use, whatever the number of ids; more than ${PUBLIC_BATCH_MAX_IDS} is a 400 \`too_many_ids\` (the data API takes more). Read from the paper store (with \`as_of\`, the papers as that release held them); not cached.`,
          ].join(' '),
          requestParams: { query: asOfQuerySchema },
          requestBody: { required: true, content: { 'application/json': { schema: publicBatchBodySchema } } },
          responses: {
            '200': {
              description: 'The papers, in the order of `ids`.',
              headers: headerSet(door),
              content: { 'application/json': { schema: publicBatchResponseSchema } },
            },
            '400': problemResponse(
              400,
              'The body or as_of is invalid, or another query parameter was given (it takes only as_of).',
              {
                invalid_body: `the body is not JSON, not an object, over ${PUBLIC_BATCH_BODY_LIMIT}, or holds a NUL character or an unpaired surrogate (\`field\` names it)`,
                ...paperBatchErrorCodes(PUBLIC_BATCH_MAX_IDS),
                ...AS_OF_ERRORS[400],
                ...UNKNOWN_PARAMETER_400,
              },
              headerSet(door),
            ),
            '410': asOfGone(),
            ...doorProblems(),
            '502': serviceFailed(),
            '503': paperStoreUnavailable(),
          },
        },
      },
      '/api/v1/papers/{id}/references': { get: graphOperation('references') },
      '/api/v1/papers/{id}/cited-by': { get: graphOperation('citedBy') },
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
            '400': problemResponse(400, 'The id or a parameter is invalid.', { ...RELATED_ERROR_CODES, ...AS_OF_ERRORS[400], ...UNKNOWN_PARAMETER_400 }, headerSet(door)),
            '404': problemResponse(404, 'No paper has this id.', { not_found: 'no paper with this id (in the release as_of names, when given)' }, headerSet(door)),
            '410': asOfGone(),
            ...doorProblems(),
            '502': serviceFailed(),
            '503': problemResponse(
              503,
              'Related papers are unavailable; retry later (after Retry-After when given).',
              {
                ranking_unavailable: 'the ranked index is still being prepared after a start, or the first time a release is asked for (with Retry-After)',
                search_unavailable: 'the search backend is unavailable',
                papers_unavailable: 'the paper store (Postgres) is unavailable',
                upstream_unavailable: 'behind a gateway, the service cannot be reached (with Retry-After)',
                ...AS_OF_ERRORS[503],
              },
              headerSet(door, retryAfterHeaders(true)),
            ),
          },
        },
      },
      [RELEASES_PATH]: {
        get: {
          operationId: 'listReleases',
          summary: 'The dataset releases, newest first',
          description: RELEASES_DESCRIPTION,
          requestParams: { query: noQueryParams },
          responses: {
            '200': {
              description: 'The releases still kept.',
              headers: headerSet(door, { 'Cache-Control': cacheControl('public, max-age=60') }),
              content: { 'application/json': { schema: releaseListSchema } },
            },
            '400': problemResponse(400, 'A query parameter was given (it takes none).', UNKNOWN_PARAMETER_400, headerSet(door)),
            ...doorProblems(),
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
  }));
}
