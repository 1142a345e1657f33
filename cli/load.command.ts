import fs from 'node:fs';
import { SingleBar, Presets } from 'cli-progress';
import { InvalidArgumentError } from 'commander';
import { loadCompanies, loadMetrics, loadReports, loadSbtTargets } from '../services/company-data';
import type { LoadOptions, LoadReport } from '../shared/loading/load-records';
import type { Config } from '../shared/config/config';
import type { Database } from '../shared/db/database';
import { databaseModule } from '../shared/db/database.module';
import type { Logger } from '../shared/logging/logger';
import { readJsonLines, type JsonLine } from '../shared/loading/json-lines';
import { loadPapers, PaperRepository } from '../modules/papers';
import { Runtime } from '../shared/runtime/runtime';
import { acquireDataDir, DataDirInUseError, type DataDirLock } from '../shared/runtime/data-dir-lock';
import { buildKeywordIndexFiles, keywordIndexDir } from '../modules/keyword-index';


/** Where a loader tells how far it is. */
interface Progress {
  reading(lines: number, bytes: number): void;
  writing(written: number, total: number): void;
}

/** One kind of file `gx load` takes. */
export interface LoadKind {
  /** The subcommand's help. */
  description: string;
  /** What a batch holds, for the progress bar and `--batch-size` help ("papers"). */
  unit: string;
  /** Why lines are skipped, when this kind skips some (shown in the summary when some were). */
  skipped?: string;
  run(config: Config, db: Database, lines: AsyncIterable<JsonLine>, batchSize: number, progress: Progress): Promise<LoadReport>;
  /**
   * What follows a load that changed something (the papers' keyword index files): with the embedded
   * PostgreSQL, whose DATA_DIR is the next `gx start`'s; with DATABASE_URL only when asked for
   * (`afterOption` is the flag's help).
   */
  after?(config: Config, db: Database, logger: Logger): Promise<void>;
  afterOption?: string;
}

/** A loader's progress, shown on the bar. */
const reportTo = (progress: Progress): NonNullable<LoadOptions['onProgress']> => (p) =>
  p.stage === 'reading' ? progress.reading(p.lines, p.bytes) : progress.writing(p.written, p.total);

const papers: LoadKind = {
  description: 'upsert papers from FILE.jsonl (idempotent); every search index follows through the change log',
  unit: 'papers',
  // Postgres only: each batch records its changes in the change log in the same transaction, and
  // the indexer (shared engines) and every process-local index apply them from there.
  run: (_config, db, lines, batchSize, progress) => loadPapers(lines, new PaperRepository(db), { batchSize, onProgress: reportTo(progress) }),
  after: writeKeywordIndexFiles,
  afterOption:
    "also write the keyword index's files under DATA_DIR, so the next `gx start` there reopens them at once: done anyway with the embedded PostgreSQL; with DATABASE_URL only with this flag (a load job's DATA_DIR is seldom a server's)",
};

/**
 * After a bulk load, the embedded keyword index's files under DATA_DIR, so that the next `gx start`
 * reopens them at once instead of building the index from Postgres. Only when no `gx start` owns
 * the DATA_DIR: a running one follows the change log itself and keeps its own files.
 */
async function writeKeywordIndexFiles(config: Config, db: Database, logger: Logger): Promise<void> {
  let lock: DataDirLock;
  try {
    lock = await acquireDataDir(config.dataDir, { command: 'gx load papers' });
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    logger.info({ owner: err.owner?.pid }, 'a running process owns DATA_DIR and follows the change log: keyword index files left to it');
    return;
  }
  try {
    const started = Date.now();
    const papers = await buildKeywordIndexFiles(config, db, logger);
    if (papers !== undefined) logger.info({ papers, ms: Date.now() - started, dir: keywordIndexDir(config) }, 'keyword index files written: the next start opens them at once');
  } finally {
    await lock.release();
  }
}

type CompanyDataLoader = (lines: AsyncIterable<JsonLine>, db: Database, options?: LoadOptions) => Promise<LoadReport>;

const companyData = (unit: string, description: string, load: CompanyDataLoader, skipped?: string): LoadKind => ({
  description,
  unit,
  skipped,
  run: (_config, db, lines, batchSize, progress) =>
    load(lines, db, {
      batchSize,
      onProgress: reportTo(progress),
    }),
});

/** `gx load <kind> FILE`. */
export const LOAD_KINDS = {
  papers,
  companies: companyData(
    'companies',
    'upsert the TSE company master from FILE.jsonl (idempotent), by securities code; preferred-share issues are skipped',
    loadCompanies,
    'preferred shares, not companies',
  ),
  sbt: companyData(
    'SBTi rows',
    "upsert companies' SBTi status from FILE.jsonl (idempotent): rows without tse_code are skipped, one row per company kept",
    loadSbtTargets,
    'no tse_code',
  ),
  reports: companyData('reports', 'upsert collected reports from FILE.jsonl (idempotent), by report id', loadReports),
  metrics: companyData('metrics', 'upsert decarbonisation metrics from FILE.jsonl (idempotent), by company and publication year', loadMetrics),
} satisfies Record<string, LoadKind>;

export type LoadKindName = keyof typeof LOAD_KINDS;

/** A progress bar on stderr when it is a terminal: bytes while reading, then records while writing. */
function progressBar(unit: string, fileSize: number): Progress & { stop(): void } {
  if (!process.stderr.isTTY) return { reading: () => undefined, writing: () => undefined, stop: () => undefined };
  const bar = new SingleBar({ format: `${unit} |{bar}| {percentage}% | {detail}`, stream: process.stderr }, Presets.shades_classic);
  bar.start(fileSize, 0, { detail: 'line 0' });
  let writing = false;
  return {
    reading: (line, bytes) => bar.update(bytes, { detail: `${bytes}/${fileSize} bytes | line ${line}` }),
    writing: (written, total) => {
      if (!writing) bar.setTotal(total);
      writing = true;
      bar.update(written, { detail: `${written}/${total} written` });
    },
    stop: () => bar.stop(),
  };
}

/** `--batch-size`: a positive whole number. */
export function parseBatchSize(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('a positive whole number');
  return n;
}

export function summaryLine(file: string, report: LoadReport, skipped?: string): string {
  const skippedPart = report.skipped ? `, ${report.skipped} skipped${skipped ? ` (${skipped})` : ''}` : '';
  return (
    `${file}: ${report.read} lines read, ${report.inserted} inserted, ${report.updated} updated, ` +
    `${report.unchanged} unchanged, ${report.repeated} repeated in the file, ${report.rejected.length} rejected${skippedPart}`
  );
}

/**
 * `gx load <kind> FILE`: upserts the file's records. Bad lines go to stderr as `line N: error`, the
 * summary to stdout. Exit code 0 when every line loaded (or was skipped on purpose), 2 when some
 * lines were rejected (the good ones are loaded all the same).
 */
export async function loadCommand(config: Config, logger: Logger, kind: LoadKindName, file: string, batchSize: number, options: { forceAfter?: boolean } = {}): Promise<void> {
  const definition: LoadKind = LOAD_KINDS[kind];
  if (!definition) throw new Error(`unknown kind of file: ${kind}`);
  if (!fs.existsSync(file)) throw new Error(`no such file: ${file}`);
  const runtime = await Runtime.start(['database'], new Map([[databaseModule.name, databaseModule]]), config, logger);
  const progress = progressBar(definition.unit, fs.statSync(file).size);
  try {
    const report = await definition.run(config, runtime.value<Database>('database'), readJsonLines(file), batchSize, progress);
    progress.stop();
    for (const { line, error } of report.rejected) process.stderr.write(`line ${line}: ${error}\n`);
    process.stdout.write(`${summaryLine(file, report, definition.skipped)}\n`);
    if (report.rejected.length > 0) process.exitCode = 2;
    const after = definition.after && (options.forceAfter || !config.database.url);
    if (after && report.inserted + report.updated > 0) await definition.after!(config, runtime.value<Database>('database'), logger);
  } finally {
    progress.stop();
    await runtime.stop();
  }
}
