import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { projectRoot } from '../../shared/project-paths';
import type { GxSetting } from './gx-server';
import { freePort } from './ports';
import { readMemory, type ProcessMemory } from './server-process';

/** One JSON log line of the server (pino): its message and fields. */
export type LogLine = { msg?: string; level?: number; [field: string]: unknown };

/**
 * A `gx start --target all` whose stdout is read line by line, so a benchmark can take figures the
 * server logs (e.g. the `ms` of `vector index built from Postgres`). Readiness is `/readyz` 200 on
 * the data-API door.
 */
export interface LoggedGxServer {
  readonly pid: number;
  readonly apiUrl: string;
  /** Spawn until /readyz first answered 200. */
  readonly startupMs: number;
  /** Every JSON line logged so far. */
  readonly lines: LogLine[];
  /** The first line with this message, waiting up to `timeoutMs` for it. */
  waitFor(msg: string, timeoutMs?: number): Promise<LogLine>;
  memory(): ProcessMemory;
  /** SIGTERM (graceful: the embedded vector index is saved), SIGKILL after `graceMs`; answers the time to exit. */
  stop(graceMs?: number): Promise<number>;
}

const READY_POLL_MS = 20;
const TAIL = 8_192;

const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

function status(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 1_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

export async function startLoggedGxServer(options: {
  databaseUrl: string;
  dataDir: string;
  settings: readonly GxSetting[];
  name: string;
  timeoutMs?: number;
}): Promise<LoggedGxServer> {
  const root = projectRoot();
  const publicPort = await freePort();
  const apiPort = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    HOST: '127.0.0.1',
    PUBLIC_PORT: String(publicPort),
    API_PORT: String(apiPort),
    SHUTDOWN_TIMEOUT_MS: '2000',
    ...Object.fromEntries(options.settings.map((s) => [s.name, s.value])),
  };
  const timeoutMs = options.timeoutMs ?? 300_000;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'bin', 'gx.js'), 'start', '--target', 'all'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const lines: LogLine[] = [];
  const waiters: { msg: string; resolve: (l: LogLine) => void }[] = [];
  let tail = '';
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    tail = (tail + text).slice(-TAIL);
    pending += text;
    let nl: number;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const raw = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      let line: LogLine;
      try {
        line = JSON.parse(raw) as LogLine;
      } catch {
        continue;
      }
      lines.push(line);
      for (let i = waiters.length - 1; i >= 0; i--) {
        if (waiters[i]!.msg === line.msg) waiters.splice(i, 1)[0]!.resolve(line);
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-TAIL)));
  let exitedAt: number | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exitedAt = performance.now();
      live.delete(child);
      resolve();
    }),
  );

  const stop = async (graceMs = 60_000): Promise<number> => {
    if (exitedAt !== undefined) return 0;
    const t0 = performance.now();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
    return performance.now() - t0;
  };

  const apiUrl = `http://127.0.0.1:${apiPort}`;
  for (;;) {
    if (exitedAt !== undefined) throw new Error(`${options.name} exited during start-up (code ${child.exitCode}); its output ends:\n${tail}`);
    if (performance.now() - started > timeoutMs) {
      await stop(5_000);
      throw new Error(`${options.name} was not ready within ${timeoutMs} ms; its output ends:\n${tail}`);
    }
    if ((await status(`${apiUrl}/readyz`)) === 200) break;
    await new Promise((r) => setTimeout(r, READY_POLL_MS));
  }
  const startupMs = performance.now() - started;

  const waitFor = (msg: string, waitMs = 10_000): Promise<LogLine> => {
    const found = lines.find((l) => l.msg === msg);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${options.name} logged no "${msg}" within ${waitMs} ms; its output ends:\n${tail}`)), waitMs);
      waiters.push({ msg, resolve: (l) => { clearTimeout(timer); resolve(l); } });
    });
  };

  return { pid: child.pid!, apiUrl, startupMs, lines, waitFor, memory: () => readMemory(child.pid!), stop };
}
