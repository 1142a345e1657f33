import { Router } from 'express';
import { livenessFailures } from '../runtime/liveness';

/**
 * What a check may say besides passing or throwing: its state and how far its index is behind the
 * change log. `ok` passes with details; any other state (an index still building or catching up)
 * is reported as degraded: this replica serves, without that part for now.
 */
export interface ReadinessNote {
  state: 'ok' | 'starting' | 'catching_up';
  /** Changes of the log not yet applied, and the age of the oldest of them. */
  lag?: { changes: number; seconds: number };
  detail?: string;
}

export type ReadinessCheck = () => Promise<void | ReadinessNote>;

export interface Readiness {
  check: ReadinessCheck;
  /**
   * The check is of a backend every replica shares (Postgres, Redis, Elasticsearch). Its fault is
   * reported as `degraded`, not as not ready: every replica would fail it at once, and taking them
   * all out of service would turn partial service (searches still answer) into none.
   */
  shared: boolean;
}

/**
 * `/healthz`: the process is alive: 200 `ok`, or 503 `failing` when a part reported that it cannot
 * recover by itself (`shared/runtime/liveness.ts`: the embedded PostgreSQL that did not come back
 * after repeated restarts), named in `failing`, so a supervisor restarts the process. `/readyz`: 200 `ready` when every check passes; 200 `degraded`
 * when only shared backends fail or a part is still starting or catching up (named in `degraded`;
 * the listener serves what does not need them); 503 `not_ready` when something of this replica's
 * own fails (a worker not running, a local index that could not start), so a load balancer sends
 * traffic to a replica that can serve it. Each check reports `ok`, its failure, or its note (state
 * and lag behind the change log).
 */
export function healthRoutes(checks: () => Record<string, Readiness>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    const failing = livenessFailures();
    res.set('Cache-Control', 'no-store');
    if (failing.length === 0) {
      res.json({ status: 'ok' });
      return;
    }
    res.status(503).json({ status: 'failing', failing: Object.fromEntries(failing.map((f) => [f.component, { reason: f.reason, since: f.since }])) });
  });
  router.get('/readyz', async (_req, res) => {
    const results: Record<string, string | ReadinessNote> = {};
    const degraded: string[] = [];
    let ready = true;
    await Promise.all(
      Object.entries(checks()).map(async ([name, { check, shared }]) => {
        try {
          const note = await withTimeout(check(), 2_000);
          results[name] = note ?? 'ok';
          if (note && note.state !== 'ok') degraded.push(name);
        } catch (err) {
          if (shared) degraded.push(name);
          else ready = false;
          results[name] = (err as Error).message || 'failed';
        }
      }),
    );
    const status = !ready ? 'not_ready' : degraded.length ? 'degraded' : 'ready';
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status, checks: results, ...(degraded.length ? { degraded: degraded.sort() } : {}) });
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
