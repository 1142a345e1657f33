/**
 * Liveness: whether this process can still recover by itself. A part that cannot (the embedded
 * PostgreSQL that did not come back after repeated restarts) reports it here, and `/healthz` then
 * answers 503, so a supervisor (Kubernetes' liveness probe, Docker's healthcheck) restarts the
 * process. Readiness (`/readyz`) is for faults that pass; this is for those that do not.
 */

export interface LivenessFailure {
  component: string;
  reason: string;
  /** ISO time the failure was first reported. */
  since: string;
}

export interface LivenessReporter {
  /** The part cannot recover by itself (reported once; a later call updates the reason). */
  fail(reason: string): void;
  /** The part is well again. */
  ok(): void;
}

const failures = new Map<symbol, LivenessFailure>();

/** A reporter for one part (each call gives a reporter of its own, so two parts never clear each other). */
export function livenessReporter(component: string): LivenessReporter {
  const key = Symbol(component);
  return {
    fail(reason) {
      failures.set(key, { component, reason, since: failures.get(key)?.since ?? new Date().toISOString() });
    },
    ok() {
      failures.delete(key);
    },
  };
}

/** What is failing now, for `/healthz`. */
export function livenessFailures(): LivenessFailure[] {
  return [...failures.values()];
}
