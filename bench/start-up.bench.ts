import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { projectRoot } from '../shared/project-paths';
import { withCleanup } from './support/cleanup';
import { freePort } from './support/ports';
import { trackChild } from './support/server-process';
import { median } from './support/stats';
import { table } from './support/table';

/** The README's promise for a start with nothing changed since the last build (issue 30). */
export const START_TARGET_MS = 3_000;
const ROUNDS = 3;
const FIRST_ANSWER = '/api/v1/papers/search?q=hydrogen';
const START_TIMEOUT_MS = 300_000;
const STOP_GRACE_MS = 30_000;

const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);

interface Start {
  label: string;
  command: string;
  args: string[];
}

/**
 * `--only=start-up`: what a newcomer waits for after `npm ci`: `npm start`, from the command to the
 * first answer of a search on the public door, with nothing changed since the last build (its build
 * check included), against `node bin/gx.js start` (the same server without npm and the build
 * check) in the same run, interleaved. On the embedded defaults, as the README's quick start: a
 * private PostgreSQL in a temp DATA_DIR and the demo corpus, set up by a first start that is not
 * counted. Run it after `npm run build`, with no source changed since.
 */
export async function runStartUpBench(): Promise<unknown> {
  return withCleanup(async (cleanup) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-bench-start-'));
    cleanup.addSync('remove the DATA_DIR', () => fs.rmSync(dataDir, { recursive: true, force: true }));
    // As a folder made by mkdir: under root, the embedded PostgreSQL runs as the `postgres` user, which must reach its cluster inside.
    fs.chmodSync(dataDir, 0o755);
    const port = await freePort();
    const env: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: dataDir, PUBLIC_PORT: String(port), API_PORT: String(await freePort()), METRICS_PORT: String(await freePort()), LOG_LEVEL: 'warn' };
    // The quick start's defaults: no outside Postgres or Redis, no test runner's Node flags.
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS']) delete env[name];
    // npm itself when the bench runs under npm (`npm run bench`), else the one on PATH.
    const npm: Start = process.env.npm_execpath ? { label: 'npm start', command: process.execPath, args: [process.env.npm_execpath, 'start'] } : { label: 'npm start', command: 'npm', args: ['start'] };
    const node: Start = { label: 'node bin/gx.js start', command: process.execPath, args: ['bin/gx.js', 'start'] };

    progress('a first start sets up the DATA_DIR (embedded PostgreSQL, demo corpus): not counted');
    const setup = await timeToFirstAnswer(node, env, port);
    const times: Record<string, number[]> = { [npm.label]: [], [node.label]: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const start of [npm, node]) {
        progress(`round ${round}: ${start.label}`);
        times[start.label]!.push(await timeToFirstAnswer(start, env, port));
      }
    }
    printReport(setup, times, npm.label, node.label);
    return { bench: 'start-up', setupMs: setup, times };
  });
}

/** Spawns a start in a process group of its own, times it to the first 200, then stops the whole group. */
async function timeToFirstAnswer(start: Start, env: Record<string, string>, port: number): Promise<number> {
  const t0 = performance.now();
  const child = spawn(start.command, start.args, { cwd: projectRoot(), env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  trackChild(child);
  let tail = '';
  child.stderr!.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-4_096)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${start.label} exited during start-up; its output ends:\n${tail}`);
      if (performance.now() - t0 > START_TIMEOUT_MS) throw new Error(`${start.label} did not answer within ${START_TIMEOUT_MS} ms; its output ends:\n${tail}`);
      if ((await status(`http://127.0.0.1:${port}${FIRST_ANSWER}`)) === 200) return performance.now() - t0;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await stopGroup(child, exited);
  }
}

/** SIGTERM to the group (npm, its shell, gx and the PostgreSQL gx started), SIGKILL after the grace; resolves once none is left. */
async function stopGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(-child.pid!, name);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  signal('SIGTERM');
  const kill = setTimeout(() => signal('SIGKILL'), STOP_GRACE_MS);
  await exited;
  while (signal(0)) await new Promise((r) => setTimeout(r, 50));
  clearTimeout(kill);
}

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

function printReport(setupMs: number, times: Record<string, number[]>, npmLabel: string, nodeLabel: string): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const npm = median(times[npmLabel]!);
  const node = median(times[nodeLabel]!);
  const out = ['', `== start-up: from the command to the first 200 of GET ${FIRST_ANSWER} (public door), nothing changed since the last build; medians of ${ROUNDS} ==`];
  out.push(
    table(
      ['start', 'median', 'runs', `target ${s(START_TARGET_MS)}`],
      [
        [npmLabel, s(npm), times[npmLabel]!.map(s).join(', '), npm <= START_TARGET_MS ? 'met' : 'NOT met'],
        [`${nodeLabel} (baseline: no npm, no build check)`, s(node), times[nodeLabel]!.map(s).join(', '), ''],
        ['npm start - baseline (npm and the build check)', s(npm - node), '', ''],
      ],
    ),
  );
  out.push(`The first start, which set the DATA_DIR up (embedded PostgreSQL's cluster, the demo corpus), took ${s(setupMs)}.`);
  out.push('Targets are information only; the exit code does not depend on them.');
  process.stdout.write(`${out.join('\n')}\n`);
}
