import { CronExpressionParser } from 'cron-parser';
import type { Config } from '../../../shared/config/config';
import type { Logger } from '../../../shared/logging/logger';
import { scheduledSince } from '../ingest-factory';
import type { IngestJobs } from './ingest-jobs';
import { runInProcess } from './run-in-process';

/** The next time the cron schedule fires after `after`, in its time zone. */
export function nextRun(config: Config, after = new Date()): Date {
  return CronExpressionParser.parse(config.ingest.cron, { tz: config.ingest.timezone, currentDate: after }).next().toDate();
}

/**
 * The embedded default, without Redis: the same daily schedule and the same pipeline, in this
 * process. Retries and backoff are per batch (`runInProcess`); a batch that fails every attempt is
 * kept with its records for `gx ingest retry-failed`. One replica only: nothing coordinates two.
 */
export class InProcessScheduler {
  private timer?: NodeJS.Timeout;
  private current?: Promise<void>;
  private readonly abort = new AbortController();

  constructor(
    private readonly config: Config,
    private readonly jobs: IngestJobs,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.schedule();
  }

  private schedule(): void {
    if (this.abort.signal.aborted) return;
    const next = nextRun(this.config);
    // setTimeout holds at most ~24.8 days; a daily schedule is well within it.
    this.timer = setTimeout(() => {
      this.current = this.runAll().finally(() => {
        this.current = undefined;
        this.schedule();
      });
    }, Math.max(0, next.getTime() - Date.now()));
    this.timer.unref();
    this.logger.info({ next: next.toISOString(), cron: this.config.ingest.cron, tz: this.config.ingest.timezone }, 'ingest scheduled (in process)');
  }

  /** Every configured source, one after another. */
  async runAll(): Promise<void> {
    const { sources, batchConcurrency, attempts, backoffMs } = this.config.ingest;
    if (sources.length === 0) this.logger.info('scheduled ingest: no INGEST_SOURCES configured, nothing to fetch');
    for (const source of sources) {
      if (this.abort.signal.aborted) return;
      try {
        const { runId } = await runInProcess(this.jobs, source, scheduledSince(this.config), 'schedule', { concurrency: batchConcurrency, attempts, backoffMs, signal: this.abort.signal });
        this.logger.info({ run: runId, source }, 'scheduled ingest run done');
      } catch (err) {
        this.logger.error({ source, err: (err as Error).message }, 'scheduled ingest run failed');
      }
    }
  }

  /** No new run or page; the batches in progress finish. */
  async close(): Promise<void> {
    this.abort.abort();
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.current;
  }
}
