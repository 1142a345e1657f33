import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DEMO_COMPANY_FIRST_YEAR } from '../services/company-data/demo/demo-companies';
import { DEMO_INDUSTRIES } from '../services/company-data/demo/demo-company-vocabulary';
import { createApiKey } from './support/api-key';
import { withCleanup, type Cleanup } from './support/cleanup';
import { loadCompanyData, type CompanyDataReport } from './support/company-data.fixture';
import { printCompanyDataReport } from './support/company-data.report';
import {
  companyFilters,
  cycler,
  ENDPOINTS,
  fullPages,
  metricFilters,
  probeFilters,
  shuffled,
  type EndpointName,
  type PageRequest,
  type ProbedFilter,
  sampleRequests,
} from './support/company-data.requests';
import { findCpuProfile, summariseCpuProfile, type CpuProfileSummary } from './support/cpu-profile';
import { startBareServer, startGxServer, type GxSetting } from './support/gx-server';
import { HttpClient, type HttpResult } from './support/http-client';
import { runRound, summarise, type LoadSettings, type Measurement, type RoundResult } from './support/load';
import { benchRedisUrl, countRedisKeys, deleteRedisKeys, probeRedis } from './support/redis';
import { rotated, sequentialFigures, type SequentialFigures } from './support/sequential';
import { latencySummary } from './support/stats';
import { benchWorkspace, progress } from './support/bench-workspace';

/** The issue's data size: every TSE-listed company, ten years of metrics each. */
const COMPANIES = 3_838;
const YEARS = 10;
const LOAD: LoadSettings = { connections: 10, warmupSeconds: 3, rounds: 3, roundSeconds: 5 };
const SEQUENTIAL = { warmup: 100, requests: 1_000, block: 100 };
/** Offsets between the full pages of one filter. */
const OFFSET_STEP: Record<EndpointName, number> = { metrics: 1_000, companies: 100 };
/** Pages checked again after the run (every page is checked before it). */
const AFTER_RUN_SAMPLE = 20;
/** The --cpu-prof profiling pass: sequential gx-metrics requests to a profiled process of their own. */
const PROFILE_PASS = { warmup: 100, requests: 1_000 };
/** The issue's target: p50 under 10 ms for a 1,000-record cross-company search (information only). */
export const TARGET_P50_MS = 10;

export type TargetName = 'metrics' | 'companies' | 'readyz' | 'bare-metrics' | 'bare-companies';

export interface BodySizes {
  min: number;
  mean: number;
  max: number;
}

export interface KindFigures {
  kind: string;
  n: number;
  p50: number;
  p99: number;
}

export interface TargetFigures {
  name: TargetName;
  label: string;
  /** What is requested, as the report prints it. */
  request: string;
  /** Records in every response (the data endpoints), checked before the run. */
  records?: number;
  /** Distinct paths cycled through. */
  paths: number;
  bodyBytes: BodySizes;
  load: Measurement;
  sequential: SequentialFigures;
  /** The data endpoints: sequential latency by filter kind and by offset range. */
  byKind?: KindFigures[];
  byOffset?: KindFigures[];
}

export interface RequestSet {
  filters: number;
  /** Filters with fewer matches than one page, as `param=value…: total`. */
  dropped: string[];
  pages: number;
  /** Pages by filter kind. */
  kinds: Record<string, number>;
  maxOffset: number;
}

export interface CompanyDataSummary {
  bench: 'company-data';
  database: string;
  data: CompanyDataReport;
  redis: { url: string; reachable: boolean; reason?: string };
  settings: readonly GxSetting[];
  server: { pid: number; startupMs: number; rssMb: { afterStart: number; afterRun: number; peak: number } };
  load: LoadSettings;
  sequential: typeof SEQUENTIAL;
  requests: Record<EndpointName, RequestSet>;
  checks: string[];
  targets: TargetFigures[];
  target: { p50Ms: number; loadedP50: number; sequentialP50: number; metLoaded: boolean; metSequential: boolean };
  /**
   * With --cpu-prof: a second gx process, profiled, that answers only gx-metrics requests
   * (sequentially), so its profile is that endpoint's alone; the main server's profile is written too.
   */
  profilePass?: {
    pid: number;
    requests: number;
    sequential: SequentialFigures;
    profile?: CpuProfileSummary;
    /** Busy CPU time of the process over the requests it answered (start-up and warm-up included, so an upper bound). */
    busyMsPerRequest?: number;
  };
  cpuProfileDir?: string;
}

interface Target {
  name: TargetName;
  label: string;
  request: string;
  url: string;
  next: () => { path: string; kind?: string; offset?: number };
  paths: number;
  headers?: Record<string, string>;
  client: HttpClient;
  records?: number;
  bodyBytes: BodySizes;
  rounds: RoundResult[];
  sequential: { ms: number; kind?: string; offset?: number }[];
}

/**
 * The company-data endpoints of the data API through the gateway (`gx start --target all`) with
 * 3,838 generated companies × 10 years of metrics: the 1,000-record cross-company metric search and
 * the 500-record company list, against the same server's `/readyz` and bare Node servers answering
 * bodies of the same sizes, all in one run.
 */
export async function runCompanyDataBench(options: { cpuProfDir?: string } = {}): Promise<CompanyDataSummary> {
  return withCleanup(async (cleanup) => {
    const { tmp, db } = await benchWorkspace(cleanup);

    progress(`loading ${COMPANIES} generated companies × ${YEARS} years (companies, reports, metrics)`);
    const data = await loadCompanyData(db.url, { companies: COMPANIES, years: YEARS });
    progress(`loaded ${data.rows.companies} companies, ${data.rows.reports} reports, ${data.rows.gx_metrics} metric records in ${(data.loadMs / 1000).toFixed(1)} s`);

    progress('issuing an Internal key (`gx keys create --plan internal`)');
    const key = await createApiKey(db.url, { plan: 'internal' });
    const auth = { authorization: `Bearer ${key.token}` };

    const redisUrl = benchRedisUrl();
    const redis = await probeRedis(redisUrl);
    if (redis.reachable) cleanup.add("delete the key's Redis counters", async () => void (await deleteRedisKeys(redisUrl, [`gx:burst:${key.id}`, `gx:quota:*:${key.id}:*`])));
    else progress(`Redis is not reachable at ${redisUrl} (${redis.reason}): counters stay in process`);
    const settings = serverSettings(redis.reachable ? redisUrl : undefined);

    progress('starting `gx start --target all`');
    const gx = await startGxServer({ databaseUrl: db.url, dataDir: tmp, cpuProfDir: options.cpuProfDir, settings, door: 'api', name: 'gx start --target all (company data)' });
    cleanup.add('stop gx', () => gx.stop());
    const afterStart = gx.memory();
    const client = new HttpClient(gx.apiUrl, auth);
    cleanup.addSync('close the http client', () => client.close());

    const checks: string[] = [];
    await checkAuth(gx.apiUrl, client, checks);

    progress('probing filters and checking every page');
    const years = Array.from({ length: YEARS }, (_, i) => DEFAULT_DEMO_COMPANY_FIRST_YEAR + i);
    const industries = DEMO_INDUSTRIES.map((i) => i.code);
    const metrics = await requestSet(client, 'metrics', metricFilters({ years, industries }));
    const companies = await requestSet(client, 'companies', companyFilters({ industries }));
    for (const set of [metrics, companies]) {
      checks.push(`${ENDPOINTS[set.endpoint].path}: all ${set.pages.length} distinct pages answered 200 with count = data.length = ${ENDPOINTS[set.endpoint].limit}` +
        ` (offset + count ≤ total), no X-Cache header, X-Dataset-Version present`);
    }
    if (redis.reachable) {
      await client.get(metrics.pages[0]!.path);
      const burst = await countRedisKeys(redisUrl, `gx:burst:${key.id}`);
      checks.push(`Redis holds the key's burst counter right after a request (gx:burst:${key.id}): ${burst === 1 ? 'yes' : `NO (${burst} keys)`}`);
    }

    // The baselines answer a captured response of each endpoint: the same bytes over the same kind of connection.
    const bareMetricsBody = path.join(tmp, 'bare-metrics.json');
    const bareCompaniesBody = path.join(tmp, 'bare-companies.json');
    fs.writeFileSync(bareMetricsBody, metrics.typicalBody);
    fs.writeFileSync(bareCompaniesBody, companies.typicalBody);
    const bareMetrics = await startBareServer(bareMetricsBody, tmp);
    cleanup.add('stop the bare server (metrics body)', () => bareMetrics.stop());
    const bareCompanies = await startBareServer(bareCompaniesBody, tmp);
    cleanup.add('stop the bare server (companies body)', () => bareCompanies.stop());
    const readyz = await client.get('/readyz');
    if (readyz.status !== 200) throw new Error(`/readyz answered ${readyz.status}: ${readyz.body.slice(0, 300)}`);

    const fixed = (p: string) => () => ({ path: p });
    const bareBytes = (body: string): BodySizes => ({ min: Buffer.byteLength(body), mean: Buffer.byteLength(body), max: Buffer.byteLength(body) });
    const targets: Target[] = [
      {
        name: 'metrics', label: 'gx-metrics, 1,000 records', request: 'GET /api/v1/gx-metrics?limit=1000&offset=…[&year|sbt_status|industry]', url: gx.apiUrl,
        next: cycler(shuffled(metrics.pages)), paths: metrics.pages.length, headers: auth, client, records: ENDPOINTS.metrics.limit, bodyBytes: metrics.bodyBytes, rounds: [], sequential: [],
      },
      {
        name: 'companies', label: 'companies, 500 records', request: 'GET /api/v1/companies?limit=500&offset=…', url: gx.apiUrl,
        next: cycler(shuffled(companies.pages)), paths: companies.pages.length, headers: auth, client, records: ENDPOINTS.companies.limit, bodyBytes: companies.bodyBytes, rounds: [], sequential: [],
      },
      {
        name: 'readyz', label: 'same server, /readyz', request: `GET /readyz on the data-API door (no key; pings Postgres${redis.reachable ? ' and Redis' : ''})`, url: gx.apiUrl,
        next: fixed('/readyz'), paths: 1, client: trackClient(cleanup, new HttpClient(gx.apiUrl)), bodyBytes: bareBytes(readyz.body), rounds: [], sequential: [],
      },
      {
        name: 'bare-metrics', label: 'bare Node, metrics body', request: 'GET / on a bare node:http server answering a captured gx-metrics response', url: bareMetrics.url,
        next: fixed('/'), paths: 1, client: trackClient(cleanup, new HttpClient(bareMetrics.url)), bodyBytes: bareBytes(metrics.typicalBody), rounds: [], sequential: [],
      },
      {
        name: 'bare-companies', label: 'bare Node, companies body', request: 'GET / on a bare node:http server answering a captured companies response', url: bareCompanies.url,
        next: fixed('/'), paths: 1, client: trackClient(cleanup, new HttpClient(bareCompanies.url)), bodyBytes: bareBytes(companies.typicalBody), rounds: [], sequential: [],
      },
    ];

    progress(`load, interleaved: warm-up ${LOAD.warmupSeconds} s each, then ${LOAD.rounds} × ${LOAD.roundSeconds} s each (${LOAD.connections} connections)`);
    await interleavedLoad(targets);
    progress(`sequential, interleaved: ${SEQUENTIAL.warmup} warm-up + ${SEQUENTIAL.requests} requests each over one connection`);
    await interleavedSequential(targets);

    const after = await checkPages(client, 'metrics', sampleRequests(metrics.pages, AFTER_RUN_SAMPLE));
    checks.push(`after the run: ${after.checked} gx-metrics pages checked again, each with count = ${ENDPOINTS.metrics.limit}`);

    const afterRun = gx.memory();
    // Now, so a CPU profile is written before it is read.
    await gx.stop();
    await bareMetrics.stop();
    await bareCompanies.stop();

    let profilePass: CompanyDataSummary['profilePass'];
    if (options.cpuProfDir) {
      const dir = path.resolve(options.cpuProfDir);
      if (!findCpuProfile(dir, gx.pid)) checks.push(`no CPU profile of the main gx process (pid ${gx.pid}) found in ${dir}`);
      progress(`profiling pass: a second gx process with --cpu-prof answering ${PROFILE_PASS.warmup} + ${PROFILE_PASS.requests} sequential gx-metrics requests only`);
      profilePass = await runProfilePass({ databaseUrl: db.url, dataDir: tmp, cpuProfDir: dir, settings, auth, pages: shuffled(metrics.pages), cleanup });
    }

    const figures = targets.map((t): TargetFigures => ({
      name: t.name,
      label: t.label,
      request: t.request,
      records: t.records,
      paths: t.paths,
      bodyBytes: t.bodyBytes,
      load: summarise(t.rounds),
      sequential: sequentialFigures(t.sequential.map((s) => s.ms)),
      ...(t.records ? { byKind: groupBy(t.sequential, (s) => s.kind ?? '?'), byOffset: groupBy(t.sequential, (s) => offsetRange(s.offset ?? 0)) } : {}),
    }));
    const m = figures.find((f) => f.name === 'metrics')!;
    const summary: CompanyDataSummary = {
      bench: 'company-data',
      database: db.server,
      data,
      redis: redis.reachable ? { url: redisUrl, reachable: true } : { url: redisUrl, reachable: false, reason: redis.reason },
      settings,
      server: { pid: gx.pid, startupMs: gx.startupMs, rssMb: { afterStart: afterStart.rssMb, afterRun: afterRun.rssMb, peak: afterRun.peakRssMb } },
      load: LOAD,
      sequential: SEQUENTIAL,
      requests: { metrics: describeSet(metrics), companies: describeSet(companies) },
      checks,
      targets: figures,
      target: {
        p50Ms: TARGET_P50_MS,
        loadedP50: m.load.p50,
        sequentialP50: m.sequential.p50,
        metLoaded: m.load.p50 < TARGET_P50_MS,
        metSequential: m.sequential.p50 < TARGET_P50_MS,
      },
      profilePass,
      cpuProfileDir: options.cpuProfDir && path.resolve(options.cpuProfDir),
    };
    printCompanyDataReport(summary);
    return summary;
  });
}

function serverSettings(redisUrl: string | undefined): GxSetting[] {
  return [
    { name: 'LOG_LEVEL', value: 'warn', why: 'at info every request writes an access log line to stdout; that would measure logging' },
    { name: 'DEMO_DATA', value: 'false', why: 'the bench loads its own 3,838 companies; no demo papers or demo companies on start' },
    { name: 'PLAN_BURST_PER_SECOND', value: 'internal=1000000', why: 'the per-key burst limiter runs on every request but never rejects the load generator' },
    redisUrl
      ? { name: 'REDIS_URL', value: redisUrl, why: 'the production setting: burst counters (and the response cache, unused on this door) in Redis' }
      : { name: 'REDIS_URL', value: '(unset)', why: 'Redis not reachable: burst counters in process' },
  ].filter((s) => s.value !== '(unset)');
}

function trackClient(cleanup: { addSync(name: string, run: () => void): void }, client: HttpClient): HttpClient {
  cleanup.addSync(`close the http client of ${client.baseUrl}`, () => client.close());
  return client;
}

function expectStatus(res: HttpResult, status: number, what: string): void {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status}: ${res.body.slice(0, 300)}`);
}

/** 401 without a key, 200 with the Internal key (no allowance headers: the plan is unlimited). */
async function checkAuth(apiUrl: string, client: HttpClient, checks: string[]): Promise<void> {
  const anonymous = new HttpClient(apiUrl);
  try {
    const path = `${ENDPOINTS.metrics.path}?limit=1`;
    const noKey = await anonymous.get(path);
    expectStatus(noKey, 401, `GET ${path} without a key`);
    const withKey = await client.get(path);
    expectStatus(withKey, 200, `GET ${path} with the Internal key`);
    checks.push(`401 without a key; 200 with the Internal key (X-RateLimit-Limit: ${withKey.headers['x-ratelimit-limit'] ?? 'absent, unlimited plan'})`);
  } finally {
    anonymous.close();
  }
}

interface CheckedPages {
  checked: number;
  bytes: number[];
  bodies: string[];
}

/** GETs each page once: 200, a full page, consistent envelope, no edge cache; anything else ends the run. */
async function checkPages(client: HttpClient, endpoint: EndpointName, pages: readonly PageRequest[]): Promise<CheckedPages> {
  const { limit } = ENDPOINTS[endpoint];
  const bytes: number[] = [];
  const bodies: string[] = [];
  for (const page of pages) {
    const res = await client.get(page.path);
    expectStatus(res, 200, `GET ${page.path}`);
    const body = JSON.parse(res.body) as { data: unknown[]; count: number; limit: number; offset: number; total: number };
    if (body.count !== limit || body.data.length !== limit || body.limit !== limit || body.offset !== page.offset || body.offset + body.count > body.total) {
      throw new Error(`GET ${page.path}: count ${body.count}, data ${body.data.length}, limit ${body.limit}, offset ${body.offset}, total ${body.total}; expected a full page of ${limit}`);
    }
    if (res.headers['x-cache'] !== undefined) throw new Error(`GET ${page.path}: X-Cache ${String(res.headers['x-cache'])}; the data API must not be served from the edge cache`);
    if (!res.headers['x-dataset-version']) throw new Error(`GET ${page.path}: no X-Dataset-Version header`);
    bytes.push(Buffer.byteLength(res.body));
    bodies.push(res.body);
  }
  return { checked: pages.length, bytes, bodies };
}

interface ProbedSet {
  endpoint: EndpointName;
  kept: ProbedFilter[];
  dropped: ProbedFilter[];
  pages: PageRequest[];
  bodyBytes: BodySizes;
  /** The checked response whose size is nearest the mean: what the bare server answers. */
  typicalBody: string;
}

async function requestSet(client: HttpClient, endpoint: EndpointName, filters: ReturnType<typeof metricFilters>): Promise<ProbedSet> {
  const { kept, dropped } = await probeFilters(client, endpoint, filters);
  const pages = fullPages(endpoint, kept, OFFSET_STEP[endpoint]);
  const checked = await checkPages(client, endpoint, pages);
  const mean = checked.bytes.reduce((a, b) => a + b, 0) / checked.bytes.length;
  let typical = 0;
  checked.bytes.forEach((b, i) => {
    if (Math.abs(b - mean) < Math.abs(checked.bytes[typical]! - mean)) typical = i;
  });
  return {
    endpoint,
    kept,
    dropped,
    pages,
    bodyBytes: { min: Math.min(...checked.bytes), mean: Math.round(mean), max: Math.max(...checked.bytes) },
    typicalBody: checked.bodies[typical]!,
  };
}

function describeSet(set: ProbedSet): RequestSet {
  const kinds: Record<string, number> = {};
  for (const p of set.pages) kinds[p.kind] = (kinds[p.kind] ?? 0) + 1;
  return {
    filters: set.kept.length,
    dropped: set.dropped.map(({ params, total }) => `${new URLSearchParams(params).toString()}: ${total}`),
    pages: set.pages.length,
    kinds,
    maxOffset: Math.max(...set.pages.map((p) => p.offset)),
  };
}

/**
 * Warm-up rounds, then each measured round once per target, in rotating order: drift and bursts of
 * machine noise spread over every target rather than landing on one.
 */
async function interleavedLoad(targets: Target[]): Promise<void> {
  const round = (t: Target, seconds: number) => runRound(t.url, () => t.next().path, LOAD.connections, seconds, t.headers ? { headers: t.headers } : {});
  for (const t of targets) await round(t, LOAD.warmupSeconds);
  for (let i = 0; i < LOAD.rounds; i++) {
    for (const t of rotated(targets, i)) {
      const r = await round(t, LOAD.roundSeconds);
      if (r.non2xx > 0 || r.errors > 0) progress(`${t.label}: round ${i + 1} had ${r.non2xx} non-2xx answers and ${r.errors} errors`);
      t.rounds.push(r);
    }
  }
}

/** One request at a time over one kept-alive connection per target, in rotating blocks. */
async function interleavedSequential(targets: Target[]): Promise<void> {
  const block = async (t: Target, n: number, keep: boolean) => {
    for (let i = 0; i < n; i++) {
      const req = t.next();
      const res = await t.client.get(req.path);
      expectStatus(res, 200, `${t.label}, sequential GET ${req.path}`);
      if (keep) t.sequential.push({ ms: res.ms, kind: req.kind, offset: req.offset });
    }
  };
  for (const t of targets) await block(t, SEQUENTIAL.warmup, false);
  const blocks = Math.ceil(SEQUENTIAL.requests / SEQUENTIAL.block);
  for (let b = 0; b < blocks; b++) {
    const n = Math.min(SEQUENTIAL.block, SEQUENTIAL.requests - b * SEQUENTIAL.block);
    for (const t of rotated(targets, b)) await block(t, n, true);
  }
}

function offsetRange(offset: number): string {
  if (offset === 0) return 'offset 0';
  if (offset < 10_000) return 'offset 1–9,999';
  return 'offset ≥ 10,000';
}

function groupBy<T extends { ms: number }>(samples: readonly T[], keyOf: (s: T) => string): KindFigures[] {
  const groups = new Map<string, number[]>();
  for (const s of samples) groups.set(keyOf(s), [...(groups.get(keyOf(s)) ?? []), s.ms]);
  return [...groups.entries()].map(([kind, ms]) => ({ kind, ...latencySummary(ms) }));
}

/** A profiled gx process that answers gx-metrics requests only, one at a time; its profile summarised. */
async function runProfilePass(deps: {
  databaseUrl: string;
  dataDir: string;
  cpuProfDir: string;
  settings: readonly GxSetting[];
  auth: Record<string, string>;
  pages: PageRequest[];
  cleanup: Cleanup;
}): Promise<NonNullable<CompanyDataSummary['profilePass']>> {
  const gx = await startGxServer({
    databaseUrl: deps.databaseUrl,
    dataDir: fs.mkdtempSync(path.join(deps.dataDir, 'profile-')),
    cpuProfDir: deps.cpuProfDir,
    settings: deps.settings,
    door: 'api',
    name: 'gx start --target all (profiling pass)',
  });
  deps.cleanup.add('stop the profiled gx', () => gx.stop());
  const client = new HttpClient(gx.apiUrl, deps.auth);
  const next = cycler(deps.pages);
  const ms: number[] = [];
  try {
    for (let i = 0; i < PROFILE_PASS.warmup + PROFILE_PASS.requests; i++) {
      const { path: p } = next();
      const res = await client.get(p);
      expectStatus(res, 200, `profiling pass, GET ${p}`);
      if (i >= PROFILE_PASS.warmup) ms.push(res.ms);
    }
  } finally {
    client.close();
  }
  await gx.stop();
  const file = findCpuProfile(deps.cpuProfDir, gx.pid);
  const profile = file ? summariseCpuProfile(file) : undefined;
  const answered = PROFILE_PASS.warmup + PROFILE_PASS.requests;
  return {
    pid: gx.pid,
    requests: answered,
    sequential: sequentialFigures(ms),
    profile,
    busyMsPerRequest: profile ? profile.busyMs / answered : undefined,
  };
}
