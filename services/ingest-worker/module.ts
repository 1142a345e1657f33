import type { Database } from '../../shared/db/database';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { createIngest, type IngestParts } from './ingest-factory';
import { BullmqRunner } from './runner/bullmq-runner';
import { InProcessScheduler } from './runner/in-process-scheduler';

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
    try {
      if (config.redisUrl) {
        runner = new BullmqRunner(config, parts.jobs, logger);
        await runner.start();
      } else {
        runner = new InProcessScheduler(config, parts.jobs, logger);
        runner.start();
      }
    } catch (err) {
      await parts.close();
      throw err;
    }
    logger.info({ runner: runner instanceof BullmqRunner ? 'bullmq' : 'in-process', sources: config.ingest.sources, scorer: parts.scorer.kind, summariser: parts.summariser.kind }, 'ingest worker started');
    return {
      value: { parts, runner },
      close: async () => {
        await runner.close();
        await parts.close();
      },
    };
  },
};
