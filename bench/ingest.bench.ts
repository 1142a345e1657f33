import { performance } from 'node:perf_hooks';
import { loadConfig } from '../shared/config/config';
import { Database } from '../shared/db/database';
import { migrate } from '../shared/db/migrate';
import { createLogger } from '../shared/logging/logger';
import { createIngest } from '../services/ingest-worker/ingest-factory';
import type { IngestRun } from '../services/ingest-worker/pipeline/ingest.repository';
import { STAGES, type StageTimes } from '../services/ingest-worker/pipeline/ingest-metrics';
import { BullmqRunner } from '../services/ingest-worker/runner/bullmq-runner';
import { runInProcess } from '../services/ingest-worker/runner/run-in-process';
import { withCleanup } from './support/cleanup';
import { REAL_PAPERS_FILE } from './support/corpus';
import { benchRedisUrl, deleteRedisKeys, probeRedis } from './support/redis';
import { createScratchDatabase } from './support/scratch-database';
import { int, ms, table } from './support/table';

export const INGEST_TARGET_PAPERS_PER_SECOND = 500;

interface Pass {
  label: string;
  wallMs: number;
  papersPerSecond: number;
  run: IngestRun;
  times?: StageTimes;
}

const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const logger = createLogger({ level: 'warn', name: 'bench' });

/**
 * End-to-end ingest of the reference data's `papers.jsonl` (4,564 real papers) into an empty database:
 * normalise, dedupe, heuristic score and gate, summaries, store, and — so that the embedded
 * embedder and index are measured too — an in-memory keyword index and an embedded HNSW index
 * written by the pipeline itself (as it writes Elasticsearch and Qdrant in production). Then the
 * same file again (nothing changes), then a fresh database through BullMQ when Redis is reachable.
 * Papers per second count every fetched record.
 */
export async function runIngestBench(): Promise<unknown> {
  return withCleanup(async (cleanup) => {
    const passes: Pass[] = [];
    const scratch = async () => {
      const db = await createScratchDatabase(cleanup, logger);
      const database = new Database(db.url, 8);
      cleanup.add('close the bench pool', () => database.close());
      await migrate(database);
      return database;
    };
    const config = loadConfig({ LOG_LEVEL: 'warn' });

    progress('in process: papers.jsonl into an empty database');
    const db = await scratch();
    // Ingest stores papers only; indexing follows the change log (the indexer bench measures it).
    const parts = await createIngest(config, db, logger);
    cleanup.add('close ingest', () => parts.close());
    const inProcess = async (label: string) => {
      const t0 = performance.now();
      const { runId, times } = await runInProcess(parts.jobs, REAL_PAPERS_FILE, undefined, 'cli', { concurrency: config.ingest.batchConcurrency, attempts: 1, backoffMs: 0 });
      const wallMs = performance.now() - t0;
      const run = (await parts.ingest.run(runId))!;
      passes.push({ label, wallMs, papersPerSecond: (run.figures.fetched * 1000) / wallMs, run, times });
    };
    await inProcess('in process, empty database');
    progress('in process: the same file again');
    await inProcess('in process, re-run (nothing changes)');

    const redisUrl = benchRedisUrl();
    const redis = await probeRedis(redisUrl);
    if (redis.reachable) {
      progress('BullMQ: papers.jsonl into another empty database');
      const db2 = await scratch();
      const bullConfig = loadConfig({ LOG_LEVEL: 'warn', REDIS_URL: redisUrl, INGEST_QUEUE_PREFIX: 'gx-bench', INGEST_ATTEMPTS: '1' });
      cleanup.add('delete the bench queues', () => deleteRedisKeys(redisUrl, ['gx-bench:*']));
      const bullParts = await createIngest(bullConfig, db2, logger);
      cleanup.add('close ingest (BullMQ)', () => bullParts.close());
      const runner = new BullmqRunner(bullConfig, bullParts.jobs, logger);
      await runner.start();
      cleanup.add('close the BullMQ runner', () => runner.close());
      const t0 = performance.now();
      const runId = await runner.enqueueRun(REAL_PAPERS_FILE, undefined, 'api');
      let run: IngestRun | null = null;
      while (!run || run.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        run = await bullParts.ingest.run(runId);
      }
      const wallMs = performance.now() - t0;
      passes.push({ label: `BullMQ (batch concurrency ${bullConfig.ingest.batchConcurrency}, in this process)`, wallMs, papersPerSecond: (run.figures.fetched * 1000) / wallMs, run });
    } else {
      progress(`Redis is not reachable at ${redisUrl} (${redis.reason}): no BullMQ pass`);
    }

    printReport(passes);
    return { bench: 'ingest', passes };
  });
}

function printReport(passes: Pass[]): void {
  const out: string[] = ['', '== ingest: the reference papers.jsonl end to end, embedded defaults (heuristic scorer and summariser, lexical embedder, HNSW) =='];
  out.push(
    table(
      ['pass', 'papers/s', 'wall', 'fetched', 'dup', 'rejected', 'stored', 'updated', 'unchanged', 'failed', `target ${INGEST_TARGET_PAPERS_PER_SECOND}/s`],
      passes.map((p) => {
        const f = p.run.figures;
        return [p.label, int(p.papersPerSecond), ms(p.wallMs), int(f.fetched), int(f.duplicates), int(f.rejected), int(f.stored), int(f.updated), int(f.unchanged), int(f.failed), p.papersPerSecond >= INGEST_TARGET_PAPERS_PER_SECOND ? 'met' : 'NOT met'];
      }),
    ),
  );
  for (const p of passes.filter((x) => x.times)) {
    out.push(`time per stage, ${p.label} (ms summed over batches; batches overlap): ${STAGES.filter((s) => p.times![s] !== undefined).map((s) => `${s} ${p.times![s]!.toFixed(0)}`).join(', ')}`);
  }
  out.push('Targets are information only; the exit code does not depend on them.');
  process.stdout.write(`${out.join('\n')}\n`);
}
