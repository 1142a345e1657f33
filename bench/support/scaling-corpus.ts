import { performance } from 'node:perf_hooks';
import { Database } from '../../shared/db/database';
import { migrate } from '../../shared/db/migrate';
import { generateDemoPapers } from '../../modules/papers/demo/demo-papers';
import { readJsonLines } from '../../shared/loading/json-lines';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { REAL_PAPERS_FILE } from './corpus';

export interface CorpusFigures {
  papers: { total: number; real: number; generated: number };
  load: { migrateMs: number; generateMs: number; loadMs: number; papersPerSecond: number };
  /**
   * The bench process's peak RSS so far, MiB, read once loaded: generation and loading happen in it,
   * and sizes run smallest first, so the peak is this size's.
   */
  benchPeakRssMb: number;
}

/**
 * Generated papers handed to one `loadPapers` call. The loader validates a whole input before it
 * writes any of it, so at a million papers one call would hold a second copy of the corpus next to
 * the generated one and pass the bench process's default heap limit (about 4 GiB). Every size up to
 * 300,000 is one call, as it always was; larger ones are cut into calls of this many papers, in
 * generation order (the generated ids are distinct, so the rows written are the same).
 */
export const LOAD_CHUNK = 300_000;

/**
 * Migrates the scratch database, loads papers.jsonl, then generates the rest up to `target` (the
 * demo generator: record n is the same whatever the count, so each size's corpus extends the
 * smaller ones) and loads it. Generation is timed apart from loading.
 */
export async function loadScalingCorpus(url: string, target: number): Promise<CorpusFigures> {
  const db = new Database(url, 4);
  try {
    const tm = performance.now();
    await migrate(db);
    const migrateMs = performance.now() - tm;
    const repository = new PaperRepository(db);
    const t1 = performance.now();
    await loadPapers(readJsonLines(REAL_PAPERS_FILE), repository);
    const realMs = performance.now() - t1;
    const real = await repository.count();
    const tg = performance.now();
    const generated: (ReturnType<typeof generateDemoPapers>[number] | undefined)[] = generateDemoPapers({ count: Math.max(0, target - real) });
    const generateMs = performance.now() - tg;
    const t2 = performance.now();
    for (let start = 0; start < generated.length; start += LOAD_CHUNK) {
      const end = Math.min(generated.length, start + LOAD_CHUNK);
      await loadPapers(recordsAsLines(generated.slice(start, end)), repository);
      // Loaded: let the collector have them before the next chunk is validated.
      generated.fill(undefined, start, end);
    }
    const genLoadMs = performance.now() - t2;
    const total = await repository.count();
    const loadMs = realMs + genLoadMs;
    return {
      papers: { total, real, generated: total - real },
      load: { migrateMs, generateMs, loadMs, papersPerSecond: total / (loadMs / 1000) },
      benchPeakRssMb: process.resourceUsage().maxRSS / 1024,
    };
  } finally {
    await db.close();
  }
}
