import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Logger } from '../../../shared/logging/logger';
import type { IngestPipeline, BatchResult } from '../pipeline/ingest-pipeline';
import { emptyFigures, type IngestRepository, type RunTrigger } from '../pipeline/ingest.repository';
import type { IngestMetrics } from '../pipeline/ingest-metrics';
import { claimKeys, normalise } from '../pipeline/normalise';
import type { PaperSource, SourceRecord } from '../sources/paper-source.port';

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
  constructor(
    private readonly deps: {
      pipeline: IngestPipeline;
      ingest: IngestRepository;
      resolveSource: (spec: string) => PaperSource;
      pageSize: number;
      logger: Logger;
      metrics?: IngestMetrics;
    },
  ) {}

  async startRun(runId: string, sourceSpec: string, since: string | undefined, trigger: RunTrigger): Promise<PaperSource> {
    const source = this.deps.resolveSource(sourceSpec);
    await this.deps.ingest.createRun(runId, sourceSpec, since, trigger);
    return source;
  }

  /**
   * Fetches every page and hands each to `emit` as batch 1, 2, …; then records the batch count.
   * `fetchMs` is the time spent waiting for the source alone (emitting excluded).
   */
  async fetchRun(runId: string, source: PaperSource, since: string | undefined, emit: (batch: BatchJobData) => Promise<void>): Promise<{ batches: number; fetchMs: number }> {
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
      await this.deps.ingest.failRun(runId, `fetching from ${source.name} failed: ${(err as Error).message}`);
      this.deps.metrics?.runs.inc({ outcome: 'failed' });
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

  private async endIfDone(runId: string): Promise<void> {
    if (await this.deps.ingest.finishIfDone(runId)) {
      const run = await this.deps.ingest.run(runId);
      this.deps.metrics?.runs.inc({ outcome: run?.status === 'failed' ? 'failed' : 'completed' });
      this.deps.logger.info({ run: runId, status: run?.status, ...run?.figures }, 'ingest run finished');
    }
  }
}
