import type { Database } from '../../shared/db/database';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { createIngest, type IngestParts } from './ingest-factory';
import { BullmqRunner } from './runner/bullmq-runner';
import { InProcessScheduler } from './runner/in-process-scheduler';
import { onScrape } from '../../shared/telemetry/metrics';
import { reportQueueDepths } from './pipeline/ingest-metrics';

export interface IngestWorker {
  parts: IngestParts;
  runner: BullmqRunner | InProcessScheduler;
}

/**
 * The daily ingest. With REDIS_URL: BullMQ workers for the fetch and batch queues, and the daily job
 * scheduler (any number of replicas). Without: the in-process scheduler runs the same pipeline.
 * Closing lets the jobs in progress finish (BullMQ hands back what it cannot).
 */
export const ingestWorkerModule: ModuleDefinition<IngestWorker> = {
  name: 'ingest-worker',
  dependsOn: ['database'],
  async init({ config, logger, get }) {
    const parts = await createIngest(config, get<Database>('database'), logger);
    let runner: BullmqRunner | InProcessScheduler;
    let started: Promise<void>;
    if (config.redisUrl) {
      const bull = new BullmqRunner(config, parts.jobs, logger);
      runner = bull;
      // In the background: a Redis that is down must not hold up the process (in target `all` it
      // also serves HTTP); readiness says so until the workers are running.
      started = bull.start();
      started.catch((err: Error) => logger.error({ err: err.message }, 'ingest worker could not start its BullMQ workers'));
    } else {
      const scheduler = new InProcessScheduler(config, parts.jobs, logger);
      runner = scheduler;
      scheduler.start();
      started = Promise.resolve();
    }
    let running = false;
    void started.then(() => (running = true), () => undefined);
    const stopReporting = runner instanceof BullmqRunner ? onScrape(async () => reportQueueDepths(await (runner as BullmqRunner).depths())) : () => undefined;
    logger.info({ runner: runner instanceof BullmqRunner ? 'bullmq' : 'in-process', sources: config.ingest.sources, scorer: parts.scorer.kind, summariser: parts.summariser.kind }, 'ingest worker started');
    return {
      value: { parts, runner },
      ready: async () => {
        if (!running) throw new Error('the ingest workers are not running yet (is Redis reachable?)');
      },
      close: async () => {
        stopReporting();
        await runner.close();
        await parts.close();
      },
    };
  },
};
