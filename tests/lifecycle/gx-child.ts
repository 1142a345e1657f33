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
  return { ...base, NODE_ENV: 'test', ...env };
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

export interface GxServer {
  child: ChildProcess;
  /** Every JSON log line of its stdout so far. */
  logs: { level?: string; msg?: string; [k: string]: unknown }[];
  /** Its stderr so far. */
  stderr: () => string;
  port: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `gx start --target all` on ephemeral ports, resolved once it logs `started`. */
export async function startGx(env: Record<string, string>, options: { detached?: boolean } = {}): Promise<GxServer> {
  const child = spawn(process.execPath, [GX, 'start', '--target', 'all'], {
    env: childEnv({ PUBLIC_PORT: '0', API_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a test can signal the whole group as a terminal's Ctrl-C does.
    detached: options.detached ?? false,
  });
  const logs: GxServer['logs'] = [];
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const port = await new Promise<number>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      let entry: GxServer['logs'][number];
      try {
        entry = JSON.parse(line) as GxServer['logs'][number];
      } catch {
        entry = { level: 'not-json', msg: line };
      }
      logs.push(entry);
      if (entry.msg === 'started') resolve((entry.ports as { public: number }).public);
    });
    void exited.then(({ code, signal }) => reject(new Error(`gx start exited early (${code ?? signal}); stderr: ${stderr}`)));
  });
  return { child, logs, stderr: () => stderr, port, exited };
}

/** A temporary DATA_DIR the `postgres` OS user can enter (the server runs as that user under root). */
export function tempDataDir(prefix = 'gx-life-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}
