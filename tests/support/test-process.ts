import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../shared/config/config';
import { createLogger } from '../../shared/logging/logger';
import { startProcess, type RunningProcess } from '../../services/process';

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
 * log and no demo data unless the suite asks for them.
 */
export async function startTestProcess(env: Record<string, string>, target = 'all'): Promise<TestProcess> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_PORT: '0',
    API_PORT: '0',
    SERVICE_PORT: '0',
    HOST: '127.0.0.1',
    DEMO_DATA: 'false',
    PUBLIC_RATE_LIMIT: '0',
    SHUTDOWN_TIMEOUT_MS: '2000',
    // A data directory of its own (persisted vector indexes, embedded Postgres), never the project's.
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'gx-test-data-')),
    ...env,
  });
  const proc = await startProcess(target, config, createLogger({ level: config.logLevel }));
  const server = proc.servers.public ?? proc.servers.service!;
  const api = proc.servers.api;
  return { proc, config, url: `http://127.0.0.1:${server.port}`, apiUrl: api && `http://127.0.0.1:${api.port}`, stop: () => proc.stop() };
}
