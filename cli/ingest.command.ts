import { Presets, SingleBar } from 'cli-progress';
import { InvalidArgumentError, type Command } from 'commander';
import type { Config } from '../shared/config/config';
import type { Database } from '../shared/db/database';
import { databaseModule } from '../shared/db/database.module';
import type { Logger } from '../shared/logging/logger';
import { Runtime } from '../shared/runtime/runtime';
import { BATCH_FIGURES, type BatchFigures, createIngest, createJobRunner, IngestRepository, type IngestRun, type RetriedBatch, runInProcess, type RunnerStatus, scheduledSince, STAGES } from '../services/ingest-worker';

const parseDate = (v: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))) throw new InvalidArgumentError('expected a date YYYY-MM-DD');
  return v;
};

/** `gx ingest run | status | retry-failed`. */
export function registerIngestCommands(program: Command, config: Config, logger: Logger): void {
  const ingest = program.command('ingest').description('the daily paper ingest: fetch, score, summarise, embed, store and index');
  ingest
    .command('run')
    .description('run an ingest now, in this process, with a progress bar and a report (exit code 2 when a batch failed)')
    .option('--source <name|file>', 'openalex, or a JSON Lines file of papers (default: each of INGEST_SOURCES)')
    .option('--since <date>', 'only papers published on or after this date (default for openalex: INGEST_LOOKBACK_DAYS ago)', parseDate)
    .action((opts: { source?: string; since?: string }) => withDatabase(config, logger, (db) => ingestRun(config, logger, db, opts)));
  ingest
    .command('status')
    .description('queue depths (with REDIS_URL), the next scheduled run, recent runs and failures')
    .option('--json', 'print the status as one JSON object (nothing else on stdout)')
    .action((opts: { json?: boolean }) => withDatabase(config, logger, (db) => ingestStatus(config, logger, db, opts.json === true)));
  ingest
    .command('retry-failed')
    .description('run failed batches again (BullMQ: failed jobs back to the queue; in-process: kept batches, here)')
    .action(() => withDatabase(config, logger, (db) => retryFailed(config, logger, db)));
}

async function withDatabase(config: Config, logger: Logger, fn: (db: Database) => Promise<void>): Promise<void> {
  const runtime = await Runtime.start(['database'], new Map([[databaseModule.name, databaseModule]]), config, logger);
  try {
    await fn(runtime.value<Database>('database'));
  } finally {
    await runtime.stop();
  }
}

async function ingestRun(config: Config, logger: Logger, db: Database, opts: { source?: string; since?: string }): Promise<void> {
  const sources = opts.source ? [opts.source] : config.ingest.sources;
  if (sources.length === 0) throw new Error('nothing to ingest: give --source openalex|FILE or set INGEST_SOURCES');
  const parts = await createIngest(config, db, logger);
  let failed = false;
  try {
    for (const source of sources) {
      const since = opts.since ?? (source === 'openalex' ? scheduledSince(config) : undefined);
      const bar = new SingleBar({ format: `${source} [{bar}] {value}/{total} papers processed | {fetched} fetched`, hideCursor: true, noTTYOutput: process.stderr.isTTY !== true, stream: process.stderr }, Presets.shades_classic);
      bar.start(0, 0, { fetched: 0 });
      const t0 = Date.now();
      const { runId, times } = await runInProcess(parts.jobs, source, since, 'cli', {
        concurrency: config.ingest.batchConcurrency,
        attempts: config.ingest.attempts,
        backoffMs: config.ingest.backoffMs,
        onProgress: ({ fetched, processed }) => {
          bar.setTotal(fetched);
          bar.update(processed, { fetched });
        },
      }).finally(() => bar.stop());
      const run = (await parts.ingest.run(runId))!;
      failed ||= run.status === 'failed';
      process.stdout.write(`${report(run, Date.now() - t0)}\n`);
      process.stdout.write(`time per stage (ms, summed over batches): ${STAGES.filter((s) => times[s] !== undefined).map((s) => `${s} ${times[s]!.toFixed(0)}`).join(', ')}\n`);
    }
  } finally {
    await parts.close();
  }
  if (failed) process.exitCode = 2;
}

function report(run: IngestRun, ms: number): string {
  const f = run.figures;
  const lines = [
    `run ${run.id} (${run.source}${run.since ? `, since ${run.since}` : ''}): ${run.status} in ${(ms / 1000).toFixed(1)} s, ${run.batches ?? 0} batches`,
    `  fetched ${f.fetched}, duplicates ${f.duplicates}, rejected by the gate ${f.rejected}, stored ${f.stored}, updated ${f.updated}, unchanged ${f.unchanged}, failed ${f.failed}`,
  ];
  if (run.error) lines.push(`  error: ${run.error}`);
  if (run.failed_batches > 0) lines.push(`  ${run.failed_batches} batch(es) failed: \`gx ingest retry-failed\` runs them again`);
  return lines.join('\n');
}

const figuresText = (f: BatchFigures) => BATCH_FIGURES.map((k) => `${k} ${f[k]}`).join(', ');

/** What `gx ingest status` reports: the runner's own status, the sources and the recent runs. */
interface IngestStatus extends RunnerStatus {
  sources: string[];
  runs: IngestRun[];
}

async function ingestStatus(config: Config, logger: Logger, db: Database, json: boolean): Promise<void> {
  // Reading only: no shared index or model client is opened for it (the runner gets no ingest jobs).
  const ingest = new IngestRepository(db);
  const runner = createJobRunner(config, logger);
  let status: IngestStatus;
  try {
    status = { ...(await runner.status()), sources: config.ingest.sources, runs: [] };
  } finally {
    await runner.close();
  }
  status.runs = await ingest.recentRuns(10);
  process.stdout.write(json ? `${JSON.stringify(status, null, 2)}\n` : `${statusText(status).join('\n')}\n`);
}

function statusText(status: IngestStatus): string[] {
  const out: string[] = [];
  if (status.runner === 'bullmq') {
    out.push('queues (BullMQ):');
    for (const [name, d] of Object.entries(status.queues ?? {})) out.push(`  ${name}: waiting ${d.waiting}, active ${d.active}, delayed ${d.delayed}, failed ${d.failed}, completed ${d.completed}`);
    const s = status.schedule;
    out.push(`daily schedule: ${s ? `${s.cron} (${s.timezone}), next ${s.next ?? 'unknown'}` : 'not registered (no ingest worker has started)'}`);
  } else {
    out.push(`runner: in process (no REDIS_URL); schedule ${status.schedule!.cron} (${status.schedule!.timezone}), next ${status.schedule!.next}`);
  }
  out.push(`sources: ${status.sources.join(', ') || '(none configured: INGEST_SOURCES)'}`);
  out.push(status.runs.length ? 'recent runs:' : 'no runs yet');
  for (const r of status.runs) {
    out.push(`  ${r.started_at}  ${r.id}  ${r.source}  ${r.status}  ${figuresText(r.figures)}${r.failed_batches ? `  (${r.failed_batches} failed batches)` : ''}${r.error ? `  error: ${r.error}` : ''}`);
  }
  return out;
}

/**
 * BullMQ: its failed jobs go back to the queues, for the workers (their batches are kept in Postgres
 * too, but the jobs are the ones to retry). In process: the kept batches run again here.
 */
async function retryFailed(config: Config, logger: Logger, db: Database): Promise<void> {
  const parts = await createIngest(config, db, logger);
  const runner = createJobRunner(config, logger, parts.jobs);
  try {
    const { requeued, ran } = await runner.retryFailed((batch) => process.stdout.write(`${retriedText(batch)}\n`));
    if (requeued !== undefined) process.stdout.write(`${requeued} failed job(s) moved back to the queues; the ingest workers run them\n`);
    if (ran?.length === 0) process.stdout.write('no failed batches\n');
    if (ran?.some((b) => b.error !== undefined)) process.exitCode = 2;
  } finally {
    await runner.close();
    await parts.close();
  }
}

const retriedText = (b: RetriedBatch) =>
  `run ${b.runId} batch ${b.batchNo}: ${b.error === undefined ? figuresText(b.figures!) : `failed again (${b.error})`}`;
