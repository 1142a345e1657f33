import type { Config } from '../../../shared/config/config';
import type { Logger } from '../../../shared/logging/logger';
import { BullmqRunner } from './bullmq-runner';
import { InProcessScheduler } from './in-process-scheduler';
import type { IngestJobs } from './ingest-jobs';
import type { JobRunner } from './job-runner.port';

/**
 * The one place that picks what runs ingest: BullMQ on Redis when REDIS_URL is set, else the
 * in-process runner. Without `jobs` the runner only reports (and BullMQ's enqueues for workers
 * elsewhere), so reading the status opens no model client.
 */
export function createJobRunner(config: Config, logger: Logger, jobs?: IngestJobs): JobRunner {
  return config.redisUrl ? new BullmqRunner(config, jobs, logger) : new InProcessScheduler(config, jobs, logger);
}
