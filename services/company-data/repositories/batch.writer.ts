import { createHash } from 'node:crypto';
import type { Queryable } from '../../../shared/db/database';
import type { BatchOutcome } from '../../../shared/loading/load-records';

/** JSON with object keys sorted at every level, so equal content always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The hash of a record's stored content: an upsert leaves a row whose hash is unchanged alone. */
export function contentHash(record: object): string {
  return createHash('sha256').update(canonicalJson(record)).digest('base64url');
}

/** Each row an upsert statement returns: a written record, or one the database refused. */
export interface OutcomeRow {
  key: string;
  outcome: 'inserted' | 'updated' | 'rejected';
}

/**
 * Runs one upsert statement over a batch (`$1` is the batch as a JSON array, each record with its
 * `content_hash`) and counts its outcome rows; `explain` words the reason of each rejected row.
 */
export async function runUpsert<Row extends OutcomeRow>(
  db: Queryable,
  sql: string,
  records: object[],
  explain: (row: Row) => string,
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { inserted: 0, updated: 0, rejected: [] };
  if (records.length === 0) return outcome;
  const rows = records.map((r) => ({ ...r, content_hash: contentHash(r) }));
  const result = await db.query<Row>(sql, [JSON.stringify(rows)]);
  for (const row of result.rows) {
    if (row.outcome === 'inserted') outcome.inserted++;
    else if (row.outcome === 'updated') outcome.updated++;
    else outcome.rejected.push({ key: row.key, error: explain(row) });
  }
  return outcome;
}
