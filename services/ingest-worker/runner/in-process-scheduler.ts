import { CronExpressionParser } from 'cron-parser';
import type { Config } from '../../../shared/config/config';
import type { Logger } from '../../../shared/logging/logger';
import { scheduledSince } from '../ingest-factory';
import type { RunTrigger } from '../pipeline/ingest.repository';
import { newRunId, type IngestJobs } from './ingest-jobs';
import type { JobRunner, RetriedBatch, RetryOutcome, RunnerStatus } from './job-runner.port';
import { runInProcess, type InProcessOptions } from './run-in-process';

/** The next time the cron schedule fires after `after`, in its time zone. */
export function nextRun(config: Config, after = new Date()): Date {
  return CronExpressionParser.parse(config.ingest.cron, { tz: config.ingest.timezone, currentDate: after }).next().toDate();
}

/**
 * The embedded default, without Redis: the same daily schedule and the same pipeline, in this
 * process. Runs go one after another, the scheduled ones and those enqueued alike; retries and
 * backoff are per batch (`runInProcess`); a fetch is not retried (the run fails with its error). A
 * batch that fails every attempt is kept with its records for `retryFailed`. One replica only:
 * nothing coordinates two.
 */
export class InProcessScheduler implements JobRunner {
  readonly kind = 'in-process' as const;
  private timer?: NodeJS.Timeout;
  /** The runs, in order: each starts when the one before it has ended. */
  private queue: Promise<void> = Promise.resolve();
  private readonly abort = new AbortController();

  constructor(
    private readonly config: Config,
    private readonly jobs: IngestJobs | undefined,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.work();
    this.schedule();
  }

  private schedule(): void {
    if (this.abort.signal.aborted) return;
    const next = nextRun(this.config);
    // setTimeout holds at most ~24.8 days; a daily schedule is well within it.
    this.timer = setTimeout(() => {
      void this.enqueue(() => this.runAll())
        .catch((err: Error) => this.logger.error({ err: err.message }, 'scheduled ingest failed'))
        .finally(() => this.schedule());
    }, Math.max(0, next.getTime() - Date.now()));
    this.timer.unref();
    this.logger.info({ next: next.toISOString(), cron: this.config.ingest.cron, tz: this.config.ingest.timezone }, 'ingest scheduled (in process)');
  }

  async enqueueRun(source: string, since: string | undefined, trigger: RunTrigger): Promise<string> {
    const jobs = this.work();
    if (this.abort.signal.aborted) throw new Error('the in-process ingest runner is closed');
    const runId = newRunId();
    void this.enqueue(async () => {
      try {
        await runInProcess(jobs, source, since, trigger, { ...this.runOptions(), runId });
        this.logger.info({ run: runId, source }, 'ingest run done');
      } catch (err) {
        this.logger.error({ run: runId, source, err: (err as Error).message }, 'ingest run failed');
      }
    });
    return runId;
  }

  /** Every configured source, one after another. */
  async runAll(): Promise<void> {
    const jobs = this.work();
    const { sources } = this.config.ingest;
    if (sources.length === 0) this.logger.info('scheduled ingest: no INGEST_SOURCES configured, nothing to fetch');
    for (const source of sources) {
      if (this.abort.signal.aborted) return;
      try {
        const { runId } = await runInProcess(jobs, source, scheduledSince(this.config), 'schedule', this.runOptions());
        this.logger.info({ run: runId, source }, 'scheduled ingest run done');
      } catch (err) {
        this.logger.error({ source, err: (err as Error).message }, 'scheduled ingest run failed');
      }
    }
  }

  async status(): Promise<RunnerStatus> {
    const { cron, timezone } = this.config.ingest;
    return { runner: this.kind, schedule: { cron, timezone, next: nextRun(this.config).toISOString() } };
  }

  /** The kept failed batches, run again here and now. */
  async retryFailed(report?: (batch: RetriedBatch) => void): Promise<RetryOutcome> {
    return { ran: await this.work().retryKept(report) };
  }

  /** No new run or page; the batches in progress finish. */
  async close(): Promise<void> {
    this.abort.abort();
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.queue;
  }

  /** Runs `run` after every run queued before it; skipped once closed. */
  private enqueue(run: () => Promise<void>): Promise<void> {
    const next = this.queue.then(() => (this.abort.signal.aborted ? undefined : run()));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private runOptions(): InProcessOptions {
    const { batchConcurrency, attempts, backoffMs } = this.config.ingest;
    return { concurrency: batchConcurrency, attempts, backoffMs, signal: this.abort.signal };
  }

  private work(): IngestJobs {
    if (!this.jobs) throw new Error('this ingest runner was made to report only: it has no ingest jobs to run');
    return this.jobs;
  }
}
