import path from 'node:path';
import { projectRoot } from '../../shared/project-paths';
import { freePort } from './ports';
import { startServerProcess, type ServerProcess } from './server-process';

/** An environment variable given to the server under test, and why (the report prints it). */
export type GxSetting = { name: string; value: string; why: string };

/**
 * Settings of the server under test beyond its database and ports, with the reason for each; the
 * report prints them. Everything else stays at the embedded defaults (no Redis, no Elasticsearch).
 */
export const GX_BENCH_SETTINGS: readonly GxSetting[] = [
  { name: 'LOG_LEVEL', value: 'warn', why: 'at info every request writes an access log line to stdout; that would measure logging, not the search' },
  { name: 'PUBLIC_RATE_LIMIT', value: '1000000000', why: 'the per-IP limiter stays in the path but never rejects the single load-generator IP' },
  { name: 'RESPONSE_CACHE_TTL_SECONDS', value: '60', why: 'the default; the in-process response cache is on' },
  { name: 'DEMO_DATA', value: 'false', why: 'the bench loads its own 30,000 papers' },
];

/** A running `gx start --target all`; `url` is the door named by `door` (the public one by default). */
export interface GxServer extends ServerProcess {
  readonly publicUrl: string;
  readonly apiUrl: string;
}

/**
 * How to launch `node bin/gx.js start --target <target>` (default `all`) on free ports (both doors)
 * against a database.
 */
export async function gxLaunch(options: { databaseUrl: string; dataDir: string; settings: readonly GxSetting[]; cpuProfDir?: string; target?: string }) {
  const root = projectRoot();
  const publicPort = await freePort();
  const apiPort = await freePort();
  const metricsPort = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    HOST: '127.0.0.1',
    PUBLIC_PORT: String(publicPort),
    // A port of its own too, so servers run side by side and never meet whatever holds 8081.
    API_PORT: String(apiPort),
    // And the Prometheus listener: every server would otherwise take 9464, the second one failing to start.
    METRICS_PORT: String(metricsPort),
    SHUTDOWN_TIMEOUT_MS: '2000',
    ...Object.fromEntries(options.settings.map((s) => [s.name, s.value])),
  };
  const profile = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.cpuProfDir)}`] : [];
  return { root, publicPort, apiPort, metricsPort, env, args: [...profile, path.join(root, 'bin', 'gx.js'), 'start', '--target', options.target ?? 'all'] };
}

/**
 * `node bin/gx.js start --target all` as a child process, on free ports (both doors), against
 * `databaseUrl`. `settings` replaces GX_BENCH_SETTINGS for a benchmark with other needs; `door`
 * chooses the listener polled for readiness and answered as `url`.
 */
export async function startGxServer(options: {
  databaseUrl: string;
  dataDir: string;
  cpuProfDir?: string;
  settings?: readonly GxSetting[];
  door?: 'public' | 'api';
  name?: string;
  timeoutMs?: number;
  onStdoutLine?: (line: string) => void;
}): Promise<GxServer> {
  const { root, publicPort, apiPort, env, args } = await gxLaunch({ ...options, settings: options.settings ?? GX_BENCH_SETTINGS });
  const server = await startServerProcess({
    name: options.name ?? 'gx start --target all',
    args,
    env,
    cwd: root,
    port: options.door === 'api' ? apiPort : publicPort,
    readyPath: '/readyz',
    timeoutMs: options.timeoutMs ?? 180_000,
    onStdoutLine: options.onStdoutLine,
  });
  return { ...server, publicUrl: `http://127.0.0.1:${publicPort}`, apiUrl: `http://127.0.0.1:${apiPort}` };
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
