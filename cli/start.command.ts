import type { Config } from '../shared/config/config';
import type { Logger } from '../shared/logging/logger';
import { startProcess, type RunningProcess } from '../services/process';
import { beginShutdown, untilDeadline } from '../shared/runtime/shutdown';
import type { Tracing } from '../shared/telemetry/tracing';

/**
 * Runs a target until SIGTERM or SIGINT, then shuts down within SHUTDOWN_GRACE_SECONDS: listeners
 * stop accepting and finish requests in flight, modules close in reverse start order, the database
 * last; a module still closing when the budget (less a reserve) is spent is abandoned and logged;
 * the embedded PostgreSQL is stopped all the same (fast shutdown), the spans still buffered are
 * sent, and the process exits 0. Should anything hang past the whole budget, it exits 1 at its end
 * (its exit hooks still stop the embedded PostgreSQL). A signal during start-up takes effect once
 * start-up is over; a second signal exits at once.
 */
export async function startCommand(config: Config, logger: Logger, target: string, tracing?: Tracing): Promise<void> {
  const started = Date.now();
  let proc: RunningProcess | undefined;
  let stopping: string | undefined;
  const stop = () => {
    const budget = beginShutdown(config.shutdownGraceMs);
    logger.info({ signal: stopping, grace_s: config.shutdownGraceMs / 1000 }, 'shutting down: no new connections, finishing requests in flight');
    // A part abandoned by the budget may still fail (its connection closed under it when the
    // embedded PostgreSQL stops): the process is ending anyway, and the shutdown goes on to its end.
    process.on('uncaughtException', (err) => logger.warn({ err: err.message }, 'a part failed while the process shut down (ignored: it is exiting)'));
    proc!
      .stop(budget)
      .then(() => (tracing ? untilDeadline(tracing.stop(), budget.deadline) : undefined))
      .then(
        () => {
          logger.info({ ms: Date.now() - budget.startedAt }, 'stopped');
          process.exit(0);
        },
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  const onSignal = (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    stopping = signal;
    // The clock runs from the signal, also when it comes during start-up.
    const budget = beginShutdown(config.shutdownGraceMs);
    const overdue = setTimeout(() => {
      logger.error({ grace_s: config.shutdownGraceMs / 1000 }, 'shutdown did not finish within SHUTDOWN_GRACE_SECONDS: exiting now');
      process.exit(1);
    }, budget.deadline - Date.now());
    overdue.unref();
    if (proc) stop();
    else logger.info({ signal }, 'shutting down as soon as start-up is over');
  };
  // Registered before anything starts, so no signal finds the process without its own shutdown.
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  proc = await startProcess(target, config, logger);
  logger.info({ ms: Date.now() - started, rss_mb: Math.round(process.memoryUsage().rss / 2 ** 20) }, 'ready');
  if (stopping) stop();
}
