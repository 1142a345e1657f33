/** The ingest worker's public surface: its module, and what `gx ingest` runs and reports. */
export { ingestWorkerModule } from './module';
export { createIngest, scheduledSince } from './ingest-factory';
export { BATCH_FIGURES, IngestRepository, type BatchFigures, type IngestRun } from './pipeline/ingest.repository';
export { STAGES } from './pipeline/ingest-metrics';
export { createJobRunner } from './runner/job-runner.factory';
export type { RetriedBatch, RunnerStatus } from './runner/job-runner.port';
export { runInProcess } from './runner/run-in-process';
