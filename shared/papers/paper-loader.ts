import type { KeywordIndex } from '../keyword-index/keyword-index.port';
import type { JsonLine } from './json-lines';
import { parsePaperInput } from './paper-input';
import type { NewPaper, PaperRepository } from './paper.repository';

export interface LoadReport {
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Later lines that repeated a paper already in the same load (the last one wins). */
  repeated: number;
  rejected: { line: number; error: string }[];
}

export interface LoadOptions {
  batchSize?: number;
  /** Search indexes shared with other processes (Elasticsearch), brought up to date batch by batch. */
  indexes?: KeywordIndex[];
  onProgress?: (progress: { lines: number; bytes: number }) => void;
}

/**
 * Upserts papers into Postgres, batch by batch, and brings the shared indexes up to date. Bad
 * lines are reported with their line numbers; the good ones are loaded all the same.
 */
export async function loadPapers(
  lines: AsyncIterable<JsonLine>,
  repository: PaperRepository,
  options: LoadOptions = {},
): Promise<LoadReport> {
  const batchSize = options.batchSize ?? 500;
  const report: LoadReport = { read: 0, inserted: 0, updated: 0, unchanged: 0, repeated: 0, rejected: [] };
  const seen = new Set<string>();
  let batch = new Map<string, NewPaper>();

  const flush = async () => {
    if (batch.size === 0) return;
    const outcome = await repository.upsertMany([...batch.values()]);
    batch = new Map();
    report.inserted += outcome.inserted;
    report.updated += outcome.updated;
    report.unchanged += outcome.unchanged;
    for (const index of options.indexes ?? []) await index.upsert(outcome.changed);
  };

  for await (const entry of lines) {
    report.read++;
    options.onProgress?.({ lines: entry.line, bytes: entry.bytes });
    const parsed = entry.ok ? parsePaperInput(entry.value) : { ok: false as const, error: entry.error };
    if (!parsed.ok) {
      report.rejected.push({ line: entry.line, error: parsed.error });
      continue;
    }
    if (seen.has(parsed.paper.id)) report.repeated++;
    seen.add(parsed.paper.id);
    batch.set(parsed.paper.id, parsed.paper);
    if (batch.size >= batchSize) await flush();
  }
  await flush();
  return report;
}

/** Adapts in-memory records (the generated demo corpus) to the loader's input. */
export async function* recordsAsLines(records: Iterable<unknown>): AsyncGenerator<JsonLine> {
  let line = 0;
  for (const value of records) yield { line: ++line, bytes: 0, ok: true, value };
}
