import type { RequestHandler } from 'express';
import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import { BEARER_SCHEME } from '../../shared/openapi/data-api-operation';
import { cacheControl, headerSet, provenanceHeaders, requestIdHeaders } from '../../shared/openapi/headers';
import { problemResponse, UNKNOWN_PARAMETER_400, withProblemCodes } from '../../shared/openapi/problem';
import { noQueryParams, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { HEAD_LIMIT_TEXT } from '../../shared/http/request-limits';
import type { DoorContribution } from '../../shared/runtime/module';

/** Where the data-API door serves its document, without a key (outside `/api/v1/`). */
export const API_OPENAPI_PATH = '/openapi.json';

const DESCRIPTION = [
  'The authenticated data API over Japanese listed companies\' disclosures, decarbonisation metrics, semantic paper search and intelligence events.',
  '',
  '**Keys.** Every `/api/v1/*` request needs `Authorization: Bearer <key>` (the prefix `gxk_` and 43 characters). Apply at `POST /api/keys/applications`;',
  'the key works once an operator approves it. A key in the query string is refused (400 `credentials_in_query`).',
  '',
  '**Plans and allowances.** Trial 100 a day; Demo 200 a day (adjustable per key); Researcher 10,000 a month; Paid by contract; Internal unlimited.',
  'Windows are UTC calendar days and months. Each answer reports the allowance in `X-RateLimit-Limit`/`-Remaining` (daily; a plan with only a',
  'monthly allowance reports it there too), `X-RateLimit-Limit-Month`/`-Remaining-Month`, and the IETF `RateLimit-Policy`/`RateLimit` fields',
  '(policies `daily`, `monthly`). Beyond it: 429 `rate_limit_exceeded` with `Retry-After` and `violated-policies`. A request refused by',
  'authentication is not counted; one answered with a 5xx is given back.',
  '',
  '**Provenance.** Every answer, errors included, carries `X-Dataset-Version`, `X-SNE-Framework-DOI` and `X-Disclaimer`: quote the first two in',
  'academic citation; AI-extracted figures must be checked against the source PDF.',
  '',
  '**Errors** are `application/problem+json` (RFC 9457) with a `code` member; each parameter\'s schema names its code (`x-error-code`, and',
  '`x-missing-code` for an absent body field). Query parameters given empty count as absent; one given twice is an error with its own code;',
  'when several are wrong, the first in the documented order is reported. A query parameter the endpoint does not take (a typo, a filter that',
  'does not exist) is refused before the others are read: 400 `unknown_parameter`, whose `detail` names it and the accepted ones, also listed in',
  '`accepted_parameters` (every operation, those that take no query parameters included); the cache-buster `_` is accepted everywhere and',
  'ignored. A key in the query is refused as `credentials_in_query` before that. Requests the HTTP parser',
  'refuses are answered by the door in the same shape: 414 `uri_too_long`, 431 `headers_too_large`, 400 `malformed_request` or',
  '`missing_host`, 408 `request_timeout`, 417 `expectation_failed`. Unknown paths and methods: 404 `not_found`.',
  `A request's line and headers together may hold at most ${HEAD_LIMIT_TEXT}: past that, 414 for the URL (400 \`query_too_long\` when it carries`,
  'a `q`) or 431, given after the door has read the rest of the request (so a client that writes it all before reading still gets it); the',
  'connection is then closed.',
].join('\n');

/**
 * The OpenAPI 3.1 description of the data-API door (spec 001): each module's operations, rendered
 * from the schemas its routes validate with, and the door's own document route.
 */
export function buildApiOpenApiDocument(contributions: readonly DoorContribution[]) {
  return withProblemCodes(createDocument({
    openapi: '3.1.0',
    info: { title: 'GX Data API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: '/', description: 'The data-API door this document was read from (`{api_url}`).' }],
    security: [{ [BEARER_SCHEME]: [] }],
    tags: [...contributions.flatMap((c) => c.openApiTags ?? []), { name: 'Document', description: 'This description.' }],
    paths: {
      ...Object.assign({}, ...contributions.map((c) => c.openApiPaths?.() ?? {})),
      [API_OPENAPI_PATH]: {
        get: {
          operationId: 'getOpenApiDocument',
          summary: 'This OpenAPI 3.1 document (no key needed)',
          tags: ['Document'],
          security: [],
          responses: {
            '200': {
              description: 'The document.',
              headers: headerSet(requestIdHeaders, provenanceHeaders, { 'Cache-Control': cacheControl('public, max-age=300') }),
              content: { 'application/json': { schema: z.object({ openapi: z.literal('3.1.0') }).loose() } },
            },
            '400': problemResponse(400, 'A query parameter was given (the document takes none).', UNKNOWN_PARAMETER_400, headerSet(requestIdHeaders, provenanceHeaders)),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer gxk_…`.' },
      },
    },
  }));
}

/** Serves the document (built once). */
export function apiOpenApiRoute(contributions: readonly DoorContribution[]): RequestHandler {
  let body: string | undefined;
  return (req, res) => {
    parseQuery(noQueryParams, req.query as RawQuery);
    body ??= JSON.stringify(buildApiOpenApiDocument(contributions));
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(body);
  };
}
