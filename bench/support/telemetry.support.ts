import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { runRound, summarise, type LoadSettings, type Measurement, type Paths, type RoundResult } from './load';
import { median } from './stats';
import { rotated } from './sequential';

/** Clock ticks a second of /proc/<pid>/stat's utime and stime. */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system) a Linux process has used so far, in milliseconds. */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * A load measurement plus the server's own CPU time per request in each round (µs): less disturbed
 * than throughput by whatever else the machine runs, since time spent waiting for a core is not in it.
 */
export interface Measured extends Measurement {
  cpuUs: number[];
  cpuUsMedian: number;
}

export interface Target {
  url: string;
  paths: Paths;
  /** The server process, for its CPU time. */
  pid: number;
}

/**
 * A warm-up round of each target, then `rounds` rounds of every target, the order rotated each
 * round (AB BA AB… / ABC BCA CAB…) so drift and bursts of machine noise land on all of them alike.
 */
export async function interleaved<K extends string>(
  targets: Record<K, Target>,
  settings: LoadSettings,
  onRound?: (target: NoInfer<K>, round: RoundResult) => void,
): Promise<Record<K, Measured>> {
  const keys = Object.keys(targets) as K[];
  const run = async (key: K, seconds: number) => {
    const { url, paths, pid } = targets[key];
    const cpuBefore = cpuMs(pid);
    const round = await runRound(url, paths, settings.connections, seconds);
    // Requests still in flight when the round ends are served too: `sent` counts them.
    const cpuUs = ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, round.sent);
    onRound?.(key, round);
    return { round, cpuUs };
  };
  for (const key of keys) await run(key, settings.warmupSeconds);
  const rounds = Object.fromEntries(keys.map((k) => [k, [] as { round: RoundResult; cpuUs: number }[]])) as Record<K, { round: RoundResult; cpuUs: number }[]>;
  for (let i = 0; i < settings.rounds; i++) for (const key of rotated(keys, i)) rounds[key].push(await run(key, settings.roundSeconds));
  return Object.fromEntries(
    keys.map((k) => {
      const cpuUs = rounds[k].map((r) => r.cpuUs);
      return [k, { ...summarise(rounds[k].map((r) => r.round)), cpuUs, cpuUsMedian: median(cpuUs) }];
    }),
  ) as Record<K, Measured>;
}

/** The tally once it has not moved for `quietMs` (longer than the span processor's 5 s delay: all was sent). */
export async function settled<T extends { spans: number }>(tally: () => Promise<T>, quietMs: number, maxMs = 30_000): Promise<T> {
  const started = Date.now();
  let last = await tally();
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs && Date.now() - started < maxMs) {
    await sleep(250);
    const now = await tally();
    if (now.spans !== last.spans) quietSince = Date.now();
    last = now;
  }
  return last;
}

/**
 * Waits until `/readyz` says `ready`: every index built and caught up. A fresh `--target all` serves
 * as soon as its keyword index is built while the vector index is still being built in the
 * background, on the same cores as the searches; measured then, the figures would be that build's.
 */
export async function fullyReady(baseUrl: string, timeoutMs: number): Promise<{ ms: number; status: string }> {
  const started = Date.now();
  let status = 'unknown';
  while (Date.now() - started < timeoutMs) {
    status = await readyStatus(`${baseUrl}/readyz`);
    if (status === 'ready') break;
    await sleep(500);
  }
  return { ms: Date.now() - started, status };
}

function readyStatus(url: string): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 3_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        try {
          resolve(String((JSON.parse(body) as { status?: unknown }).status));
        } catch {
          resolve(`HTTP ${res.statusCode}`);
        }
      });
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve('unreachable'));
  });
}

/** Nanoseconds a call of `fn`, in this process: the median of 5 timed loops of `calls` calls, after a warm-up loop. */
export function nsPerCall(fn: () => unknown, calls = 1_000_000): number {
  let kept = 0;
  for (let i = 0; i < calls; i++) if (fn() !== undefined) kept++;
  const samples: number[] = [];
  for (let loop = 0; loop < 5; loop++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) if (fn() !== undefined) kept++;
    samples.push(Number(process.hrtime.bigint() - t0) / calls);
  }
  // Read, so the calls cannot be optimised away.
  if (kept < 0) throw new Error('unreachable');
  return median(samples);
}

/**
 * The hooks' parts, called in this process (which, like gx without an endpoint, never registers an
 * OpenTelemetry SDK): what tracing itself adds with tracing off, and what the Prometheus metrics add.
 * Loaded only now, so prom-client's collectors never ran in the load generator during the rounds.
 */
export function hookPartsNs(): { getSpan: number; requestHistogram: number; edgeCacheCounter: number } {
  /* eslint-disable @typescript-eslint/no-require-imports -- see above */
  const { context, trace } = require('@opentelemetry/api') as typeof import('@opentelemetry/api');
  const { recordRequest } = require('../../shared/telemetry/http-metrics') as typeof import('../../shared/telemetry/http-metrics');
  const { counter } = require('../../shared/telemetry/metrics') as typeof import('../../shared/telemetry/metrics');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const lookups = counter('gx_edge_cache_requests_total', 'GET requests the edge cache looked up, by result: hit or miss', ['result']);
  let n = 0;
  return {
    getSpan: nsPerCall(() => trace.getSpan(context.active())?.spanContext().traceId ?? 0),
    requestHistogram: nsPerCall(() => recordRequest('GET', '/api/v1/papers/search', 200, (n++ % 100) / 10_000)),
    edgeCacheCounter: nsPerCall(() => lookups.inc({ result: 'hit' })),
  };
}
