import type { ModuleDefinition } from '../../shared/runtime/module';
import { createIngest, type IngestParts } from './ingest-factory';
import { createJobRunner } from './runner/job-runner.factory';
import type { JobRunner } from './runner/job-runner.port';
import { onScrape } from '../../shared/telemetry/metrics';
import { reportQueueDepths } from './pipeline/ingest-metrics';
import { databaseModule } from '../../shared/db/database.module';

export interface IngestWorker {
  parts: IngestParts;
  runner: JobRunner;
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
    const parts = await createIngest(config, get(databaseModule), logger);
    const runner = createJobRunner(config, logger, parts.jobs);
    // In the background: a Redis that is down must not hold up the process (in target `all` it
    // also serves HTTP); readiness says so until the workers are running.
    const started = runner.start();
    started.catch((err: Error) => logger.error({ err: err.message, runner: runner.kind }, 'ingest worker could not start its runner'));
    let running = false;
    void started.then(() => (running = true), () => undefined);
    const depths = runner.depths?.bind(runner);
    const stopReporting = depths ? onScrape(async () => reportQueueDepths(await depths())) : () => undefined;
    logger.info({ runner: runner.kind, sources: config.ingest.sources, scorer: parts.scorer.kind, summariser: parts.summariser.kind }, 'ingest worker started');
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
