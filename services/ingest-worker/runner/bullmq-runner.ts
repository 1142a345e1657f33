import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Config } from '../../../shared/config/config';
import type { Logger } from '../../../shared/logging/logger';
import { scheduledSince } from '../ingest-factory';
import type { RunTrigger } from '../pipeline/ingest.repository';
import { newRunId, type BatchJobData, type IngestJobs } from './ingest-jobs';
import type { JobRunner, QueueDepths, RetryOutcome, RunnerStatus } from './job-runner.port';

export const FETCH_QUEUE = 'ingest-fetch';
export const BATCH_QUEUE = 'ingest-batch';
export const DAILY_SCHEDULER = 'daily-ingest';

export interface FetchJobData {
  trigger: RunTrigger;
  /** Absent on the scheduler's jobs: one fetch job per configured source is added then. */
  source?: string;
  since?: string;
  runId?: string;
}

export type { QueueDepths } from './job-runner.port';

/**
 * Ingest on BullMQ: a fetch queue (one job per run: pages become batch jobs) and a batch queue (the
 * pipeline), each with its own concurrency; retries with exponential backoff, of fetches and batches
 * alike; failed jobs kept for inspection and `gx ingest retry-failed`; the daily run is a job
 * scheduler (cron and time zone).
 * Any number of replicas may run: batch jobs have ids of their run and number, so a re-fetched run
 * adds no batch twice, and a worker that dies mid-batch has its job taken over once its lock expires.
 */
export class BullmqRunner implements JobRunner {
  readonly kind = 'bullmq' as const;
  private readonly connection: Redis;
  readonly fetchQueue: Queue<FetchJobData>;
  readonly batchQueue: Queue<BatchJobData>;
  private workers: Worker[] = [];

  constructor(
    private readonly config: Config,
    private readonly jobs: IngestJobs | undefined,
    private readonly logger: Logger,
  ) {
    // BullMQ's blocking commands need a connection that never gives up on a request.
    this.connection = new Redis(config.redisUrl!, { maxRetriesPerRequest: null, lazyConnect: false });
    const { attempts, backoffMs, queuePrefix } = config.ingest;
    const defaultJobOptions = {
      attempts,
      backoff: { type: 'exponential' as const, delay: backoffMs },
      removeOnComplete: { age: 7 * 86_400, count: 10_000 },
      removeOnFail: false,
    };
    this.fetchQueue = new Queue<FetchJobData>(FETCH_QUEUE, { connection: this.connection, prefix: queuePrefix, defaultJobOptions });
    this.batchQueue = new Queue<BatchJobData>(BATCH_QUEUE, { connection: this.connection, prefix: queuePrefix, defaultJobOptions });
    // A queue without an 'error' listener prints every failed reconnection to the console; log each
    // new problem once instead (readiness reports Redis being down).
    let last: string | undefined;
    this.connection.on('ready', () => (last = undefined));
    for (const queue of [this.fetchQueue, this.batchQueue]) {
      queue.on('error', (err) => {
        if (err.message === last) return;
        last = err.message;
        this.logger.warn({ err: err.message, queue: queue.name }, 'ingest queue: Redis error');
      });
    }
  }

  /** Registers (or updates) the daily schedule and starts the workers. */
  async start(): Promise<void> {
    await this.registerSchedule();
    if (!this.jobs) return;
    const { fetchConcurrency, batchConcurrency, lockMs, queuePrefix } = this.config.ingest;
    const common = { connection: this.connection, prefix: queuePrefix, lockDuration: lockMs, stalledInterval: lockMs, maxStalledCount: this.config.ingest.attempts };
    this.workers = [
      new Worker<FetchJobData>(FETCH_QUEUE, (job) => this.fetch(job), { ...common, concurrency: fetchConcurrency }),
      new Worker<BatchJobData>(BATCH_QUEUE, (job) => this.batch(job), { ...common, concurrency: batchConcurrency }),
    ];
    for (const w of this.workers) w.on('error', (err) => this.logger.error({ err: err.message }, 'ingest worker error'));
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
  }

  async registerSchedule(): Promise<void> {
    const { cron, timezone } = this.config.ingest;
    await this.fetchQueue.upsertJobScheduler(DAILY_SCHEDULER, { pattern: cron, tz: timezone }, { name: 'scheduled', data: { trigger: 'schedule' } });
  }

  /** A run of one source, now; returns its id. */
  async enqueueRun(source: string, since: string | undefined, trigger: RunTrigger): Promise<string> {
    const runId = newRunId();
    await this.fetchQueue.add('run', { trigger, source, since, runId }, { jobId: runId });
    return runId;
  }

  private async fetch(job: Job<FetchJobData>): Promise<unknown> {
    const data = job.data;
    if (!data.source) {
      const since = data.since ?? scheduledSince(this.config);
      if (this.config.ingest.sources.length === 0) this.logger.info('scheduled ingest: no INGEST_SOURCES configured, nothing to fetch');
      for (const source of this.config.ingest.sources) await this.enqueueRun(source, since, data.trigger);
      return { sources: this.config.ingest.sources.length };
    }
    // The run id belongs to the job, so a retried fetch continues the same run.
    const runId = data.runId ?? `run_${String(job.id).replace(/[^A-Za-z0-9_-]/g, '_')}`;
    const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const source = await this.jobs!.startRun(runId, data.source, data.since, data.trigger);
    const emit = async (batch: BatchJobData) => void (await this.batchQueue.add('batch', batch, { jobId: `${runId}-${batch.batchNo}` }));
    const { batches } = await this.jobs!.fetchRun(runId, source, data.since, emit, last);
    return { runId, batches };
  }

  private async batch(job: Job<BatchJobData>): Promise<unknown> {
    // attemptsStarted also counts starts cut short by a worker that died, so a take-over re-indexes all.
    const attempt = Math.max(job.attemptsStarted, job.attemptsMade + 1);
    const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const result = await this.jobs!.runBatch(job.data, attempt, last);
    return result.figures;
  }

  async depths(): Promise<QueueDepths> {
    const out: QueueDepths = {};
    for (const q of [this.fetchQueue, this.batchQueue]) {
      const c = await q.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
      out[q.name] = { waiting: c.waiting ?? 0, active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0, completed: c.completed ?? 0 };
    }
    return out;
  }

  async status(): Promise<RunnerStatus> {
    const queues = await this.depths();
    const scheduler = await this.fetchQueue.getJobScheduler(DAILY_SCHEDULER);
    const schedule = scheduler ? { cron: scheduler.pattern ?? '', timezone: scheduler.tz ?? '', next: scheduler.next ? new Date(scheduler.next).toISOString() : null } : null;
    return { runner: this.kind, queues, schedule };
  }

  /** Failed jobs back to waiting, for the workers (wherever they run) to take. */
  async retryFailed(): Promise<RetryOutcome> {
    if (!this.jobs) throw new Error('retrying failed ingest jobs needs the ingest jobs (their runs are reopened)');
    const failed = (await Promise.all(([this.fetchQueue, this.batchQueue] as Queue[]).map((q) => q.getFailed(0, -1)))).flat();
    const runIds = new Set(failed.map((job) => (job.data as { runId?: string }).runId).filter((id): id is string => id !== undefined));
    // Reopened first: a run ends only while it is running, and a worker may finish a retried job at once.
    for (const id of runIds) await this.jobs.reopenRun(id);
    for (const job of failed) await job.retry('failed');
    return { requeued: failed.length };
  }

  /** Stops taking jobs and lets the ones in progress finish (BullMQ's graceful close), then disconnects. */
  async close(): Promise<void> {
    if (this.connection.status === 'ready') {
      await Promise.all(this.workers.map((w) => w.close()));
      await this.fetchQueue.close();
      await this.batchQueue.close();
    } else {
      // Never connected (Redis down): nothing is in progress, and a graceful close would wait for Redis.
      await Promise.all(this.workers.map((w) => w.close(true)));
    }
    this.connection.disconnect();
  }
}
