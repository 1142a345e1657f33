import { z } from 'zod';

/**
 * Compact paper records for agents: a record leaves out `title_ja` and `title_en` when they repeat
 * `title` (most papers' original title is also their English or Japanese one), and the highlights in
 * a field left out, which repeat the title's. Everything else, `highlights` snippets and scores
 * included, is the record as the HTTP answer gives it. The schemas are the response schemas'
 * own, with those two fields made optional.
 */

/** The fields left out when equal to `title`. */
export const REPEATED_TITLES = ['title_ja', 'title_en'] as const;

/** What the search tools' descriptions say about their records. */
export const COMPACT_RECORDS_FOR_AGENTS = '`title_ja` and `title_en` are left out of a record when equal to its `title` (and so are their highlights, which repeat the title\'s).';

type Shape = Record<string, z.ZodType>;

/** A paper record schema as agents get it: the same fields, `title_ja` / `title_en` optional. */
export function compactPaperSchema(record: z.ZodObject): z.ZodObject {
  const shape = record.shape as Shape;
  const optional: Shape = {};
  for (const key of REPEATED_TITLES) {
    const field = shape[key];
    if (!field) continue;
    const description = (field.meta() as { description?: string } | undefined)?.description;
    optional[key] = field.optional().meta({ description: `${description ? `${description} ` : ''}Left out when equal to \`title\`.` });
  }
  // Spread over the same keys: every field keeps its place.
  return z.object({ ...shape, ...optional });
}

/** A record as agents get it (see above); a record without a `title` field (or a null, a batch's paper not found) is left as it is. */
export function compactPaper<R extends Record<string, unknown> | null>(record: R): R;
export function compactPaper(record: Record<string, unknown> | null): Record<string, unknown> | null {
  if (record === null || !('title' in record)) return record;
  const dropped = new Set<string>(REPEATED_TITLES.filter((key) => key in record && record[key] === record.title));
  if (dropped.size === 0) return record;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (dropped.has(key)) continue;
    out[key] = key === 'highlights' && Array.isArray(value) ? value.filter((h) => !dropped.has((h as { field?: string }).field ?? '')) : value;
  }
  return out;
}

/** A search response schema whose `key` list holds paper records (or nulls among them), with compact records (the other fields its own). */
export function compactAnswerSchema(response: z.ZodObject, key: string): z.ZodObject {
  const shape = response.shape as Shape;
  const list = shape[key];
  if (!(list instanceof z.ZodArray)) throw new Error(`${key} is not a list of records`);
  const element = list.element;
  const records = z.array(element instanceof z.ZodNullable ? compactPaperSchema(element.unwrap() as z.ZodObject).nullable() : compactPaperSchema(element as z.ZodObject));
  const { id: _id, ...meta } = (list.meta() ?? {}) as Record<string, unknown>;
  return z.object({ ...shape, [key]: Object.keys(meta).length > 0 ? records.meta(meta) : records });
}

/** A search answer with compact records in its `key` list. */
export function compactAnswer(answer: Record<string, unknown>, key: string): Record<string, unknown> {
  const records = answer[key];
  return Array.isArray(records) ? { ...answer, [key]: records.map((r) => compactPaper(r as Record<string, unknown> | null)) } : answer;
}
