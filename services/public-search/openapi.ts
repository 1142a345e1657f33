import { TOPIC_SLUGS, VENUE_TYPES } from '../../shared/papers/paper';
import { ABSTRACT_MAX_CHARS } from './public-paper';
import { SEARCH_LANGS, SEARCH_LIMITS as L } from './search-params';

const ERROR_CODES = {
  missing_query: `q is absent, or shorter than ${L.queryMinChars} characters once trimmed.`,
  query_too_long: `q is longer than ${L.queryMaxChars} characters.`,
  too_many_terms: `q holds more than ${L.maxTerms} white-space-separated terms.`,
  term_too_short: `A term of q is shorter than ${L.termMinChars} characters.`,
  invalid_limit: `limit is not a whole number from ${L.limitMin} to ${L.limitMax}.`,
  invalid_offset: `offset is negative or not a whole number, or offset + limit exceeds ${L.maxWindow}.`,
  invalid_topic: 'topic is not one of the 25 topic slugs.',
  invalid_lang: `lang is not one of ${SEARCH_LANGS.join(', ')}.`,
};

const problemSchema = {
  type: 'object',
  description: 'An RFC 9457 problem details object.',
  required: ['type', 'title', 'status', 'code', 'detail'],
  properties: {
    type: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    status: { type: 'integer' },
    code: { type: 'string', description: 'Machine-readable error code.' },
    detail: { type: 'string', description: 'What was wrong, for a person.' },
    instance: { type: 'string' },
    request_id: { type: 'string', description: 'Also sent as the X-Request-Id header; quote it when reporting a problem.' },
    'violated-policies': { type: 'array', items: { type: 'string' } },
  },
};

const nullable = (type: string, description: string, extra: object = {}) => ({ type: [type, 'null'], description, ...extra });

const paperSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'title', 'title_ja', 'title_en', 'authors', 'year', 'abstract', 'url', 'citation_url', 'doi', 'source_url',
    'venue', 'venue_type', 'topic', 'tags', 'lang', 'updated_at'],
  properties: {
    id: { type: 'string', description: 'Stable, opaque paper identifier.' },
    title: nullable('string', 'Title in its original language.'),
    title_ja: nullable('string', 'Japanese title, AI-translated when needed.'),
    title_en: nullable('string', 'English title, AI-translated when needed.'),
    authors: { type: 'array', items: { type: 'string' }, description: 'Author display names.' },
    year: nullable('integer', 'Publication year.'),
    abstract: nullable('string', `AI summary (English preferred) or the original abstract, at most ${ABSTRACT_MAX_CHARS} characters (a shortened text ends with "…").`, { maxLength: ABSTRACT_MAX_CHARS }),
    url: { type: 'string', format: 'uri', description: "Address of the paper's page on the service." },
    citation_url: { type: 'string', format: 'uri', description: "The DOI link when a DOI exists, otherwise the source URL, otherwise the service's paper page." },
    doi: nullable('string', 'Digital Object Identifier (lower-case, without resolver prefix).'),
    source_url: nullable('string', 'Original source address.'),
    venue: nullable('string', 'Publication venue name.'),
    venue_type: { enum: [...VENUE_TYPES, null], description: 'Kind of venue.' },
    topic: { enum: [...TOPIC_SLUGS, null], description: 'Primary topic slug.' },
    tags: { type: 'array', items: { type: 'string' }, description: 'AI-assigned keyword tags.' },
    lang: { enum: ['ja', 'en', 'mul', null], description: 'Paper language; `mul` (multilingual, including Chinese-language papers published with Japanese and English AI titles and summaries) matches both `ja` and `en` filters.' },
    updated_at: nullable('string', 'ISO 8601 UTC time of the last change to the record.', { format: 'date-time' }),
  },
};

const envelopeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['api_version', 'query', 'topic', 'lang', 'total', 'count', 'limit', 'offset', 'results'],
  properties: {
    api_version: { const: 'v1', description: 'Lets a client detect future breaking changes.' },
    query: { type: 'string', description: 'Echo of q.' },
    topic: { enum: [...TOPIC_SLUGS, null], description: 'Echo of the topic filter; null when absent.' },
    lang: { enum: [...SEARCH_LANGS], description: 'Echo of the language filter; `all` when absent.' },
    total: { type: 'integer', minimum: 0, description: 'Matching papers before limit and offset apply.' },
    count: { type: 'integer', minimum: 0, description: 'Records in this response.' },
    limit: { type: 'integer', description: 'The applied limit.' },
    offset: { type: 'integer', description: 'The applied offset.' },
    results: { type: 'array', items: { $ref: '#/components/schemas/Paper' } },
  },
};

const header = (description: string, schema: object = { type: 'string' }) => ({ description, schema });
const rateLimitHeaders = {
  'RateLimit-Policy': header('IETF rate-limit policy of this client, e.g. `"minute";q=60;w=60`.'),
  RateLimit: header('IETF remaining quota, e.g. `"minute";r=59;t=42`.'),
  'X-RateLimit-Limit': header('Requests allowed a minute per client IP.', { type: 'integer' }),
  'X-RateLimit-Remaining': header('Requests left in the current minute.', { type: 'integer' }),
};
const corsHeader = { 'Access-Control-Allow-Origin': header('Always `*`: browsers may call the endpoint directly.') };
const problem = (description: string, extraHeaders: object = {}) => ({
  description,
  headers: { ...corsHeader, ...extraHeaders },
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

/** The OpenAPI 3.1 description served at `/openapi.json` (spec 000 §4.3). */
export function buildOpenApiDocument(publicBaseUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'GX Research Paper Search',
      version: '1.0.0',
      summary: 'Unauthenticated keyword search over GX, ESG and climate research papers.',
      description: [
        'Keyword search over papers, preprints, reports and datasets in Japanese, English and Chinese.',
        '',
        '**Matching.** q is split on any white space (the ideographic space U+3000 included) into at most 5 terms of at least 2 characters.',
        'Query and text are compared after Unicode NFKC normalisation and case folding (`ＣＯ２` finds `CO2`). Every term must be a substring of the',
        'title (original, Japanese or English), the abstract, an AI summary, a tag or the topic slug; two-character Japanese terms such as `水素` work.',
        '',
        '**Order.** score = sum over terms of 3 (title match) + 2 (tag or topic match) + 1 (abstract or summary match); ties by year',
        'descending (papers without a year last), then by id. The order is stable across pages.',
        '',
        `**Paging.** total counts every match; offset + limit may not exceed ${L.maxWindow}.`,
        '',
        '**Errors** are `application/problem+json` (RFC 9457) with a `code` member. Parameters given empty (`topic=`) count as absent;',
        'a parameter given twice is an error with that parameter\'s code. Unknown parameters are ignored.',
        '',
        '**Caching and fair use.** Successful searches carry `Cache-Control: public, max-age=60, s-maxage=60`; identical requests within 60 seconds',
        'are answered from cache. Each client IP may send about 60 requests a minute (with a small burst allowance); beyond it the answer is 429',
        'with `Retry-After`. Bulk harvesting is not permitted; contact the operator for bulk or semantic access.',
        '',
        'AI-generated summaries and service-authored metadata are CC BY 4.0 unless otherwise stated; third-party abstracts, DOIs and links stay under their publishers\' terms.',
      ].join('\n'),
      license: { name: 'CC BY 4.0 (AI summaries and service metadata)', url: 'https://creativecommons.org/licenses/by/4.0/' },
    },
    servers: [{ url: publicBaseUrl }],
    paths: {
      '/api/v1/papers/search': {
        get: {
          operationId: 'searchPapers',
          summary: 'Search papers by keyword',
          description: 'Returns one page of papers matching every term of q, most relevant first.',
          parameters: [
            {
              name: 'q', in: 'query', required: true,
              description: `Up to ${L.maxTerms} white-space-separated terms, each at least ${L.termMinChars} characters, AND-combined; ${L.queryMinChars} to ${L.queryMaxChars} characters in all. Japanese, English, Chinese or mixed.`,
              schema: { type: 'string', minLength: L.queryMinChars, maxLength: L.queryMaxChars },
              examples: { english: { value: 'carbon pricing' }, japanese: { value: '水素 輸送' } },
            },
            {
              name: 'topic', in: 'query', required: false,
              description: 'Only papers whose primary topic is this slug.',
              schema: { type: 'string', enum: [...TOPIC_SLUGS] },
            },
            {
              name: 'lang', in: 'query', required: false,
              description: 'Only papers in this language: `ja` and `en` include multilingual (`mul`) papers; `all` (the default) applies no filter.',
              schema: { type: 'string', enum: [...SEARCH_LANGS], default: 'all' },
            },
            {
              name: 'limit', in: 'query', required: false,
              description: `Records per page, ${L.limitMin} to ${L.limitMax}.`,
              schema: { type: 'integer', minimum: L.limitMin, maximum: L.limitMax, default: L.limitDefault },
            },
            {
              name: 'offset', in: 'query', required: false,
              description: `Records to skip; offset + limit may not exceed ${L.maxWindow}.`,
              schema: { type: 'integer', minimum: 0, maximum: L.maxWindow - L.limitMin, default: 0 },
            },
          ],
          responses: {
            '200': {
              description: 'One page of matching papers.',
              headers: { ...corsHeader, ...rateLimitHeaders, 'Cache-Control': header('`public, max-age=60, s-maxage=60`.') },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/SearchResponse' } } },
            },
            '400': {
              ...problem(`A parameter is invalid. Codes: ${Object.entries(ERROR_CODES).map(([c, d]) => `\`${c}\` (${d})`).join('; ')}`),
              content: {
                'application/problem+json': {
                  schema: { $ref: '#/components/schemas/Problem' },
                  examples: Object.fromEntries(
                    Object.entries(ERROR_CODES).map(([code, detail]) => [code, { value: { type: `https://docs.gx-search.example/problems/${code}`, title: 'Bad Request', status: 400, code, detail } }]),
                  ),
                },
              },
            },
            '429': problem('Too many requests from this client IP (`code`: `rate_limit_exceeded`, `violated-policies`: `["minute"]`).', {
              'Retry-After': header('Seconds until a request will be accepted again.', { type: 'integer' }),
              ...rateLimitHeaders,
            }),
            '500': problem('Unexpected fault (`code`: `internal_error`); no internals are disclosed.'),
            '502': problem('Behind a gateway: the search service was reached but did not answer in time or answered something unusable (`code`: `upstream_failed`).'),
            '503': problem('The search backend is unavailable (`code`: `search_unavailable`), or, behind a gateway, the search service is down (`code`: `upstream_unavailable`, with `Retry-After`); retry later.', {
              'Retry-After': header('Seconds to wait before retrying (sent with `upstream_unavailable`).', { type: 'integer' }),
            }),
          },
        },
      },
    },
    components: {
      schemas: { SearchResponse: envelopeSchema, Paper: paperSchema, Problem: problemSchema },
    },
  };
}
