import type { Config } from '../shared/config/config';
import { createBaseApp, errorHandler, notFoundHandler } from '../shared/http/base-app';
import { listen, type RunningServer } from '../shared/http/http-server';
import type { Logger } from '../shared/logging/logger';
import { Runtime } from '../shared/runtime/runtime';
import { apiDoor, apiDoorShape, publicDoor, publicDoorShape, type Gateway } from './gateway';
import { callerFromGateway, requireGatewayCaller } from '../modules/api-keys';
import { MODULES, resolveTargets } from './registry';
import { metricsListener } from '../shared/telemetry/metrics';
import { acquireDataDir } from '../shared/runtime/data-dir-lock';
import { currentShutdown, remainingMs, type ShutdownBudget } from '../shared/runtime/shutdown';
import { stopEmbeddedPostgres } from '../shared/db/embedded-postgres';

export interface RunningProcess {
  target: string;
  runtime: Runtime;
  /** Listening servers by role: `public` and `api` (gateway), or `service` (a service on its own), and `metrics`. */
  servers: Record<string, RunningServer>;
  /**
   * Listeners stop accepting and finish requests in flight (up to SHUTDOWN_TIMEOUT_MS), modules close
   * in reverse start order, then the embedded PostgreSQL this process started stops, and the
   * DATA_DIR is released. With a budget (`gx start` after a signal), listeners and modules get until
   * its `modulesDeadline` and whatever is still running then is abandoned; the embedded PostgreSQL
   * is stopped all the same (fast shutdown), within the budget's `deadline`.
   */
  stop(budget?: ShutdownBudget): Promise<void>;
}

/**
 * Starts a target: its modules in dependency order, then its listeners. With the gateway, the
 * public door serves on PUBLIC_PORT and the data-API door on API_PORT; services without the gateway
 * serve their routes on SERVICE_PORT. Every process, the gateway included, serves Prometheus metrics
 * on METRICS_PORT, opened first so a long start can be watched. Before anything, the process takes
 * its DATA_DIR (one owner per DATA_DIR: `shared/runtime/data-dir-lock.ts`); a DATA_DIR another live
 * process owns stops the start with a message naming that process.
 */
export async function startProcess(targetSpec: string, config: Config, logger: Logger): Promise<RunningProcess> {
  // One target or a comma-separated list of them: the union of their modules in this process.
  const { targets, modules: names } = resolveTargets(targetSpec);
  const target = targets.join(',');
  requireServiceTokenWhenSplit(names, config);
  // Its embedded PostgreSQL and its snapshots are this process's alone until it exits.
  const lock = await acquireDataDir(config.dataDir);
  let runtime: Runtime;
  let metrics: RunningServer | undefined;
  try {
    metrics = await listen(metricsListener(), config.telemetry.metricsPort, config.http.host, { logger });
    runtime = await Runtime.start(names, MODULES, config, logger);
  } catch (err) {
    await metrics?.close(0);
    await stopEmbeddedPostgres(config.dataDir, { logger });
    await lock.release();
    throw err;
  }
  const running = new Set(runtime.moduleNames);
  const servers: Record<string, RunningServer> = { metrics };
  const base = () => createBaseApp({ logger, trustProxy: config.http.trustProxy, readiness: () => runtime.readiness() });

  try {
    // Told to stop while the modules started (a long first build, say): what they hold may be
    // incomplete, and the process is about to stop anyway, so no door opens.
    if (currentShutdown()) logger.info('a shutdown began during start-up: the doors stay closed');
    else if (running.has('gateway')) {
      const doorDeps = {
        config,
        logger,
        gateway: runtime.value<Gateway>('gateway'),
        local: runtime.routes(),
        modules: [...MODULES.values()],
        running,
        readiness: () => runtime.readiness(),
      };
      servers.public = await listen(publicDoor(doorDeps), config.http.publicPort, config.http.host, { logger, shape: publicDoorShape(doorDeps) });
      servers.api = await listen(apiDoor(doorDeps), config.http.apiPort, config.http.host, { logger, shape: apiDoorShape(doorDeps) });
    } else {
      const app = base();
      app.use(callerFromGateway(config.services.token, config.services.previousToken));
      // Public routes first: only the data-API door's `/api/v1/*` needs a caller the gateway verified.
      const mounts = runtime.routes();
      for (const mount of mounts.filter((m) => m.door === 'public')) app.use(mount.router);
      if (mounts.some((m) => m.door === 'api')) app.use('/api/v1', requireGatewayCaller);
      for (const mount of mounts.filter((m) => m.door === 'api')) app.use(mount.router);
      app.use(notFoundHandler, errorHandler(logger));
      servers.service = await listen(app, config.http.servicePort, config.http.host, { logger });
    }
  } catch (err) {
    await Promise.all(Object.values(servers).map((s) => s.close(0)));
    await runtime.stop();
    await stopEmbeddedPostgres(config.dataDir, { logger });
    await lock.release();
    throw err;
  }

  logger.info({ target, modules: runtime.moduleNames, ports: Object.fromEntries(Object.entries(servers).map(([k, s]) => [k, s.port])) }, 'started');
  return {
    target,
    runtime,
    servers,
    async stop(budget) {
      const drainMs = Math.min(config.shutdownTimeoutMs, remainingMs(budget?.modulesDeadline));
      await Promise.all(Object.values(servers).map((s) => s.close(drainMs)));
      const { abandoned } = await runtime.stop({ deadline: budget?.modulesDeadline });
      // Always, whatever was abandoned: the server must not outlive this process.
      await stopEmbeddedPostgres(config.dataDir, { deadline: budget?.deadline, logger });
      await lock.release();
      if (abandoned.length) logger.warn({ abandoned }, 'shutdown budget spent: these modules were abandoned (their next start recovers)');
    },
  };
}

/**
 * The data-API door forwards the caller it verified to services in other processes; they may only
 * trust it with the shared SERVICE_TOKEN. A split that would need it refuses to start without it.
 */
function requireServiceTokenWhenSplit(names: string[], config: Config): void {
  if (config.services.token) return;
  const apiServices = [...MODULES.values()].filter((m) => m.serves?.some((s) => s.door === 'api')).map((m) => m.name);
  const here = new Set(names);
  const split = here.has('gateway') ? apiServices.some((name) => !here.has(name)) : apiServices.some((name) => here.has(name));
  if (split) {
    throw new Error('SERVICE_TOKEN must be set when the gateway and the data-API services run in separate processes (the same secret on both sides)');
  }
}
