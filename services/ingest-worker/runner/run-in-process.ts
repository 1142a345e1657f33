import type { RunTrigger } from '../pipeline/ingest.repository';
import { addTimes, type StageTimes } from '../pipeline/ingest-metrics';
import { newRunId, type BatchJobData, type IngestJobs } from './ingest-jobs';

export interface InProcessOptions {
  /** Batches processed at the same time. */
  concurrency: number;
  attempts: number;
  backoffMs: number;
  /** After each batch (for a progress bar): records fetched so far, records processed so far. */
  onProgress?: (p: { fetched: number; processed: number }) => void;
  /** Stops taking new pages (a shutdown); batches already fetched still finish. */
  signal?: AbortSignal;
  /** The run's id, when the caller handed it out before the run began (an enqueued run). */
  runId?: string;
}

export interface InProcessRun {
  runId: string;
  times: StageTimes;
}

/**
 * A whole run in this process: pages are fetched while earlier batches go through the pipeline (at
 * most `concurrency` at once, so fetching waits when they fall behind), each batch retried with
 * exponential backoff up to `attempts`. Used by the embedded runner and by `gx ingest run`.
 */
export async function runInProcess(jobs: IngestJobs, sourceSpec: string, since: string | undefined, trigger: RunTrigger, options: InProcessOptions): Promise<InProcessRun> {
  const runId = options.runId ?? newRunId();
  const source = await jobs.startRun(runId, sourceSpec, since, trigger);
  const times: StageTimes = {};
  let fetched = 0;
  let processed = 0;
  const inFlight = new Set<Promise<void>>();

  const handle = async (batch: BatchJobData) => {
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= options.attempts;
      try {
        const result = await jobs.runBatch(batch, attempt, last);
        addTimes(times, result.times);
        break;
      } catch {
        if (last) break; // recorded as failed, with its records
        await new Promise((resolve) => setTimeout(resolve, options.backoffMs * 2 ** (attempt - 1)));
      }
    }
    processed += batch.records.length;
    options.onProgress?.({ fetched, processed });
  };

  const fetchedRun = await jobs
    .fetchRun(runId, source, since, async (batch) => {
      if (options.signal?.aborted) throw new Error('ingest stopped by shutdown before fetching finished');
      fetched += batch.records.length;
      options.onProgress?.({ fetched, processed });
      const task: Promise<void> = handle(batch).finally(() => inFlight.delete(task));
      inFlight.add(task);
      if (inFlight.size >= options.concurrency) await Promise.race(inFlight);
    })
    // Batches already handed on finish even when fetching failed.
    .finally(() => Promise.all(inFlight));
  times.fetch = fetchedRun.fetchMs;
  return { runId, times };
}
