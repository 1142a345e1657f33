import { Router } from 'express';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus registry (prom-client). Modules register their metrics on it; a
 * service's internal listener serves it at `/metrics`. The gateway's public doors do not.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'gx_process_' });

/** A metric of this registry, reused when a second instance of a module asks for it again (tests, CLI). */
export function counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
  return (metricsRegistry.getSingleMetric(name) as Counter<L> | undefined) ?? new Counter({ name, help, labelNames, registers: [metricsRegistry] });
}

export function histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]): Histogram<L> {
  return (metricsRegistry.getSingleMetric(name) as Histogram<L> | undefined) ?? new Histogram({ name, help, labelNames, buckets, registers: [metricsRegistry] });
}

export function metricsRoutes(): Router {
  const router = Router();
  router.get('/metrics', async (_req, res) => {
    res.set('content-type', metricsRegistry.contentType);
    res.send(await metricsRegistry.metrics());
  });
  return router;
}
