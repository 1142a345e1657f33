import { z } from 'zod';
import { coded, crossRule, rule, text, withDefault, wholeNumber } from '../../shared/http/param-schemas';
import { formatParam } from '../../shared/http/format-param';
import { parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { splitTerms } from '../../shared/text/normalize';
import type { Offered } from '../../shared/http/content-negotiation';
import { CSV_MEDIA_TYPE } from '../../shared/text/csv';
import { keywordOptionsOf, queryText, termProblem, yearRangeProblem, type SortKey } from '../../modules/keyword-index';
import { SEMANTIC_LIMITS, semanticQuerySchema, type SemanticParams } from './semantic-params';
import { asOfParam, RELEASE_ID } from '../../modules/papers';

/** The export's bounds: records per call, and how many are read from the index at a time. */
export const EXPORT_LIMITS = {
  /** The most records one call streams; a larger match set is taken in several calls, each continuing where the last stopped. */
  maxPerCall: 10_000,
  /** One request of the key's allowance per this many records (rounded up; a call costs at least one). */
  recordsPerRequest: 1_000,
  /** Records read from the index per step of the stream (a page of the keyword search, by keyset). */
  pageSize: 500,
} as const;

export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** JSON Lines (the default) by its common media types, or CSV. */
export const EXPORT_MEDIA_TYPES: readonly [Offered<ExportFormat>, ...Offered<ExportFormat>[]] = [
  { name: 'jsonl', mediaTypes: ['application/x-ndjson', 'application/jsonl', 'application/json'] },
  { name: 'csv', mediaTypes: [CSV_MEDIA_TYPE] },
];

/**
 * Where an export stands: after this paper in the newest-first order, with how many records it has
 * given so far, and the release it answers as of (null: the corpus now, when no release had been cut),
 * so every call of one export reads the same corpus.
 */
export interface ExportCursor extends SortKey {
  delivered: number;
  release: string | null;
}

/** Opaque to clients (base64url of `[year, id, delivered, release]`), so its form may change. */
export const encodeExportCursor = (c: ExportCursor): string => Buffer.from(JSON.stringify([c.year, c.id, c.delivered, c.release])).toString('base64url');

export function decodeExportCursor(value: string): ExportCursor | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(decoded) || decoded.length !== 4) return undefined;
    const [year, id, delivered, release] = decoded as unknown[];
    if (!((year === null || Number.isInteger(year)) && typeof id === 'string' && id.length > 0 && id.length <= 128 && Number.isSafeInteger(delivered) && (delivered as number) > 0)) return undefined;
    if (!(release === null || (typeof release === 'string' && RELEASE_ID.test(release)))) return undefined;
    const cursor = { year: year as number | null, id, delivered: delivered as number, release: release as string | null };
    return encodeExportCursor(cursor) === value ? cursor : undefined;
  } catch {
    return undefined;
  }
}

const S = semanticQuerySchema.shape;
const L = EXPORT_LIMITS;

/**
 * The query of `GET /api/v1/papers/export`: the keyword search's q and filters (its own schema's
 * fields), what to stream (`format`), where to continue (`cursor`) and how many records at most
 * (`limit`). Not the search's paging (`offset`, its `cursor`), order (`sort`: an export is newest
 * first, the keyset order that stays consistent while papers change), `collapse`, `facets`,
 * `highlight` nor `mode` (it is keyword matching).
 */
export const exportQuerySchema = z
  .object({
    q: coded(queryText(SEMANTIC_LIMITS.queryMax).optional(), 'missing_query', {
      description: `White-space-separated terms, each of at least ${SEMANTIC_LIMITS.keywordTermMinChars} characters, all AND-combined as in the search's keyword mode; ${SEMANTIC_LIMITS.queryMin} to ${SEMANTIC_LIMITS.queryMax} characters. Required unless \`author\` is given (every paper of that author the filters admit).`,
      minLength: SEMANTIC_LIMITS.queryMin,
      maxLength: SEMANTIC_LIMITS.queryMax,
    }),
    topic: S.topic,
    lang: S.lang,
    shelf: S.shelf,
    min_score: S.min_score,
    year_from: S.year_from,
    year_to: S.year_to,
    venue_type: S.venue_type,
    author: S.author,
    since: S.since,
    format: formatParam(EXPORT_FORMATS, 'What to stream: `jsonl` (JSON Lines, the default: one record per line, then one closing line) or `csv` (a header row, then one row per record). Without `format`, `Accept` chooses (`application/x-ndjson` or `application/jsonl`, `text/csv`).'),
    cursor: coded(
      text()
        .check(rule<string>((v) => decodeExportCursor(v) !== undefined, 'cursor is the next_cursor of a previous export (or the cursor of its last CSV row), unchanged.'))
        .transform((v) => decodeExportCursor(v)!)
        .optional(),
      'invalid_cursor',
      { description: 'Where to continue: the `next_cursor` of the previous call\'s closing line (JSON Lines), or the `cursor` of the last row received (CSV), with the same other parameters. Absent: from the start.' },
    ),
    as_of: asOfParam,
    limit: coded(withDefault(wholeNumber(1, L.maxPerCall), L.maxPerCall), 'invalid_limit', {
      description: `Records this call streams at most, 1 to ${L.maxPerCall} (the default); fewer when the key's allowance left covers fewer (${L.recordsPerRequest} records per request).`,
    }),
  })
  .check(
    crossRule<{ q?: string; author?: string }>(['q'], 'q', (v) => (v.q === undefined && v.author === undefined ? { message: 'q is required unless author is given, and must be at least 2 characters.' } : undefined)),
    crossRule<{ year_from?: number; year_to?: number }>(['year_from', 'year_to'], 'year_to', yearRangeProblem),
    // A cursor continues the export it came from, as of its release: another as_of is another export.
    crossRule<{ cursor?: ExportCursor; as_of?: string }>(['cursor', 'as_of'], 'cursor', (v) =>
      v.cursor && v.as_of !== undefined && v.cursor.release !== v.as_of
        ? { message: `this cursor continues an export as of ${v.cursor.release === null ? 'the corpus before any release' : `release ${v.cursor.release}`}; leave as_of out (or give that release) to continue it, or start a new export without the cursor.` }
        : undefined,
    ),
    z.superRefine<{ q?: string }>((v, ctx) => {
      const found = v.q !== undefined ? termProblem(v.q, { maxTerms: null }) : undefined;
      if (found) ctx.addIssue({ code: 'custom', message: found.message, params: { code: found.code }, input: v.q });
    }),
  );

export interface ExportParams {
  /** The keyword search each step of the stream asks (its cursor and limit set per step). */
  search: SemanticParams;
  format?: ExportFormat;
  after?: ExportCursor;
  limit: number;
  /** The release asked for (`as_of`); a cursor's own release decides once an export has begun. */
  asOf?: string;
}

export function parseExportParams(query: RawQuery): ExportParams {
  const p = parseQuery(exportQuerySchema, query);
  const q = p.q ?? '';
  const search: SemanticParams = {
    query: q,
    mode: 'keyword',
    terms: splitTerms(q),
    ...keywordOptionsOf({ author: p.author, since: p.since, year_from: p.year_from, year_to: p.year_to, venue_type: p.venue_type, sort: 'newest' }),
    highlightTerms: [],
    topic: p.topic,
    limit: L.pageSize,
    offset: 0,
    minScore: p.min_score,
    lang: p.lang,
    langs: p.lang === 'ja' ? ['ja', 'mul'] : p.lang === 'en' ? ['en', 'mul'] : undefined,
    shelf: p.shelf === 'all' ? undefined : p.shelf,
  };
  return { search, limit: p.limit, ...(p.format && { format: p.format }), ...(p.cursor && { after: p.cursor }), ...(p.as_of !== undefined && { asOf: p.as_of }) };
}
