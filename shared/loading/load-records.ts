import type { z } from 'zod';
import type { JsonLine } from './json-lines';

/** What a load did, line by line (the papers loader's report, plus the lines deliberately skipped). */
export interface LoadReport {
  /** Non-empty lines read. */
  read: number;
  inserted: number;
  updated: number;
  /** Records already stored with the same content: left alone, their `updated_at` too. */
  unchanged: number;
  /** Lines whose key an earlier line of the same file already had (one record per key is kept). */
  repeated: number;
  /** Lines deliberately not loaded (an SBTi row without a TSE code, a preferred-share issue). */
  skipped: number;
  /** Bad lines, in line order: not JSON, invalid, or pointing at something the database does not have. */
  rejected: { line: number; error: string }[];
}

export type LoadProgress =
  | { stage: 'reading'; lines: number; bytes: number }
  | { stage: 'writing'; written: number; total: number };

export interface LoadOptions {
  /** Records per statement (default 500). */
  batchSize?: number;
  onProgress?: (progress: LoadProgress) => void;
}

/** What one batch statement did. Records neither written nor rejected were unchanged. */
export interface BatchOutcome {
  inserted: number;
  updated: number;
  /** Records the database refused (an unknown company, say), by key, with the reason. */
  rejected: { key: string; error: string }[];
}

/** Upserts a batch of records in one statement: it lands whole or not at all. */
export interface BatchWriter<R> {
  upsertMany(records: R[]): Promise<BatchOutcome>;
}

/** A valid input line turned into a record, or skipped on purpose, or refused. */
export type Prepared<R> = { record: R } | { skip: string } | { error: string };

/** How one kind of line becomes a stored record. */
export interface RecordSpec<S extends z.ZodType, R> {
  /**
   * Recognises, before validation, a line that belongs in the file but not in the table (a preferred
   * share in the JPX master): returns why it is skipped, or undefined to go on.
   */
  screen?: (value: unknown) => string | undefined;
  /** Validates and normalises one line. */
  schema: S;
  /** The record to store (default: the validated line itself). */
  prepare?: (input: z.output<S>) => Prepared<R>;
  /** The record's identity in its table. */
  keyOf: (record: R) => string;
  /**
   * Chooses between two records of one key: > 0 keeps `a`, < 0 keeps `b`. A total order here makes
   * the outcome independent of line order. Without it (or on 0) the later line wins.
   */
  compare?: (a: R, b: R) => number;
}

export const DEFAULT_BATCH_SIZE = 500;

/** Zod issues as one line of text: `field: message; other.field: message`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'line'}: ${i.message}`).join('; ');
}

/**
 * The loading loop shared by every kind of JSON Lines file: parse → screen → validate with the
 * spec's zod schema → prepare → one record per key → batches of `batchSize`, each upserted by the writer in one
 * statement → a report. Bad lines are reported with their line numbers and the good ones loaded.
 *
 * The whole file is read and validated before anything is written, so a key that repeats is resolved
 * (by `spec.compare`, else the later line) before any of its records reaches the database: the result
 * does not depend on batch boundaries, and loading the same file again changes nothing. Memory grows
 * with the number of distinct valid records (a few MB for the company files).
 */
export async function loadRecords<S extends z.ZodType, R>(
  lines: AsyncIterable<JsonLine>,
  spec: RecordSpec<S, R>,
  writer: BatchWriter<R>,
  options: LoadOptions = {},
): Promise<LoadReport> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batch size must be a positive whole number, not ${batchSize}`);
  const report: LoadReport = { read: 0, inserted: 0, updated: 0, unchanged: 0, repeated: 0, skipped: 0, rejected: [] };
  const kept = new Map<string, { record: R; line: number }>();

  for await (const entry of lines) {
    report.read++;
    options.onProgress?.({ stage: 'reading', lines: entry.line, bytes: entry.bytes });
    if (!entry.ok) {
      report.rejected.push({ line: entry.line, error: entry.error });
      continue;
    }
    if (spec.screen?.(entry.value) !== undefined) {
      report.skipped++;
      continue;
    }
    const parsed = spec.schema.safeParse(entry.value);
    if (!parsed.success) {
      report.rejected.push({ line: entry.line, error: describeIssues(parsed.error) });
      continue;
    }
    const prepared: Prepared<R> = spec.prepare ? spec.prepare(parsed.data) : { record: parsed.data as R };
    if ('error' in prepared) {
      report.rejected.push({ line: entry.line, error: prepared.error });
      continue;
    }
    if ('skip' in prepared) {
      report.skipped++;
      continue;
    }
    const key = spec.keyOf(prepared.record);
    const earlier = kept.get(key);
    if (earlier) {
      report.repeated++;
      if (spec.compare && spec.compare(earlier.record, prepared.record) > 0) continue;
    }
    kept.set(key, { record: prepared.record, line: entry.line });
  }

  const entries = [...kept.entries()];
  for (let start = 0; start < entries.length; start += batchSize) {
    const batch = entries.slice(start, start + batchSize);
    const outcome = await writer.upsertMany(batch.map(([, e]) => e.record));
    const lineOf = new Map(batch.map(([key, e]) => [key, e.line]));
    for (const { key, error } of outcome.rejected) {
      const line = lineOf.get(key);
      if (line === undefined) throw new Error(`the writer rejected ${key}, which was not in its batch`);
      report.rejected.push({ line, error });
    }
    report.inserted += outcome.inserted;
    report.updated += outcome.updated;
    report.unchanged += batch.length - outcome.inserted - outcome.updated - outcome.rejected.length;
    options.onProgress?.({ stage: 'writing', written: start + batch.length, total: entries.length });
  }
  report.rejected.sort((a, b) => a.line - b.line);
  return report;
}
