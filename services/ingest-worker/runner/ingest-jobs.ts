import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Logger } from '../../../shared/logging/logger';
import type { IngestPipeline, BatchResult } from '../pipeline/ingest-pipeline';
import { emptyFigures, type IngestRepository, type IngestRun, type RunTrigger } from '../pipeline/ingest.repository';
import type { IngestMetrics } from '../pipeline/ingest-metrics';
import { claimKeys, normalise } from '../pipeline/normalise';
import type { PaperSource, SourceRecord } from '../sources/paper-source.port';
import type { RetriedBatch } from './job-runner.port';

export interface BatchJobData {
  runId: string;
  batchNo: number;
  source: string;
  records: SourceRecord[];
}

export const newRunId = () => `run_${new Date().toISOString().slice(0, 10).replace(/-/g, '')}_${randomBytes(6).toString('base64url')}`;

/**
 * The work of ingest, independent of what schedules it (BullMQ or the in-process runner, or the
 * CLI): a run fetches its source page by page and hands each page on as a batch; a batch goes
 * through the pipeline and its outcome is recorded; the run ends when every batch has one.
 */
export class IngestJobs {
  /** Who waits for a run to end (`runEnded`). */
  private readonly endings = new Map<string, Set<(run: IngestRun) => void>>();

  constructor(
    private readonly deps: {
      pipeline: Pick<IngestPipeline, 'processBatch'>;
      ingest: IngestRepository;
      resolveSource: (spec: string) => PaperSource;
      pageSize: number;
      logger: Logger;
      metrics?: IngestMetrics;
      /** Called once a run this process ended has ended (the daily run cuts a dataset release); a failure is logged, the run stays ended. */
      afterRun?: (run: IngestRun) => Promise<void>;
    },
  ) {}

  async startRun(runId: string, sourceSpec: string, since: string | undefined, trigger: RunTrigger): Promise<PaperSource> {
    const source = this.deps.resolveSource(sourceSpec);
    await this.deps.ingest.createRun(runId, sourceSpec, since, trigger);
    return source;
  }

  /**
   * Fetches every page and hands each to `emit` as batch 1, 2, …; then records the batch count.
   * `fetchMs` is the time spent waiting for the source alone (emitting excluded). A failure fails
   * the run only on the last attempt: a fetch that will be retried continues the same run.
   */
  async fetchRun(
    runId: string,
    source: PaperSource,
    since: string | undefined,
    emit: (batch: BatchJobData) => Promise<void>,
    lastAttempt = true,
  ): Promise<{ batches: number; fetchMs: number }> {
    let batchNo = 0;
    let fetchMs = 0;
    try {
      const pages = source.pages({ since, pageSize: this.deps.pageSize })[Symbol.asyncIterator]();
      for (;;) {
        const t0 = performance.now();
        const page = await pages.next();
        const ms = performance.now() - t0;
        fetchMs += ms;
        this.deps.metrics?.stageSeconds.observe({ stage: 'fetch' }, ms / 1000);
        if (page.done) break;
        batchNo += 1;
        // Claimed here, in page order, so "first occurrence wins" does not depend on which batch finishes first.
        await this.deps.ingest.claim(runId, batchNo, normalise(page.value, source.name).candidates.flatMap(claimKeys));
        await emit({ runId, batchNo, source: source.name, records: page.value });
      }
    } catch (err) {
      if (!lastAttempt) {
        this.deps.logger.warn({ run: runId, source: source.name, err: (err as Error).message }, 'ingest fetch failed; it will be retried');
        throw err;
      }
      await this.deps.ingest.failRun(runId, `fetching from ${source.name} failed: ${(err as Error).message}`);
      this.deps.metrics?.runs.inc({ outcome: 'failed' });
      if (this.endings.has(runId)) this.announce(runId, await this.deps.ingest.run(runId));
      throw err;
    }
    await this.deps.ingest.fetched(runId, batchNo);
    await this.endIfDone(runId);
    return { batches: batchNo, fetchMs };
  }

  /**
   * One batch, attempt `attempt`. Success records its figures; a failure on the last attempt records
   * the batch as failed with its records (for `gx ingest retry-failed`); either may end the run.
   */
  async runBatch(data: BatchJobData, attempt: number, lastAttempt: boolean): Promise<BatchResult> {
    const { pipeline, ingest, metrics, logger } = this.deps;
    try {
      const result = await pipeline.processBatch({ ...data, attempt });
      await ingest.recordBatch(data.runId, data.batchNo, { status: 'completed', figures: result.figures });
      metrics?.batches.inc({ outcome: 'completed' });
      await this.endIfDone(data.runId);
      return result;
    } catch (err) {
      const error = (err as Error).message;
      logger.warn({ run: data.runId, batch: data.batchNo, attempt, err: error }, lastAttempt ? 'ingest batch failed' : 'ingest batch failed; it will be retried');
      if (lastAttempt) {
        await ingest.recordBatch(data.runId, data.batchNo, {
          status: 'failed',
          figures: { ...emptyFigures(), fetched: data.records.length, failed: data.records.length },
          error,
          records: data.records,
        });
        metrics?.batches.inc({ outcome: 'failed' });
        await this.endIfDone(data.runId);
      } else {
        metrics?.batches.inc({ outcome: 'retried' });
      }
      throw err;
    }
  }

  /** A retried run is running again until its batches end. */
  reopenRun(runId: string): Promise<void> {
    return this.deps.ingest.reopenRun(runId);
  }

  /**
   * Runs the failed batches kept in Postgres again, here, one attempt each (`gx ingest retry-failed`
   * without a queue); `report` hears of each as it ends.
   */
  async retryKept(report?: (batch: RetriedBatch) => void): Promise<RetriedBatch[]> {
    const out: RetriedBatch[] = [];
    for (const batch of await this.deps.ingest.failedBatches()) {
      await this.reopenRun(batch.runId);
      let outcome: RetriedBatch;
      try {
        const result = await this.runBatch({ runId: batch.runId, batchNo: batch.batchNo, source: batch.source, records: batch.records }, 2, true);
        outcome = { runId: batch.runId, batchNo: batch.batchNo, figures: result.figures };
      } catch (err) {
        outcome = { runId: batch.runId, batchNo: batch.batchNo, error: (err as Error).message };
      }
      out.push(outcome);
      report?.(outcome);
    }
    return out;
  }

  /**
   * Resolves with the run once it has ended (completed or failed), at once if it already has. The end
   * is heard of only when this process ends it (a test, or whoever ran it here); otherwise it waits.
   */
  async runEnded(runId: string): Promise<IngestRun> {
    const ended = new Promise<IngestRun>((resolve) => {
      const waiting = this.endings.get(runId) ?? new Set();
      waiting.add(resolve);
      this.endings.set(runId, waiting);
    });
    // Looked up after the waiter is in place, so an end between the two is not missed.
    const now = await this.deps.ingest.run(runId);
    if (now && now.status !== 'running') this.announce(runId, now);
    return ended;
  }

  private announce(runId: string, run: IngestRun | null): void {
    const waiting = this.endings.get(runId);
    if (!run || !waiting) return;
    this.endings.delete(runId);
    for (const resolve of waiting) resolve(run);
  }

  private async endIfDone(runId: string): Promise<void> {
    if (await this.deps.ingest.finishIfDone(runId)) {
      const run = await this.deps.ingest.run(runId);
      this.deps.metrics?.runs.inc({ outcome: run?.status === 'failed' ? 'failed' : 'completed' });
      this.deps.logger.info({ run: runId, status: run?.status, ...run?.figures }, 'ingest run finished');
      if (run && this.deps.afterRun) await this.deps.afterRun(run).catch((err: Error) => this.deps.logger.warn({ err: err.message, run: runId }, 'what follows an ingest run failed'));
      this.announce(runId, run);
    }
  }
}
