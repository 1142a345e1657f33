import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Database } from '../../shared/db/database';
import { migrate } from '../../shared/db/migrate';
import { generateDemoPapers } from '../../modules/papers/demo/demo-papers';
import { readJsonLines } from '../../shared/loading/json-lines';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';

/** The real corpus, shared by the projects of this workspace (or GX_REFERENCE_DATA_DIR, as the tests read it); read in place, never copied. */
/**
 * The reference data's folder, from `GX_REFERENCE_DATA_DIR` (`.ci/run` sets it). Unset, a path that
 * names the missing setting: a bench needing the files then reports them absent under that name.
 */
export const REFERENCE_DATA_DIR = process.env.GX_REFERENCE_DATA_DIR ? path.resolve(process.env.GX_REFERENCE_DATA_DIR) : path.resolve('GX_REFERENCE_DATA_DIR-is-not-set');
export const REAL_PAPERS_FILE = path.join(REFERENCE_DATA_DIR, 'papers.jsonl');

export interface CorpusReport {
  real: number;
  rejectedLines: number;
  generated: number;
  total: number;
  loadMs: number;
}

/** Migrates the database and loads the real papers plus generated ones up to `target` in all. */
export async function loadCorpus(url: string, target: number): Promise<CorpusReport> {
  const started = performance.now();
  const db = new Database(url, 4);
  try {
    await migrate(db);
    const repository = new PaperRepository(db);
    const real = await loadPapers(readJsonLines(REAL_PAPERS_FILE), repository);
    const realCount = await repository.count();
    const generated = Math.max(0, target - realCount);
    await loadPapers(recordsAsLines(generateDemoPapers({ count: generated })), repository);
    const total = await repository.count();
    return { real: realCount, rejectedLines: real.rejected.length, generated: total - realCount, total, loadMs: performance.now() - started };
  } finally {
    await db.close();
  }
}
