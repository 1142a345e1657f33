import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Database } from '../../shared/db/database';
import { migrate } from '../../shared/db/migrate';
import { projectRoot } from '../../shared/project-paths';
import { generateDemoPapers } from '../../modules/papers/demo/demo-papers';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { REAL_PAPERS_FILE } from './corpus';
import { readMemory } from './server-process';

/** How often the load's memory is read while it runs (VmHWM only grows: the last reading before its exit is its peak, near enough). */
const MEMORY_POLL_MS = 250;

export interface CorpusFigures {
  papers: { total: number; real: number; generated: number };
  load: {
    migrateMs: number;
    generateMs: number;
    /** Everything loaded: the generated papers (loader function) and papers.jsonl with the index files (`gx load papers`). */
    loadMs: number;
    /** Papers written a second, the index files' build left out. */
    papersPerSecond: number;
    /** The keyword index files `gx load papers --index-files` wrote after its rows (part of `loadMs`). */
    indexFilesMs: number;
    /** That `gx load`'s peak RSS (VmHWM), MiB: a build of the whole index from Postgres. */
    indexFilesPeakMb: number;
  };
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
 * Migrates the scratch database and loads `target` papers as a newcomer's bulk load ends: the
 * generated ones (the demo generator: record n is the same whatever the count, so each size's corpus
 * extends the smaller ones) with the loader function, generation timed apart, then papers.jsonl with
 * `gx load papers --index-files`, which writes the keyword index's files under `dataDir` once its
 * rows are in, so the first `gx start` reopens them as it would after `gx load papers` on a machine.
 */
export async function loadScalingCorpus(url: string, target: number, dataDir: string): Promise<CorpusFigures> {
  const db = new Database(url, 4);
  try {
    const tm = performance.now();
    await migrate(db);
    const migrateMs = performance.now() - tm;
    const repository = new PaperRepository(db);
    const realLines = fs.readFileSync(REAL_PAPERS_FILE, 'utf8').split('\n').filter((line) => line.trim()).length;
    const tg = performance.now();
    const generated: (ReturnType<typeof generateDemoPapers>[number] | undefined)[] = generateDemoPapers({ count: Math.max(0, target - realLines) });
    const generateMs = performance.now() - tg;
    const t2 = performance.now();
    for (let start = 0; start < generated.length; start += LOAD_CHUNK) {
      const end = Math.min(generated.length, start + LOAD_CHUNK);
      await loadPapers(recordsAsLines(generated.slice(start, end)), repository);
      // Loaded: let the collector have them before the next chunk is validated.
      generated.fill(undefined, start, end);
    }
    const generatedCount = await repository.count();
    const cli = await gxLoadPapers(url, dataDir, REAL_PAPERS_FILE);
    const loadMs = performance.now() - t2;
    const total = await repository.count();
    return {
      papers: { total, real: total - generatedCount, generated: generatedCount },
      load: { migrateMs, generateMs, loadMs, papersPerSecond: total / ((loadMs - cli.indexFilesMs) / 1000), indexFilesMs: cli.indexFilesMs, indexFilesPeakMb: cli.peakMb },
      benchPeakRssMb: process.resourceUsage().maxRSS / 1024,
    };
  } finally {
    await db.close();
  }
}

/** `gx load papers FILE --index-files`: how long its keyword index files took (from its log) and its peak RSS. */
async function gxLoadPapers(databaseUrl: string, dataDir: string, file: string): Promise<{ indexFilesMs: number; peakMb: number }> {
  const root = projectRoot();
  const child = spawn(process.execPath, [path.join(root, 'bin', 'gx.js'), 'load', 'papers', file, '--index-files'], {
    cwd: root,
    env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output += chunk.toString('utf8'));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let peakMb = 0;
  const poll = setInterval(() => {
    try {
      peakMb = Math.max(peakMb, readMemory(child.pid!).peakRssMb || 0);
    } catch {
      // exited between two readings
    }
  }, MEMORY_POLL_MS);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  }).finally(() => clearInterval(poll));
  if (code !== 0) throw new Error(`gx load papers --index-files exited ${code}:\n${output.slice(-2_000)}`);
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; ms?: number };
    if (entry.msg?.startsWith('keyword index files written') && typeof entry.ms === 'number') return { indexFilesMs: entry.ms, peakMb };
  }
  throw new Error(`gx load papers --index-files wrote no keyword index files:\n${output.slice(-2_000)}`);
}
