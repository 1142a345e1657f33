import type { RequestListener } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus registry (prom-client). Modules register their metrics on it; every
 * process serves it on a listener of its own (METRICS_PORT), never on a front door.
 */
export const metricsRegistry = new Registry();
// Named gx_process_* and gx_nodejs_* (prom-client's process_ and nodejs_ families under our prefix).
collectDefaultMetrics({ register: metricsRegistry, prefix: 'gx_' });

/** A metric of this registry, reused when a second instance of a module asks for it again (tests, CLI). */
export function counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
  return (metricsRegistry.getSingleMetric(name) as Counter<L> | undefined) ?? new Counter({ name, help, labelNames, registers: [metricsRegistry] });
}

export function histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]): Histogram<L> {
  return (metricsRegistry.getSingleMetric(name) as Histogram<L> | undefined) ?? new Histogram({ name, help, labelNames, buckets, registers: [metricsRegistry] });
}

export function gauge<L extends string>(name: string, help: string, labelNames: readonly L[]): Gauge<L> {
  return (metricsRegistry.getSingleMetric(name) as Gauge<L> | undefined) ?? new Gauge({ name, help, labelNames, registers: [metricsRegistry] });
}

/**
 * Values read when Prometheus scrapes rather than kept up to date on every change (pool sizes,
 * queue depths, index lag). Each source sets the gauges it owns; several instances of a module
 * (tests, `--target all`) each add their own, and a closed one removes itself.
 */
type Collector = () => void | Promise<void>;
const collectors = new Set<Collector>();

export function onScrape(collect: Collector): () => void {
  collectors.add(collect);
  return () => void collectors.delete(collect);
}

/** How long a scrape waits for one source: well inside Prometheus's default 10 s scrape timeout. */
const COLLECT_TIMEOUT_MS = 2_000;

/** The registry in Prometheus's text format, after every scrape-time source has had its say. */
export async function scrape(): Promise<string> {
  // A failing or stalled source (Redis down under the queue depth) leaves its gauges as they were.
  await Promise.allSettled([...collectors].map((collect) => withinTimeout(Promise.resolve().then(collect))));
  return metricsRegistry.metrics();
}

function withinTimeout(work: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('metrics source timed out')), COLLECT_TIMEOUT_MS);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/** The metrics listener: `GET /metrics` and nothing else. */
export function metricsListener(): RequestListener {
  return (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('metrics are at GET /metrics\n');
      return;
    }
    scrape().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(req.method === 'HEAD' ? undefined : text),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${err.message}\n`),
    );
  };
}
