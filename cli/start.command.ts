import type { Config } from '../shared/config/config';
import type { Logger } from '../shared/logging/logger';
import { startProcess, type RunningProcess } from '../services/process';
import type { Tracing } from '../shared/telemetry/tracing';

/**
 * Runs a target until SIGTERM or SIGINT, then shuts down gracefully: listeners stop accepting and
 * finish requests in flight, modules close in reverse start order, the database (and an embedded
 * PostgreSQL) last, then the spans still buffered are sent. A signal during start-up takes effect once start-up is over; a second signal
 * exits at once.
 */
export async function startCommand(config: Config, logger: Logger, target: string, tracing?: Tracing): Promise<void> {
  const started = Date.now();
  let proc: RunningProcess | undefined;
  let stopping: string | undefined;
  const stop = () => {
    logger.info({ signal: stopping }, 'shutting down: no new connections, finishing requests in flight');
    proc!.stop().then(() => tracing?.stop()).then(
      () => { logger.info('stopped'); process.exit(0); },
      (err: unknown) => { logger.error({ err }, 'shutdown failed'); process.exit(1); },
    );
  };
  const onSignal = (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    stopping = signal;
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
