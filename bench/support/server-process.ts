import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface ServerProcess {
  readonly name: string;
  readonly pid: number;
  readonly url: string;
  /** Spawn until the readiness path first answered 200. */
  readonly startupMs: number;
  memory(): ProcessMemory;
  /** SIGTERM (graceful), then SIGKILL if it has not exited within `graceMs`; answers the time to exit. */
  stop(graceMs?: number): Promise<number>;
}

export interface ProcessMemory {
  /** Resident set size now (VmRSS), MiB. */
  rssMb: number;
  /** Peak resident set size so far (VmHWM), MiB. */
  peakRssMb: number;
}

const OUTPUT_TAIL_BYTES = 8_192;
const READY_POLL_MS = 20;
const STOP_GRACE_MS = 5_000;

// Children still running when this process exits for any reason (a crash included) are killed.
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** A child this module or another bench helper spawned: killed if the bench process exits first. */
export function trackChild(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
}

/** SIGTERM, then SIGKILL after `graceMs`; answers the time the child took to exit (0 if it had). */
export async function terminate(child: ChildProcess, exited: Promise<void>, hasExited: boolean, graceMs: number): Promise<number> {
  if (hasExited) return 0;
  const t0 = performance.now();
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  return performance.now() - t0;
}

/** CPU seconds a Linux process has used so far (user + system), from /proc. */
export function readCpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces, inside parentheses): utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Resolves once the process has used less than `busySeconds` of CPU in a `windowMs` window (its
 * background work after a start, such as the first save of a built index, is done), or after
 * `timeoutMs`; the ms waited.
 */
export async function untilQuiet(pid: number, options: { windowMs?: number; busySeconds?: number; timeoutMs?: number } = {}): Promise<number> {
  const { windowMs = 1_000, busySeconds = 0.05, timeoutMs = 600_000 } = options;
  const t0 = Date.now();
  let before = readCpuSeconds(pid);
  for (;;) {
    await new Promise((r) => setTimeout(r, windowMs));
    const now = readCpuSeconds(pid);
    if (now - before < busySeconds || Date.now() - t0 > timeoutMs) return Date.now() - t0;
    before = now;
  }
}

/** VmRSS and VmHWM of a Linux process, from /proc. */
export function readMemory(pid: number): ProcessMemory {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
}

function getStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 1_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/**
 * Spawns a Node server as a child process and waits until `readyPath` answers 200. Its output is
 * kept (the tail only) to explain a failed start.
 */
export async function startServerProcess(options: {
  name: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  port: number;
  readyPath: string;
  timeoutMs: number;
  /** Called with each complete line the server writes to stdout (its JSON log). */
  onStdoutLine?: (line: string) => void;
}): Promise<ServerProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, options.args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  trackChild(child);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_BYTES);
  };
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    keep(chunk);
    if (!options.onStdoutLine) return;
    pending += chunk.toString('utf8');
    for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
      options.onStdoutLine(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
    }
  });
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const url = `http://127.0.0.1:${options.port}`;
  const stop = (graceMs = STOP_GRACE_MS) => terminate(child, exited, hasExited, graceMs);

  for (;;) {
    if (hasExited) throw new Error(`${options.name} exited during start-up (code ${child.exitCode}); its output ends:\n${tail}`);
    if (performance.now() - started > options.timeoutMs) {
      await stop();
      throw new Error(`${options.name} was not ready within ${options.timeoutMs} ms; its output ends:\n${tail}`);
    }
    if ((await getStatus(`${url}${options.readyPath}`)) === 200) break;
    await new Promise((r) => setTimeout(r, READY_POLL_MS));
  }
  const startupMs = performance.now() - started;
  return { name: options.name, pid: child.pid!, url, startupMs, memory: () => readMemory(child.pid!), stop };
}
