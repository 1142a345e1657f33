import { counter, gauge, histogram } from '../../../shared/telemetry/metrics';

export const STAGES = ['fetch', 'normalise', 'dedupe', 'score', 'summarise', 'store', 'events'] as const;
export type Stage = (typeof STAGES)[number];

/** Jobs in the BullMQ queues by state, read when Prometheus scrapes (the autoscaler's signal). */
export function reportQueueDepths(depths: Record<string, Record<string, number>>): void {
  const jobs = gauge('gx_ingest_queue_jobs', 'Ingest jobs in a BullMQ queue (fetch, batch) by state: waiting, active, delayed, failed, completed', ['queue', 'state']);
  for (const [queue, states] of Object.entries(depths)) for (const [state, n] of Object.entries(states)) jobs.set({ queue, state }, n);
}

/** Counters and durations per stage (Prometheus, on the process's metrics listener). */
export function ingestMetrics() {
  return {
    stageSeconds: histogram('gx_ingest_stage_duration_seconds', 'Time spent in one ingest stage for one batch', ['stage'], [0.001, 0.005, 0.02, 0.1, 0.5, 2, 10, 60]),
    papers: counter('gx_ingest_papers_total', 'Papers by outcome: fetched, duplicate, rejected, stored, updated, unchanged, failed', ['outcome']),
    batches: counter('gx_ingest_batches_total', 'Batches by outcome: completed, retried, failed', ['outcome']),
    runs: counter('gx_ingest_runs_total', 'Runs by outcome: completed, failed', ['outcome']),
  };
}

export type IngestMetrics = ReturnType<typeof ingestMetrics>;

/** Milliseconds per stage, summed over the batches a caller ran (the benchmark's breakdown). */
export type StageTimes = Partial<Record<Stage, number>>;

export function addTimes(into: StageTimes, from: StageTimes): void {
  for (const [stage, ms] of Object.entries(from) as [Stage, number][]) into[stage] = (into[stage] ?? 0) + ms;
}
