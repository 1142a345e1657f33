import fs from 'node:fs';
import path from 'node:path';
import { createApiKey, type IssuedKey } from './support/api-key';
import { printApiAuthReport } from './support/api-auth.report';
import { withCleanup, type Cleanup } from './support/cleanup';
import { startGxServer, type GxServer, type GxSetting } from './support/gx-server';
import { HttpClient, type HttpResult } from './support/http-client';
import { runRound, summarise, type LoadSettings, type Measurement, type RoundResult } from './support/load';
import { benchRedisUrl, countRedisKeys, deleteRedisKeys, probeRedis } from './support/redis';
import { latencySummary } from './support/stats';
import { benchWorkspace, progress } from './support/bench-workspace';

/** A cheap data-API route: one indexed query on a table that may be empty. */
const REQUEST_PATH = '/api/v1/intelligence-events?limit=1';
const LOAD: LoadSettings = { connections: 10, warmupSeconds: 3, rounds: 3, roundSeconds: 5 };
const SEQUENTIAL = { warmup: 200, requests: 1_000, block: 100 };
/** Far beyond what the run sends, so both windows are charged on every request and never run out. */
const ALLOWANCE = 1_000_000_000;
/** The target: authentication and quota add under 1 ms at p50 (information only). */
export const TARGET_ADDED_P50_MS = 1;

export type ConfigName = 'disabled' | 'postgres' | 'redis';

/** The server settings every configuration shares; the report prints them. */
export const API_AUTH_COMMON_SETTINGS: readonly GxSetting[] = [
  { name: 'LOG_LEVEL', value: 'warn', why: 'at info every request writes an access log line to stdout; that would measure logging' },
  { name: 'DEMO_DATA', value: 'false', why: 'the measured route reads intelligence events, not papers; an empty corpus starts fastest' },
  { name: 'PLAN_BURST_PER_SECOND', value: 'paid=1000000', why: 'the per-key burst limiter runs on every request but never rejects the load generator' },
  { name: 'API_KEY_CACHE_SECONDS', value: '5', why: 'the default: a verified key is looked up in Postgres again every 5 s per process' },
];

interface ConfigSpec {
  name: ConfigName;
  label: string;
  authenticated: boolean;
  /** Beyond API_AUTH_COMMON_SETTINGS. */
  settings: GxSetting[];
  /** Where the burst limiter and the quota count, for the report. */
  counters: string;
}

export interface SequentialFigures {
  p50: number;
  p99: number;
  n: number;
  /** Requests a second over one connection: n / the sum of their latencies. */
  rps: number;
}

export interface ConfigFigures {
  name: ConfigName;
  label: string;
  /** The settings beyond API_AUTH_COMMON_SETTINGS. */
  settings: GxSetting[];
  counters: string;
  pid: number;
  startupMs: number;
  checks: string[];
  load: Measurement;
  sequential: SequentialFigures;
  /** Every request of the run (checks and warm-ups included): answered 200, and written. */
  requests: { answered: number; sent: number };
  /** Authenticated configurations: the key's daily count in this configuration's store after the run. */
  charged?: number;
}

export interface AddedLatency {
  name: ConfigName;
  label: string;
  sequentialP50Ms: number;
  sequentialP99Ms: number;
  loadedP50Ms: number;
  loadedP99Ms: number;
  throughputRatio: number;
  under: { sequential: boolean; loaded: boolean };
}

export interface ApiAuthSummary {
  bench: 'api-auth';
  database: string;
  request: string;
  key: { plan: 'paid'; daily: number; monthly: number };
  redis: { url: string; reachable: boolean; reason?: string };
  /** Server settings shared by every configuration. */
  settings: readonly GxSetting[];
  load: LoadSettings;
  sequential: typeof SEQUENTIAL;
  targetAddedP50Ms: number;
  configurations: ConfigFigures[];
  /** Each authenticated configuration over the auth-disabled baseline. */
  added: AddedLatency[];
  cpuProfileDir?: string;
}

interface Run {
  spec: ConfigSpec;
  server: GxServer;
  /** Sends the key (to every configuration alike: the same request bytes everywhere). */
  client: HttpClient;
  checks: string[];
  rounds: RoundResult[];
  /** Checks and warm-ups too: with a key, every answered or sent request was charged. */
  answered: number;
  sent: number;
  sequentialMs: number[];
}

/**
 * The data-API door's guard (key verification, per-key burst limit, daily and monthly quota,
 * rate-limit headers) against the same request with authentication turned off, all in one run:
 * three `gx start --target all` processes on one scratch database, measured in interleaved rounds.
 */
export async function runApiAuthBench(options: { cpuProfDir?: string } = {}): Promise<ApiAuthSummary> {
  return withCleanup(async (cleanup) => {
    const { tmp, db } = await benchWorkspace(cleanup);

    progress('issuing a Paid key (`gx keys create`)');
    const key = await createApiKey(db.url, { plan: 'paid', daily: ALLOWANCE, monthly: ALLOWANCE });

    const redisUrl = benchRedisUrl();
    const redis = await probeRedis(redisUrl);
    if (redis.reachable) {
      cleanup.add('delete the key\'s Redis counters', async () => {
        await deleteRedisKeys(redisUrl, [`gx:quota:*:${key.id}:*`, `gx:burst:${key.id}`]);
      });
    } else {
      progress(`Redis is not reachable at ${redisUrl} (${redis.reason}): configuration (c) is skipped`);
    }

    const specs = configurations(redis.reachable ? redisUrl : undefined);
    const runs: Run[] = [];
    for (const spec of specs) {
      progress(`starting ${spec.label}`);
      runs.push(await startRun(spec, { databaseUrl: db.url, dataDir: tmp, cpuProfDir: options.cpuProfDir, key, cleanup }));
    }

    progress('checking each configuration before measuring');
    for (const run of runs) await verify(run);
    const redisRun = runs.find((r) => r.spec.name === 'redis');
    if (redisRun) {
      const counters = await countRedisKeys(redisUrl, `gx:quota:*:${key.id}:*`);
      if (counters < 2) throw new Error(`the Redis configuration left ${counters} quota counters in Redis for ${key.id}; expected the daily and the monthly one`);
      redisRun.checks.push(`Redis holds the key's ${counters} quota counters (daily and monthly)`);
    }

    progress(`load, interleaved: warm-up ${LOAD.warmupSeconds} s each, then ${LOAD.rounds} × ${LOAD.roundSeconds} s each (${LOAD.connections} connections)`);
    await interleavedLoad(runs, key);

    progress(`sequential, interleaved: ${SEQUENTIAL.warmup} warm-up + ${SEQUENTIAL.requests} requests each over one connection`);
    await interleavedSequential(runs);

    const charged = new Map<ConfigName, number>();
    for (const run of runs.filter((r) => r.spec.authenticated)) {
      const res = await run.client.get(REQUEST_PATH);
      expectStatus(res, 200, `${run.spec.label}, after the run`);
      run.answered++;
      run.sent++;
      charged.set(run.spec.name, ALLOWANCE - headerNumber(res, 'x-ratelimit-remaining'));
    }

    for (const run of runs) await run.server.stop(); // now, so CPU profiles are written before the report points at them

    const configurationsOut: ConfigFigures[] = runs.map((run) => ({
      name: run.spec.name,
      label: run.spec.label,
      settings: run.spec.settings,
      counters: run.spec.counters,
      pid: run.server.pid,
      startupMs: run.server.startupMs,
      checks: run.checks,
      load: summarise(run.rounds),
      sequential: sequentialFigures(run.sequentialMs),
      requests: { answered: run.answered, sent: run.sent },
      charged: charged.get(run.spec.name),
    }));
    const base = configurationsOut.find((c) => c.name === 'disabled')!;
    const added = configurationsOut
      .filter((c) => c.name !== 'disabled')
      .map((c): AddedLatency => {
        const sequentialP50Ms = c.sequential.p50 - base.sequential.p50;
        const loadedP50Ms = c.load.p50 - base.load.p50;
        return {
          name: c.name,
          label: c.label,
          sequentialP50Ms,
          sequentialP99Ms: c.sequential.p99 - base.sequential.p99,
          loadedP50Ms,
          loadedP99Ms: c.load.p99 - base.load.p99,
          throughputRatio: c.load.rps / base.load.rps,
          under: { sequential: sequentialP50Ms < TARGET_ADDED_P50_MS, loaded: loadedP50Ms < TARGET_ADDED_P50_MS },
        };
      });

    const summary: ApiAuthSummary = {
      bench: 'api-auth',
      database: db.server,
      request: `GET ${REQUEST_PATH}`,
      key: { plan: 'paid', daily: ALLOWANCE, monthly: ALLOWANCE },
      redis: redis.reachable ? { url: redisUrl, reachable: true } : { url: redisUrl, reachable: false, reason: redis.reason },
      settings: API_AUTH_COMMON_SETTINGS,
      load: LOAD,
      sequential: SEQUENTIAL,
      targetAddedP50Ms: TARGET_ADDED_P50_MS,
      configurations: configurationsOut,
      added,
      cpuProfileDir: options.cpuProfDir && path.resolve(options.cpuProfDir),
    };
    printApiAuthReport(summary);
    return summary;
  });
}

function configurations(redisUrl: string | undefined): ConfigSpec[] {
  const specs: ConfigSpec[] = [
    {
      name: 'disabled',
      label: '(a) auth disabled',
      authenticated: false,
      settings: [{ name: 'API_AUTH_DISABLED', value: 'true', why: 'the baseline: requests reach the route as an anonymous caller' }],
      counters: 'none: no key check, burst limit, quota or rate-limit headers',
    },
    {
      name: 'postgres',
      label: '(b) auth + quota, Postgres',
      authenticated: true,
      settings: [],
      counters: 'REDIS_URL unset: burst limiter in process, quota counters in the Postgres table quota_counters',
    },
  ];
  if (redisUrl) {
    specs.push({
      name: 'redis',
      label: '(c) auth + quota, Redis',
      authenticated: true,
      settings: [{ name: 'REDIS_URL', value: redisUrl, why: 'shared limits and counters' }],
      counters: 'burst limiter and quota counters in Redis',
    });
  }
  return specs;
}

async function startRun(
  spec: ConfigSpec,
  deps: { databaseUrl: string; dataDir: string; cpuProfDir?: string; key: IssuedKey; cleanup: Cleanup },
): Promise<Run> {
  const settings = [...API_AUTH_COMMON_SETTINGS, ...spec.settings];
  // Its own data dir: nothing is written there with DATABASE_URL set, but no two processes share one.
  const dataDir = fs.mkdtempSync(path.join(deps.dataDir, `${spec.name}-`));
  const server = await startGxServer({
    databaseUrl: deps.databaseUrl,
    dataDir,
    cpuProfDir: deps.cpuProfDir,
    settings,
    door: 'api',
    name: `gx start --target all ${spec.label}`,
  });
  deps.cleanup.add(`stop ${spec.label}`, () => server.stop());
  const client = new HttpClient(server.apiUrl, { authorization: `Bearer ${deps.key.token}` });
  deps.cleanup.addSync(`close the http client of ${spec.label}`, () => client.close());
  return { spec, server, client, checks: [], rounds: [], answered: 0, sent: 0, sequentialMs: [] };
}

/** The brief's checks, before any measurement: anything unexpected ends the run. */
async function verify(run: Run): Promise<void> {
  const { spec, server } = run;
  const anonymous = new HttpClient(server.apiUrl);
  try {
    const noKey = await anonymous.get(REQUEST_PATH);
    run.sent++;
    if (!spec.authenticated) {
      expectStatus(noKey, 200, `${spec.label} without a key`);
      run.answered++;
      const body = JSON.parse(noKey.body) as { data?: unknown };
      if (!Array.isArray(body.data)) throw new Error(`${spec.label}: the answer has no data array: ${noKey.body.slice(0, 300)}`);
      run.checks.push(`200 without a key (${body.data.length} events); no X-RateLimit-Remaining: ${noKey.headers['x-ratelimit-remaining'] === undefined ? 'yes' : 'NO'}`);
      const withKey = await run.client.get(REQUEST_PATH);
      run.sent++;
      expectStatus(withKey, 200, `${spec.label} with the key`);
      run.answered++;
      run.checks.push('200 with the key as well (the measured requests carry it in every configuration)');
      return;
    }

    expectStatus(noKey, 401, `${spec.label} without a key`);
    run.checks.push(`401 without a key (${(JSON.parse(noKey.body) as { code?: string }).code ?? 'no code'})`);
    const daily: number[] = [];
    const monthly: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await run.client.get(REQUEST_PATH);
      expectStatus(res, 200, `${spec.label} with the key`);
      run.answered++;
      run.sent++;
      const limit = headerNumber(res, 'x-ratelimit-limit');
      if (limit !== ALLOWANCE) throw new Error(`${spec.label}: X-RateLimit-Limit is ${limit}, expected the key's ${ALLOWANCE}`);
      daily.push(headerNumber(res, 'x-ratelimit-remaining'));
      monthly.push(headerNumber(res, 'x-ratelimit-remaining-month'));
    }
    const decreasing = (xs: number[]) => xs.every((x, i) => i === 0 || x < xs[i - 1]!);
    if (!decreasing(daily) || !decreasing(monthly)) {
      throw new Error(`${spec.label}: X-RateLimit-Remaining does not decrease (daily ${daily.join(', ')}; monthly ${monthly.join(', ')})`);
    }
    run.checks.push(`200 with the key; X-RateLimit-Remaining ${daily.join(' → ')}, X-RateLimit-Remaining-Month ${monthly.join(' → ')}`);
  } finally {
    anonymous.close();
  }
}

function expectStatus(res: HttpResult, status: number, what: string): void {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status}: ${res.body.slice(0, 300)}`);
}

function headerNumber(res: HttpResult, header: string): number {
  const value = res.headers[header];
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw new Error(`GET ${REQUEST_PATH}: header ${header} is ${JSON.stringify(value)}`);
  return Number(value);
}

/** The order of the configurations rotates every round, so none always follows the same one. */
function rotated<T>(items: T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

/**
 * Warm-up rounds, then each measured round once per configuration, in rotating order: drift and
 * bursts of machine noise spread over every configuration rather than landing on one.
 */
async function interleavedLoad(runs: Run[], key: IssuedKey): Promise<void> {
  const headers = { authorization: `Bearer ${key.token}` };
  const count = (run: Run, r: RoundResult) => {
    run.answered += r.responses - r.non2xx;
    run.sent += r.sent;
  };
  for (const run of runs) count(run, await runRound(run.server.apiUrl, [REQUEST_PATH], LOAD.connections, LOAD.warmupSeconds, { headers }));
  for (let i = 0; i < LOAD.rounds; i++) {
    for (const run of rotated(runs, i)) {
      const round = await runRound(run.server.apiUrl, [REQUEST_PATH], LOAD.connections, LOAD.roundSeconds, { headers });
      count(run, round);
      run.rounds.push(round);
    }
  }
}

/** One request at a time over one kept-alive connection per configuration, in rotating blocks. */
async function interleavedSequential(runs: Run[]): Promise<void> {
  const block = async (run: Run, n: number, keep: boolean) => {
    for (let i = 0; i < n; i++) {
      const res = await run.client.get(REQUEST_PATH);
      expectStatus(res, 200, `${run.spec.label}, sequential`);
      run.answered++;
      run.sent++;
      if (keep) run.sequentialMs.push(res.ms);
    }
  };
  for (const run of runs) await block(run, SEQUENTIAL.warmup, false);
  const blocks = Math.ceil(SEQUENTIAL.requests / SEQUENTIAL.block);
  for (let b = 0; b < blocks; b++) {
    const n = Math.min(SEQUENTIAL.block, SEQUENTIAL.requests - b * SEQUENTIAL.block);
    for (const run of rotated(runs, b)) await block(run, n, true);
  }
}

function sequentialFigures(ms: number[]): SequentialFigures {
  const { p50, p99, n } = latencySummary(ms);
  const totalMs = ms.reduce((a, b) => a + b, 0);
  return { p50, p99, n, rps: totalMs > 0 ? n / (totalMs / 1000) : 0 };
}
