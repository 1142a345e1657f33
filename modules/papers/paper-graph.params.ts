import { z } from 'zod';
import { coded, rule, text, wholeNumber, withDefault } from '../../shared/http/param-schemas';
import type { CitedByKey } from './paper-graph.repository';
import { PAPER_ID } from './paper-path';
import { asOfParam } from './as-of-param';

/**
 * The query of a paper's references and cited-by pages (`/api/v1/papers/{id}/references`,
 * `/cited-by`), the same on both doors: `limit` and a keyset `cursor`. One definition, so both doors,
 * both OpenAPI documents and the MCP tools say the same.
 */

export const GRAPH_LIMITS = { limitMin: 1, limitMax: 100, limitDefault: 25 } as const;

/** Cursors are opaque to clients (base64url of a small JSON array), so their form may change. */
const encode = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

/** The array a cursor holds, when it is exactly one this side wrote (re-encoded to the same text). */
function decode(value: string): unknown[] | undefined {
  if (value.length > 400) return undefined;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    return Array.isArray(decoded) && encode(decoded) === value ? decoded : undefined;
  } catch {
    return undefined;
  }
}

/** What a cursor's number may be: a Postgres integer (a value beyond it would fail the statement). */
const INT32 = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= -(2 ** 31) && (v as number) < 2 ** 31;

/** A references cursor: the position of the last reference served. */
export const encodeReferencesCursor = (position: number): string => encode([position]);

export function decodeReferencesCursor(value: string): number | undefined {
  const key = decode(value);
  return key?.length === 1 && INT32(key[0]) && key[0] >= 0 ? key[0] : undefined;
}

/** A cited-by cursor: the last citing paper's year (null when it has none) and id. */
export const encodeCitedByCursor = (key: CitedByKey): string => encode([key.year, key.id]);

export function decodeCitedByCursor(value: string): CitedByKey | undefined {
  const key = decode(value);
  if (key?.length !== 2) return undefined;
  const [year, id] = key;
  return (year === null || INT32(year)) && typeof id === 'string' && PAPER_ID.test(id) ? { year, id } : undefined;
}

const L = GRAPH_LIMITS;

const limit = coded(withDefault(wholeNumber(L.limitMin, L.limitMax), L.limitDefault), 'invalid_limit', {
  description: `Records per page, ${L.limitMin} to ${L.limitMax}.`,
});

/** `cursor`: absent or `*` for the first page (null), else a `next_cursor` of this endpoint. */
const cursor = <K>(decodeKey: (value: string) => K | undefined) =>
  coded(
    text()
      .check(rule<string>((v) => v === '*' || decodeKey(v) !== undefined, 'cursor is * (the first page) or the next_cursor of a previous answer of this endpoint, unchanged.'))
      .transform((v): K | null => (v === '*' ? null : decodeKey(v)!))
      .optional(),
    'invalid_cursor',
    {
      description:
        '`*` (or absent) for the first page, then each answer\'s `next_cursor`, unchanged (null on the last page). Keyset paging: no depth limit, every page costs the same, and a walk neither repeats nor skips an entry that existed when it began while others are added.',
    },
  );

export const referencesQuerySchema = z.object({ limit, cursor: cursor(decodeReferencesCursor), as_of: asOfParam });
export const citedByQuerySchema = z.object({ limit, cursor: cursor(decodeCitedByCursor), as_of: asOfParam });

export type ReferencesQuery = z.output<typeof referencesQuerySchema>;
export type CitedByQuery = z.output<typeof citedByQuerySchema>;

/** The 400 codes of these pages, for each door's documentation (the path's `invalid_id` too). */
export const GRAPH_PARAM_CODES = {
  invalid_id: 'the id is not 1 to 128 letters, digits, "_" or "-"',
  invalid_limit: `limit is not a whole number from ${L.limitMin} to ${L.limitMax}`,
  invalid_cursor: 'cursor is not * or a next_cursor of this endpoint, unchanged',
} as const;
