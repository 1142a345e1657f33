import type { BatchFigures, RunTrigger } from '../pipeline/ingest.repository';

export type RunnerKind = 'bullmq' | 'in-process';

// A type, not an interface: it is then a Record<string, number> as far as the metrics care.
export type QueueDepth = {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
};

/** Jobs per queue (by name) and state. */
export type QueueDepths = Record<string, QueueDepth>;

export interface DailySchedule {
  cron: string;
  timezone: string;
  /** ISO time of the next run; null when the backend does not know it. */
  next: string | null;
}

export interface RunnerStatus {
  runner: RunnerKind;
  /** Present for a runner with queues (BullMQ). */
  queues?: QueueDepths;
  /** The daily schedule as the runner has it; null when none is registered yet (no BullMQ worker has started). */
  schedule: DailySchedule | null;
}

/** A kept batch run again by `retryFailed`, and how it went. */
export interface RetriedBatch {
  runId: string;
  batchNo: number;
  figures?: BatchFigures;
  /** Set when it failed again. */
  error?: string;
}

export interface RetryOutcome {
  /** Failed jobs handed back to the queues, for the workers to run (a runner with queues). */
  requeued?: number;
  /** Failed batches run again here and now, each with its outcome (a runner without queues). */
  ran?: RetriedBatch[];
}

/**
 * What runs ingest: the daily schedule, runs asked for now, retries, and a graceful stop. Adapters:
 * BullMQ on Redis (any number of replicas) and the in-process runner (one replica); one factory
 * chooses (`job-runner.factory.ts`). The promises they share, and those that differ between them,
 * are stated and checked by tests/contract/job-runner.contract.ts:
 * - a run enqueued is fetched once and each of its batches goes through the pipeline once;
 * - a batch is tried `INGEST_ATTEMPTS` times with exponential backoff; after the last it is
 *   recorded failed with its error and its records, and the run ends failed; `retryFailed` runs it again;
 * - at most `INGEST_BATCH_CONCURRENCY` batches are in the pipeline at once in one process;
 * - `close` takes no new work, lets the batches in progress finish, and resolves once nothing runs.
 *
 * A runner made without the ingest jobs only reports its status (and BullMQ's enqueues runs for
 * workers elsewhere): reading the status opens no model client.
 */
export interface JobRunner {
  readonly kind: RunnerKind;
  /** Registers (or updates) the daily schedule and starts taking work; resolves once it does. */
  start(): Promise<void>;
  /** A run of one source, as soon as the runner gets to it; resolves with its run id once accepted. */
  enqueueRun(source: string, since: string | undefined, trigger: RunTrigger): Promise<string>;
  status(): Promise<RunnerStatus>;
  /** Jobs per queue and state, for the metrics; a runner without queues has none to report. */
  depths?(): Promise<QueueDepths>;
  /** Runs the failed work again (see `RetryOutcome`); `report` hears of each batch run here as it ends. */
  retryFailed(report?: (batch: RetriedBatch) => void): Promise<RetryOutcome>;
  /** Takes no new work, lets the work in progress finish, then lets go of its connections and timers. */
  close(): Promise<void>;
}
