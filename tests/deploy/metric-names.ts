import { Registry, collectDefaultMetrics } from 'prom-client';
import { metricsRegistry } from '../../shared/telemetry/metrics';

/**
 * The metrics the gx processes expose (prom-client, on METRICS_PORT), the one list the dashboard
 * and the alert rules are checked against (observability.test.ts). Labels list each metric's own
 * labels with their values where the set is closed; Prometheus adds `job`, `instance` and, in
 * infra/observability/prometheus.yml, `service` to every series.
 */
export type MetricType = 'counter' | 'gauge' | 'histogram';

export interface MetricDefinition {
  type: MetricType;
  labels: Record<string, readonly string[] | null>;
}

export const TARGET_LABELS = ['job', 'instance', 'service'] as const;

export const GX_METRICS: Readonly<Record<string, MetricDefinition>> = {
  http_server_request_duration_seconds: {
    type: 'histogram',
    labels: { http_request_method: null, http_route: null, http_response_status_code: null },
  },
  // The policy a 429 names in `violated-policies` (per-IP `minute` and `applications`, a key's
  // `burst`, its `daily` / `monthly` allowance): left open, no expression selects one.
  gx_rate_limit_rejections_total: { type: 'counter', labels: { policy: null } },
  gx_edge_cache_requests_total: { type: 'counter', labels: { result: ['hit', 'miss'] } },
  gx_index_lag_changes: { type: 'gauge', labels: { index: ['keyword', 'vector', 'elasticsearch', 'qdrant'] } },
  gx_index_lag_seconds: { type: 'gauge', labels: { index: ['keyword', 'vector', 'elasticsearch', 'qdrant'] } },
  gx_index_dead_letters: { type: 'gauge', labels: { index: ['keyword', 'vector', 'elasticsearch', 'qdrant'] } },
  gx_ingest_queue_jobs: { type: 'gauge', labels: { queue: null, state: ['waiting', 'active', 'delayed', 'failed', 'completed'] } },
  gx_ingest_runs_total: { type: 'counter', labels: { outcome: ['completed', 'failed'] } },
  gx_ingest_batches_total: { type: 'counter', labels: { outcome: ['completed', 'failed', 'retried'] } },
  gx_ingest_papers_total: {
    type: 'counter',
    labels: { outcome: ['fetched', 'duplicates', 'rejected', 'stored', 'updated', 'unchanged', 'failed'] },
  },
  gx_ingest_stage_duration_seconds: { type: 'histogram', labels: { stage: null } },
  gx_embedder_request_duration_seconds: { type: 'histogram', labels: { operation: ['query', 'passages'] } },
  gx_embedder_errors_total: { type: 'counter', labels: { operation: ['query', 'passages'] } },
  gx_db_pool_connections: { type: 'gauge', labels: { state: ['total', 'idle', 'waiting'] } },
  gx_db_pool_max: { type: 'gauge', labels: {} },
};

/**
 * prom-client's default metrics as the process registry names them: prom-client's own names
 * (`process_resident_memory_bytes`, `nodejs_eventloop_lag_p99_seconds`, ...) behind the prefix
 * shared/telemetry/metrics.ts gives them. Read from that registry, so a change of prefix shows up
 * in every dashboard query that still uses the old names.
 */
export function processMetrics(): Record<string, MetricDefinition> {
  const bare = new Registry();
  collectDefaultMetrics({ register: bare });
  const defaults = (bare.getMetricsAsArray() as unknown as { name: string }[]).map((m) => m.name);
  const out: Record<string, MetricDefinition> = {};
  for (const m of metricsRegistry.getMetricsAsArray() as unknown as { name: string; type: string }[]) {
    if (!m.name.startsWith('gx_') || !defaults.some((d) => m.name.endsWith(`_${d}`))) continue;
    const type = String(m.type);
    out[m.name] = { type: type === 'histogram' || type === 'counter' ? type : 'gauge', labels: {} };
  }
  return out;
}

/** Every series name a metric produces: a histogram's `_bucket`, `_sum` and `_count`, else the name itself. */
export function seriesNames(metrics: Record<string, MetricDefinition>): Map<string, { metric: string; def: MetricDefinition; labels: string[] }> {
  const out = new Map<string, { metric: string; def: MetricDefinition; labels: string[] }>();
  for (const [metric, def] of Object.entries(metrics)) {
    const labels = [...Object.keys(def.labels), ...TARGET_LABELS];
    if (def.type === 'histogram') {
      out.set(`${metric}_bucket`, { metric, def, labels: [...labels, 'le'] });
      out.set(`${metric}_sum`, { metric, def, labels });
      out.set(`${metric}_count`, { metric, def, labels });
    } else out.set(metric, { metric, def, labels });
  }
  return out;
}
