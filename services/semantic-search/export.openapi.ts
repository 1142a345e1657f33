import { AS_OF_ERRORS } from '../../modules/releases';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { KEYWORD_PARAM_CODES } from '../../modules/keyword-index';
import { apiOperation } from '../../shared/openapi/data-api-operation';
import { varyAcceptHeaders } from '../../shared/openapi/headers';
import { CSV_LIST_SEPARATOR, CSV_MEDIA_TYPE } from '../../shared/text/csv';
import { EXPORT_FORMATS, EXPORT_LIMITS as L, exportQuerySchema } from './export-params';
import { EXPORT_CSV_COLUMNS, EXPORT_PATH } from './export.routes';
import { SEMANTIC_LIMITS } from './semantic-params';

const header = (description: string, schema: z.ZodType = z.string()) => schema.meta({ description });

const DESCRIPTION = [
  'Streams the whole match set of a keyword search (the search\'s `mode=keyword` matching, filters and records), so a pipeline need not page by hand.',
  '**Order and consistency.** Newest first (publication year descending, papers without a year last, then id), read step by step by keyset: a paper that existed when the export began is given once, never repeated nor skipped, while others are added, changed or removed (a paper whose publication year changes meanwhile moves in the order).',
  `**Per call.** At most \`limit\` records (default and maximum ${L.maxPerCall.toLocaleString('en')}), and no more than the key's allowance covers. A larger match set is taken in several calls, each continuing with \`cursor\` where the last stopped.`,
  `**Cost.** One request of the key's allowance per ${L.recordsPerRequest.toLocaleString('en')} records the call plans to stream (rounded up; at least one), stated before the body in \`X-Request-Cost\` and counted in this answer's \`X-RateLimit-Remaining\`;`,
  'the call streams what its cost covers (the records left by the match set\'s size now, so a set that grew meanwhile may leave a few to a further call). A call stopped by the client is charged all the same.',
  '**JSON Lines** (`format=jsonl`, the default): one record per line (the search\'s record, `SemanticPaper`), then a closing line without `id`:',
  '`{"next_cursor": "…", "count": n}` — `next_cursor` to pass as `cursor` for the rest, or null when the match set is exhausted; `count` the records of this call.',
  'A fault after the first byte ends the stream with `{"error": {problem}}` in its place. A stream without a closing line was cut: ask again with the last cursor you hold.',
  `**CSV** (\`format=csv\`): a header row, then one row per record under the search's CSV columns, and \`cursor\`, the row's own position: to continue, pass the last row's \`cursor\` (a call that returns no row is past the end).`,
  'A fault after the first byte cuts the connection before the body\'s end (the HTTP client reports an incomplete body).',
  '**Before the first byte**, a fault is a 503 `search_unavailable` problem. Not on the public door: taking a match set away is bulk access, outside its fair use.',
].join(' ');

/** `GET /api/v1/papers/export` in the data API's OpenAPI document. */
export function exportPaths(): ZodOpenApiPathsObject {
  return {
    [EXPORT_PATH]: {
      get: apiOperation({
        operationId: 'exportPapers',
        summary: 'Stream a whole keyword match set (JSON Lines or CSV)',
        description: DESCRIPTION,
        tags: ['Papers'],
        access: 'key',
        requestParams: { query: exportQuerySchema },
        success: {
          status: 200,
          description: 'The match set, newest first, as a stream.',
          schema: z.string(),
          content: {
            'application/x-ndjson': { schema: z.string().meta({ description: 'One `SemanticPaper` record (JSON) per line, then the closing line `{"next_cursor": string | null, "count": integer}` (or `{"error": problem}` after a fault).' }) },
            [CSV_MEDIA_TYPE]: {
              schema: z.string().meta({
                description: `A header row naming the columns ${EXPORT_CSV_COLUMNS.map((c) => `\`${c}\``).join(', ')}, then one row per record; a list is its items joined by \`${CSV_LIST_SEPARATOR}\`, no value is an empty field. UTF-8 with a byte order mark, RFC 4180 quoting, CRLF lines.`,
              }),
            },
          },
          headers: {
            ...varyAcceptHeaders,
            'Content-Disposition': header('`attachment; filename="export-….jsonl"` (or `.csv`; `filename*` with the name in UTF-8 when it is not ASCII).').meta({ header: { id: 'Content-Disposition.export' } }),
            'Cache-Control': header('`private, no-store`', z.literal('private, no-store')).meta({ header: { id: 'Cache-Control.export' } }),
            'X-Content-Type-Options': header('`nosniff`', z.literal('nosniff')).meta({ header: { id: 'X-Content-Type-Options.export' } }),
            'X-Total-Count': header('Papers matching now, in the whole match set (the progress of a multi-call export).', z.int().min(0)).meta({ header: { id: 'X-Total-Count' } }),
            'X-Request-Cost': header(`Requests of the key's allowance this call costs: one per ${L.recordsPerRequest} records it plans to stream (rounded up), at least one.`, z.int().min(1)).meta({ header: { id: 'X-Request-Cost' } }),
          },
        },
        errors: {
          400: {
            missing_query: `q is absent without author, or shorter than ${SEMANTIC_LIMITS.queryMin} characters`,
            query_too_long: `q is longer than ${SEMANTIC_LIMITS.queryMax} characters`,
            term_too_short: `a term shorter than ${SEMANTIC_LIMITS.keywordTermMinChars} characters`,
            invalid_topic: 'not one of the 25 topic slugs',
            invalid_lang: 'lang is not ja, en or all',
            invalid_shelf: 'shelf is not curated, japan_to_global, global_to_japan or all',
            invalid_min_score: 'min_score is not a number from 0 to 100',
            invalid_year_from: KEYWORD_PARAM_CODES.invalid_year_from,
            invalid_year_to: KEYWORD_PARAM_CODES.invalid_year_to,
            invalid_venue_type: KEYWORD_PARAM_CODES.invalid_venue_type,
            invalid_author: KEYWORD_PARAM_CODES.invalid_author,
            invalid_since: KEYWORD_PARAM_CODES.invalid_since,
            invalid_format: `format is not one of ${EXPORT_FORMATS.join(', ')}`,
            invalid_cursor: 'cursor is not a next_cursor (or CSV row cursor) of an export, unchanged, or continues an export as of another release than as_of names',
            invalid_limit: `limit is not a whole number from 1 to ${L.maxPerCall}`,
            ...AS_OF_ERRORS[400],
          },
          410: AS_OF_ERRORS[410],
          503: { search_unavailable: 'the search backend failed before the first byte', ...AS_OF_ERRORS[503] },
        },
      }),
    },
  };
}
