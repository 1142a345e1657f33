import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

/** The compiled CLI, as operators run it (`npm test` builds first). */
export const GX = path.resolve(__dirname, '../../bin/gx.js');

/**
 * A minimal environment for a `gx` child: nothing of the test run's own backends (DATABASE_URL,
 * REDIS_URL, …) leaks in unless a test passes it.
 */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG']) if (process.env[key] !== undefined) base[key] = process.env[key];
  return { ...base, NODE_ENV: 'test', METRICS_PORT: '0', ...env };
}

export interface GxResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs `gx …` to its end. */
export function runGx(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<GxResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [GX, ...args], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`gx ${args.join(' ')} did not finish in ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

export type GxLog = { level?: string; msg?: string; [k: string]: unknown };

/** A running `gx` child whose output is kept (not printed): a test shows it when it fails. */
export interface GxChild {
  child: ChildProcess;
  /** Every JSON log line of its stdout so far. */
  logs: GxLog[];
  /** Its stderr so far. */
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Calls `fn` with each log line as it arrives. */
  onLog(fn: (entry: GxLog) => void): void;
}

/** Spawns `gx …` (`node bin/gx.js`) with `childEnv(env)`, keeping its stdout log lines and stderr. */
export function spawnGx(args: string[], env: Record<string, string>, options: { detached?: boolean } = {}): GxChild {
  const child = spawn(process.execPath, [GX, ...args], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a test can signal the whole group as a terminal's Ctrl-C does.
    detached: options.detached ?? false,
  });
  const logs: GxLog[] = [];
  const listeners: ((entry: GxLog) => void)[] = [];
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    let entry: GxLog;
    try {
      entry = JSON.parse(line) as GxLog;
    } catch {
      entry = { level: 'not-json', msg: line };
    }
    logs.push(entry);
    for (const fn of listeners) fn(entry);
  });
  return { child, logs, stderr: () => stderr, exited, onLog: (fn) => void listeners.push(fn) };
}

export interface GxServer extends GxChild {
  /** The public door's port (the service listener's for a target without the gateway). */
  port: number;
  /** Every listener's port by role (`public`, `api`, `service`), from its `started` log line. */
  ports: Record<string, number>;
}

/** `gx start --target <target>` (default `all`) on ephemeral ports, resolved once it logs `started`. */
export async function startGx(env: Record<string, string>, options: { detached?: boolean; target?: string } = {}): Promise<GxServer> {
  const gx = spawnGx(['start', '--target', options.target ?? 'all'], { PUBLIC_PORT: '0', API_PORT: '0', SERVICE_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }, options);
  const ports = await new Promise<Record<string, number>>((resolve, reject) => {
    gx.onLog((entry) => {
      if (entry.msg === 'started') resolve(entry.ports as Record<string, number>);
    });
    void gx.exited.then(({ code, signal }) => reject(new Error(`gx start exited early (${code ?? signal}); stderr: ${gx.stderr()}`)));
  });
  return { ...gx, port: ports.public ?? ports.service!, ports };
}

/** A temporary DATA_DIR the `postgres` OS user can enter (the server runs as that user under root). */
export function tempDataDir(prefix = 'gx-life-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}
