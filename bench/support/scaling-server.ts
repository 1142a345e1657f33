import { spawn } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { gxLaunch, type GxSetting } from './gx-server';
import { readMemory, terminate, trackChild, type ProcessMemory } from './server-process';

const OUTPUT_TAIL_BYTES = 8_192;

/**
 * A `gx start --target <target>` (default `all`) spawned WITHOUT waiting for anything, so the caller
 * can time from the spawn itself to each milestone (public search answering, /readyz, vector mode)
 * with pollers of its own. `startServerProcess` waits for one readiness path before it returns, which hides the
 * others' timings.
 */
export interface SpawnedGx {
  readonly pid: number;
  readonly publicUrl: string;
  readonly apiUrl: string;
  /** Its Prometheus listener (`GET /metrics`). */
  readonly metricsUrl: string;
  /** performance.now() at spawn. */
  readonly spawnedAt: number;
  exited(): boolean;
  /** The last few KB of its stdout and stderr, to explain a failure. */
  tail(): string;
  /** Every line of its output matching `keep` (spawn option), as parsed JSON log lines. */
  kept(): Record<string, unknown>[];
  memory(): ProcessMemory;
  /** SIGTERM (graceful: the embedded vector index is saved), SIGKILL after `graceMs`; answers the time to exit. */
  stop(graceMs: number): Promise<number>;
}

export async function spawnGx(options: { databaseUrl: string; dataDir: string; settings: readonly GxSetting[]; cpuProfDir?: string; target?: string; keep?: RegExp }): Promise<SpawnedGx> {
  const { root, publicPort, apiPort, metricsPort, env, args } = await gxLaunch(options);
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackChild(child);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_BYTES);
  };
  // Lines the caller asked to keep, whatever scrolls past in the tail (an access log line per request at info).
  const kept: Record<string, unknown>[] = [];
  let partial = '';
  const match = options.keep;
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  if (match)
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop()!;
      for (const line of lines) if (match.test(line)) kept.push(JSON.parse(line) as Record<string, unknown>);
    });
  let hasExited = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      hasExited = true;
      tail += `\n[exited: code ${code}, signal ${signal}]`;
      resolve();
    }),
  );
  return {
    pid: child.pid!,
    publicUrl: `http://127.0.0.1:${publicPort}`,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    spawnedAt,
    exited: () => hasExited,
    tail: () => tail,
    kept: () => kept,
    memory: () => readMemory(child.pid!),
    stop: (graceMs: number) => terminate(child, exited, hasExited, graceMs),
  };
}

/** One GET on a fresh connection: status and body (0 when refused or timed out). */
export function probe(url: string, headers: http.OutgoingHttpHeaders = {}, timeoutMs = 2_000): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: timeoutMs, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => resolve({ status: 0, body: '' }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, body: '' }));
  });
}

/**
 * The event loop's longest delay since the previous scrape, in ms (prom-client's
 * `nodejs_eventloop_lag_max_seconds`, from `monitorEventLoopDelay` at 10 ms resolution, reset by
 * every scrape: the bench is the only scraper); undefined when the metric cannot be read.
 */
export async function eventLoopMaxMs(gx: SpawnedGx): Promise<number | undefined> {
  const { status, body } = await probe(gx.metricsUrl, {}, 10_000);
  const value = status === 200 ? /^gx_nodejs_eventloop_lag_max_seconds(?:\{[^}]*\})? (\S+)$/m.exec(body)?.[1] : undefined;
  return value === undefined ? undefined : Number(value) * 1000;
}

/**
 * Polls `url` every `everyMs` until `done(status, body)` holds; answers the time from the server's
 * spawn to that answer, in ms. Bounded: throws after `timeoutMs` from the spawn, or when the server
 * has exited.
 */
export async function pollUntil(
  gx: SpawnedGx,
  what: string,
  url: string,
  done: (status: number, body: string) => boolean,
  options: { everyMs: number; timeoutMs: number; headers?: http.OutgoingHttpHeaders },
): Promise<number> {
  let last = 0;
  for (;;) {
    if (gx.exited()) throw new Error(`gx exited while waiting for ${what}; its output ends:\n${gx.tail()}`);
    const res = await probe(url, options.headers);
    last = res.status;
    if (done(res.status, res.body)) return performance.now() - gx.spawnedAt;
    if (performance.now() - gx.spawnedAt > options.timeoutMs) {
      throw new Error(`${what}: not within ${Math.round(options.timeoutMs / 1000)} s of the spawn (last status ${last}); gx output ends:\n${gx.tail()}`);
    }
    await new Promise((r) => setTimeout(r, options.everyMs));
  }
}
