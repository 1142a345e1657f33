import { loadConfig, type Config } from '../../shared/config/config';
import { createLogger, type Logger } from '../../shared/logging/logger';
import { startProcess, type RunningProcess } from '../../services/process';
import { newDataDirPath, removeDir } from './test-run';

export interface TestProcess {
  proc: RunningProcess;
  config: Config;
  /** Base URL of the public door (gateway targets) or of the service listener. */
  url: string;
  /** Base URL of the data-API door (gateway targets only). */
  apiUrl?: string;
  stop(): Promise<void>;
}

/**
 * Starts a target in this process on ephemeral ports, exactly as `gx start` would, with a quiet
 * log and no demo data unless the suite asks for them. Its DATA_DIR is a new folder of the test
 * run, removed by `stop()`, unless the suite gives one (then the suite removes it).
 */
export async function startTestProcess(env: Record<string, string>, target = 'all', logger?: Logger): Promise<TestProcess> {
  const ownDataDir = env.DATA_DIR ? undefined : newDataDirPath('process-data');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_PORT: '0',
    API_PORT: '0',
    SERVICE_PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    DEMO_DATA: 'false',
    PUBLIC_RATE_LIMIT: '0',
    SHUTDOWN_TIMEOUT_MS: '2000',
    // A data directory of its own (persisted vector indexes, embedded Postgres), never the project's.
    DATA_DIR: ownDataDir,
    ...env,
  });
  let proc: RunningProcess;
  try {
    proc = await startProcess(target, config, logger ?? createLogger({ level: config.logLevel }));
  } catch (err) {
    removeDir(ownDataDir);
    throw err;
  }
  const server = proc.servers.public ?? proc.servers.service!;
  const api = proc.servers.api;
  return {
    proc,
    config,
    url: `http://127.0.0.1:${server.port}`,
    apiUrl: api && `http://127.0.0.1:${api.port}`,
    async stop() {
      try {
        await proc.stop();
      } finally {
        removeDir(ownDataDir);
      }
    },
  };
}
