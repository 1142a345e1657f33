import type { Config } from '../shared/config/config';
import type { Logger } from '../shared/logging/logger';
import { startProcess } from '../services/process';

/** Runs a target until SIGTERM or SIGINT, then shuts down gracefully; a second signal exits at once. */
export async function startCommand(config: Config, logger: Logger, target: string): Promise<void> {
  const started = Date.now();
  const proc = await startProcess(target, config, logger);
  logger.info({ ms: Date.now() - started, rss_mb: Math.round(process.memoryUsage().rss / 2 ** 20) }, 'ready');
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    proc.stop().then(
      () => { logger.info('stopped'); process.exit(0); },
      (err) => { logger.error({ err }, 'shutdown failed'); process.exit(1); },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
