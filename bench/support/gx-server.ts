import path from 'node:path';
import { projectRoot } from '../../shared/project-paths';
import { freePort } from './ports';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * Settings of the server under test beyond its database and ports, with the reason for each; the
 * report prints them. Everything else stays at the embedded defaults (no Redis, no Elasticsearch).
 */
export const GX_BENCH_SETTINGS: readonly { name: string; value: string; why: string }[] = [
  { name: 'LOG_LEVEL', value: 'warn', why: 'at info every request writes an access log line to stdout; that would measure logging, not the search' },
  { name: 'PUBLIC_RATE_LIMIT', value: '1000000000', why: 'the per-IP limiter stays in the path but never rejects the single load-generator IP' },
  { name: 'RESPONSE_CACHE_TTL_SECONDS', value: '60', why: 'the default; the in-process response cache is on' },
  { name: 'DEMO_DATA', value: 'false', why: 'the bench loads its own 30,000 papers' },
];

/** `node bin/gx.js start --target all` as a child process, on a free port, against `databaseUrl`. */
export async function startGxServer(options: { databaseUrl: string; dataDir: string; cpuProfDir?: string }): Promise<ServerProcess> {
  const root = projectRoot();
  const port = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    HOST: '127.0.0.1',
    PUBLIC_PORT: String(port),
    SHUTDOWN_TIMEOUT_MS: '2000',
    ...Object.fromEntries(GX_BENCH_SETTINGS.map((s) => [s.name, s.value])),
  };
  const profile = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.cpuProfDir)}`] : [];
  return startServerProcess({
    name: 'gx start --target all',
    args: [...profile, path.join(root, 'bin', 'gx.js'), 'start', '--target', 'all'],
    env,
    cwd: root,
    port,
    readyPath: '/readyz',
    timeoutMs: 180_000,
  });
}

/** The baseline server (compiled next to this file) answering `bodyFile` to every request. */
export async function startBareServer(bodyFile: string, cwd: string): Promise<ServerProcess> {
  const port = await freePort();
  return startServerProcess({
    name: 'bare http server',
    args: [path.join(__dirname, 'bare-server.js'), bodyFile, String(port)],
    env: {},
    cwd,
    port,
    readyPath: '/',
    timeoutMs: 15_000,
  });
}
