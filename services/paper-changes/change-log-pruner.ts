import type { PaperChangeLog } from '../../modules/papers';
import type { Logger } from '../../shared/logging/logger';

/** How often the retention is applied (and once at start). */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Applies the change log's retention in the background: at start, then hourly. Every replica may run
 * one; passes take turns by an advisory lock, and a pass that finds nothing left to drop is cheap. A
 * failed pass is logged and tried again at the next hour.
 */
export class ChangeLogPruner {
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly log: PaperChangeLog,
    private readonly retentionDays: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.running = this.pass().finally(() => {
        if (!this.stopped) this.schedule(PRUNE_EVERY_MS);
      });
    }, ms);
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    try {
      const report = await this.log.prune(this.retentionDays);
      if (report.dropped > 0) this.logger.info({ ...report, retentionDays: this.retentionDays }, 'paper change log pruned');
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'paper change log not pruned; trying again in an hour');
    }
  }
}
