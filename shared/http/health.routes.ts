import { Router } from 'express';

export type ReadinessCheck = () => Promise<void>;

/**
 * `/healthz`: the process is alive. `/readyz`: every backend this process depends on answers; 503
 * with the failing checks otherwise, so a load balancer stops sending traffic.
 */
export function healthRoutes(checks: () => Record<string, ReadinessCheck>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const results: Record<string, string> = {};
    let ready = true;
    await Promise.all(
      Object.entries(checks()).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2_000);
          results[name] = 'ok';
        } catch (err) {
          ready = false;
          results[name] = (err as Error).message || 'failed';
        }
      }),
    );
    res.status(ready ? 200 : 503).set('Cache-Control', 'no-store').json({ status: ready ? 'ready' : 'not_ready', checks: results });
  });
  return router;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (v) => { clearTimeout(timer); resolve(v); },
      (e) => { clearTimeout(timer); reject(e); },
    );
  });
}
