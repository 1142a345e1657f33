/**
 * The time a process has to stop once it is told to (SIGTERM, SIGINT): SHUTDOWN_GRACE_SECONDS from
 * the signal. Listeners and modules get the budget less a reserve; the reserve is kept for what must
 * always happen last (stopping the embedded PostgreSQL, sending buffered spans) and the exit. What is
 * not done by its deadline is abandoned, never waited for past it.
 */
export interface ShutdownBudget {
  /** When shutdown began (ms since the epoch). */
  readonly startedAt: number;
  /** Listeners and modules are abandoned past this. */
  readonly modulesDeadline: number;
  /** The process has exited by this. */
  readonly deadline: number;
}

/** What a module's `close` is told: the time it has (absent: no limit, as for a one-shot command). */
export interface ShutdownContext {
  deadline?: number;
}

/**
 * The part of the budget kept for the final steps: a fifth of it, at least 1 s and at most 5 s, and
 * never more than half (20 s: 4 s kept; 2 s: 1 s kept).
 */
export function shutdownReserveMs(graceMs: number): number {
  return Math.floor(Math.min(graceMs / 2, Math.max(1_000, Math.min(5_000, graceMs / 5))));
}

let current: ShutdownBudget | undefined;

/** Starts this process's shutdown clock (once: a later call returns the budget already running). */
export function beginShutdown(graceMs: number, now = Date.now()): ShutdownBudget {
  current ??= { startedAt: now, modulesDeadline: now + graceMs - shutdownReserveMs(graceMs), deadline: now + graceMs };
  return current;
}

/** The budget of a shutdown under way in this process, if one is. */
export function currentShutdown(): ShutdownBudget | undefined {
  return current;
}

/** Milliseconds left until `deadline` (Infinity without one; never negative). */
export function remainingMs(deadline: number | undefined, now = Date.now()): number {
  return deadline === undefined ? Infinity : Math.max(0, deadline - now);
}

/**
 * `work`'s outcome, or `timedOut` once `deadline` has passed (the work goes on unobserved: its
 * rejection is swallowed, so an abandoned task cannot crash the process later).
 */
export async function untilDeadline<T>(work: Promise<T>, deadline: number | undefined): Promise<{ timedOut: false; value: T } | { timedOut: true }> {
  if (deadline === undefined) return { timedOut: false, value: await work };
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<{ timedOut: true }>((resolve) => {
    timer = setTimeout(() => resolve({ timedOut: true }), remainingMs(deadline));
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work.then((value) => ({ timedOut: false as const, value })), expired]);
  } finally {
    clearTimeout(timer);
  }
}
