import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createLogger } from '../shared/logging/logger';
import { createApiKey } from './support/api-key';
import { int } from './support/table';
import { findCpuProfile, summariseCpuProfile, type CpuProfileSummary } from './support/cpu-profile';
import { withCleanup, type Cleanup } from './support/cleanup';
import { startBareServer, type GxSetting } from './support/gx-server';
import { HttpClient } from './support/http-client';
import { runRound, summarise, type Measurement, type RoundResult } from './support/load';
import { loadScalingCorpus, type CorpusFigures } from './support/scaling-corpus';
import { printScalingReport, writeScalingCharts } from './support/scaling.report';
import { eventLoopMaxMs, pollUntil, spawnGx, type SpawnedGx } from './support/scaling-server';
import { createScratchDatabase } from './support/scratch-database';
import { HIT_QUERIES, MISS_QUERIES, searchPath, type Category } from './support/search-queries';
import { latencySummary } from './support/stats';
import { queryText, VectorPaths } from './support/semantic-queries';
import { sequentialFigures, type SequentialFigures } from './support/sequential';
import { measureServedRecall, type ServedRecall } from './support/served-recall';
import { probeQueries, UniqueSearchUrls, type ProbedSpec } from './support/unique-urls';

/** What runs at one size: every module, or the public search alone behind its door. */
export type ScalingPlan = 'all' | 'public-search';

export interface ScalingPlanSpec {
  /** `gx start --target …`. */
  target: string;
  /** Whether the embedded vector index is built and measured (vector mode, recall). */
  vectors: boolean;
  /** Settings this plan adds to SCALING_SETTINGS. */
  settings: readonly GxSetting[];
  description: string;
}

export const SCALING_PLANS: Readonly<Record<ScalingPlan, ScalingPlanSpec>> = {
  all: {
    target: 'all',
    vectors: true,
    settings: [],
    description: '`gx start --target all`: every module; the first start embeds every paper and builds the vector index',
  },
  'public-search': {
    target: 'gateway,public-search',
    vectors: false,
    settings: [
      {
        name: 'SERVICE_TOKEN',
        value: 'scaling-bench-service-token',
        why: 'required when the gateway runs without the data-API services; the bench sends the data API nothing',
      },
    ],
    description:
      '`gx start --target gateway,public-search`: the public door (edge cache, per-IP limiter) and the public search with its keyword index and the site; no vector index, no data API (vector-mode and recall rows stay empty)',
  },
};

/**
 * Sizes above this run the `public-search` plan unless a size names its plan (`--sizes=1000000:all`).
 * The embedded vector index's first build took 28 / 107 / 385 s at 30,000 / 100,000 / 300,000
 * papers on 2 cores; at that growth (385 s × (10/3)^1.17) the first start at 1,000,000 would wait
 * about 26 minutes for it. And RSS after a restart grew 14.8 MB per 1,000 papers from 100,000 to
 * 300,000 (2,135 → 5,089 MB): about 15 GB at 1,000,000, more than a 24 GiB machine shared with
 * others should give one process (12 GB at most).
 */
export const VECTORS_UP_TO = 300_000;

export interface SizeSpec {
  papers: number;
  plan: ScalingPlan;
}

const defaultPlan = (papers: number): ScalingPlan => (papers <= VECTORS_UP_TO ? 'all' : 'public-search');

/**
 * Corpus sizes measured by `--only=scaling`. On 2 cores 30,000 to 300,000 took about 17 minutes
 * together; 1,000,000 (public search only) adds about 25 on a busy machine: generating and loading
 * it took 8.7 minutes there, and `gx load papers --index-files` builds the keyword index files from
 * Postgres as part of the load (about 8 minutes at 1,000,000). `--sizes=30000,100000` (or
 * SCALING_SIZES in the environment) for a quicker run; `N:all` or `N:public-search` chooses a
 * size's plan.
 */
export const DEFAULT_SIZES: readonly SizeSpec[] = [30_000, 100_000, 300_000, 1_000_000].map((papers) => ({ papers, plan: defaultPlan(papers) }));

export const SCALING = {
  connections: 32,
  /** Right after a start: one round, no warm-up. */
  coldRoundSeconds: 5,
  /** After one pass over the queries: medians of these rounds. */
  warmRounds: 3,
  warmRoundSeconds: 5,
  warmSequential: 500,
  vectorSequential: { warmup: 50, requests: 300 },
  recallQueries: 100,
  hit: { warmupSeconds: 2, rounds: 3, roundSeconds: 5 },
  /** While the first start builds the vector index: back-to-back cache-miss rounds of this length. */
  buildRoundSeconds: 10,
  /** Poll intervals from the spawn. */
  pollMs: { public: 25, readyz: 25, vector: 100 },
  /** Bounds: the listener and the keyword index; the vector build grows with the corpus. */
  startTimeoutMs: 10 * 60_000,
  vectorTimeoutMs: (papers: number) => Math.max(10 * 60_000, papers * 6),
  stopGraceMs: 300_000,
} as const;

export const SCALING_TARGETS = {
  publicWithinMs: 5_000,
  coldRpsAt30k: 1_000,
  hitToBare: 0.6,
  /** "Flat or falling": each size's memory per paper at most this much above the previous size's. */
  memoryPerPaperSlack: 1.05,
  /** Issue 30: a new replica (fresh DATA_DIR, INDEX_SEED_DIR) answers the public search within this, at 300,000 papers. */
  replicaWithinMs: 15_000,
} as const;

export interface StartFigures {
  /** Spawn → the public search answering 200 with results. */
  publicMs: number;
  /** Spawn → /readyz 200. */
  readyzMs: number;
  /** Spawn → vector mode answering 200 (not 503); absent when the plan has no vector index. */
  vectorMs?: number;
  /** The later of /readyz and vector mode. */
  readyMs: number;
  /** VmRSS / VmHWM once ready (vector mode answering, when the plan has it). */
  rssMb: number;
  hwmMb: number;
}

/** One cache-miss round under load while the first start built the vector index (issue 30). */
export interface BuildSample {
  /** The round's end, seconds from the spawn. */
  atS: number;
  rps: number;
  p99: number;
  /** The server's event loop: its longest delay during the round (ms), as its /metrics reports it. */
  loopMaxMs?: number;
  /** Vector mode answered before the round ended (the round's tail ran after the build). */
  builtBeforeEnd: boolean;
  /** p99 is NaN when no request was answered in the round. Requests that failed (autocannon's 10 s timeout included) or answered other than 2xx: */
  failed: number;
}

export interface SizeFigures {
  target: number;
  plan: ScalingPlan;
  papers?: CorpusFigures['papers'];
  load?: CorpusFigures['load'] & { benchPeakRssMb: number };
  first?: StartFigures & { stopMs: number };
  /** The first start, from the public search's first answer until vector mode answered: rounds under load. */
  duringBuild?: BuildSample[];
  /** What the first start left under DATA_DIR at its graceful stop. */
  dataDirMb?: { vectors: number; keywordSnapshot: number; total: number };
  restarts: (StartFigures & { stopMs?: number })[];
  queries?: { kept: number; dropped: number };
  cold?: { throughput: RoundResult; sequential: SequentialFigures };
  warm?: { sequential: SequentialFigures; throughput: Measurement };
  vector?: SequentialFigures;
  recall?: ServedRecall;
  hit?: { hit: Measurement; bare: Measurement; ratio: number; hitSample: number; bodyBytes: number };
  afterRun?: { rssMb: number; hwmMb: number };
  /** RSS once ready after a restart (the steady state of a normal start), per paper. */
  kbPerPaper?: number;
  /** RSS once the first start has built the vector index, per paper. */
  kbPerPaperFirst?: number;
  /** With --cpu-prof: the profile of restart 2. */
  profile?: CpuProfileSummary;
  /** A new replica of the public search on an empty DATA_DIR (`measureReplicas`). */
  replica?: ReplicaFigures;
  /** Warm one-at-a-time latency by query category. */
  warmByCategory?: Partial<Record<Category, { p50: number; p99: number; n: number }>>;
  error?: string;
  wallMs?: number;
}

export interface ReplicaFigures {
  /** The publisher (a start on the first DATA_DIR with INDEX_SEED_PUBLISH): spawn → the seed's manifest in place. */
  publishMs: number;
  /** The seed's files once published. */
  seedMb: number;
  /** Without a seed: the keyword index built from Postgres. */
  built: StartFigures;
  /** With INDEX_SEED_DIR: the seed copied into the empty DATA_DIR (the copy as its log line says), then caught up. */
  seeded: StartFigures & { copyMs: number; copiedMb: number };
}

export interface ScalingSummary {
  bench: 'scaling';
  sizes: SizeFigures[];
  settings: readonly GxSetting[];
  machine: { cpus: number; model: string; node: string; memGb: number };
}

const progress = (message: string) => process.stderr.write(`[bench scaling ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

/** `N` or `N:plan`, comma-separated; ordered by size, then `all` before `public-search`. */
export function parseSizes(arg: string | undefined): SizeSpec[] {
  const raw = arg ?? process.env.SCALING_SIZES;
  if (!raw) return [...DEFAULT_SIZES];
  const plans = Object.keys(SCALING_PLANS);
  const specs = raw.split(',').map((item): SizeSpec | undefined => {
    const [count, plan, ...rest] = item.trim().split(':');
    const papers = Number(count!.replace(/_/g, ''));
    if (rest.length > 0 || !Number.isInteger(papers) || papers < 5_000 || papers > 2_000_000) return undefined;
    if (plan === undefined) return { papers, plan: defaultPlan(papers) };
    return plans.includes(plan) ? { papers, plan: plan as ScalingPlan } : undefined;
  });
  if (specs.some((s) => s === undefined)) {
    throw new Error(`--sizes / SCALING_SIZES must be comma-separated integers between 5,000 and 2,000,000, each optionally :${plans.join(' or :')}, got "${raw}"`);
  }
  const unique = new Map(specs.map((s) => [`${s!.papers}:${s!.plan}`, s!]));
  return [...unique.values()].sort((a, b) => a.papers - b.papers || plans.indexOf(a.plan) - plans.indexOf(b.plan));
}

/** Settings of the server under test; everything else stays at the embedded defaults (no Redis, Elasticsearch or Qdrant). */
export const SCALING_SETTINGS: readonly GxSetting[] = [
  { name: 'LOG_LEVEL', value: 'warn', why: 'no access log line per request' },
  { name: 'DEMO_DATA', value: 'false', why: 'the bench loads its own corpus' },
  { name: 'PUBLIC_RATE_LIMIT', value: '1000000000', why: 'the per-IP limiter stays in the path but never rejects the load generator' },
  { name: 'RESPONSE_CACHE_TTL_SECONDS', value: '60', why: 'the default: the edge cache is on; misses are made with distinct URLs' },
  { name: 'PLAN_BURST_PER_SECOND', value: 'internal=1000000', why: "the per-key burst limiter runs but never rejects the bench's Internal key" },
];

/**
 * How cost grows with the corpus (issues 12 and 21): for each size, a scratch database loaded with
 * generated papers plus papers.jsonl (the last through `gx load papers --index-files`, which writes
 * the keyword index files), then three starts of the size's plan (`gx start --target all`, or the
 * public search alone above VECTORS_UP_TO) on one DATA_DIR (the first reopens the keyword index
 * files and builds the vector index, saved at its stop; the next two reopen both) with the figures of each, cold and warm
 * public-search misses, vector mode and recall of the served index (where the plan has it) and cache
 * hits against a bare Node server. Then a new replica (issue 30): `--target gateway,public-search` on
 * an empty DATA_DIR of the same database, once building the keyword index from Postgres and once
 * copying the seed a publisher wrote (INDEX_SEED_DIR). One table and SVG charts
 * (bench/results/scaling-*.svg), refreshed after every size.
 */
export async function runScalingBench(options: { cpuProfDir?: string; sizes?: string } = {}): Promise<ScalingSummary> {
  const cpuProfDir = options.cpuProfDir && path.resolve(options.cpuProfDir);
  const sizes = parseSizes(options.sizes);
  const cpus = os.cpus();
  const summary: ScalingSummary = {
    bench: 'scaling',
    sizes: [],
    settings: SCALING_SETTINGS,
    machine: { cpus: cpus.length, model: cpus[0]?.model.trim() ?? 'unknown', node: process.version, memGb: Math.round(os.totalmem() / 2 ** 30) },
  };
  progress(`sizes: ${sizes.map((z) => sizeLabel(z.papers, z.plan)).join(', ')} (--sizes=N[:plan],… or SCALING_SIZES to change)`);
  for (const [i, { papers: target, plan }] of sizes.entries()) {
    const figures: SizeFigures = { target, plan, restarts: [] };
    summary.sizes.push(figures);
    const t0 = performance.now();
    try {
      // One cleanup stack per size: its database and DATA_DIR go before the next size loads.
      await withCleanup((cleanup) => measureSize(cleanup, figures, cpuProfDir));
    } catch (err) {
      figures.error = err instanceof Error ? err.message.split('\n')[0]! : String(err);
      // The whole message here (a server's last output follows its first line), the first line in the table.
      progress(`size ${target} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    figures.wallMs = performance.now() - t0;
    progress(`size ${target} done in ${(figures.wallMs / 60_000).toFixed(1)} min`);
    writeScalingCharts(summary);
    if (i < sizes.length - 1) printScalingReport(summary, { final: false });
  }
  printScalingReport(summary, { final: true });
  const files = writeScalingCharts(summary);
  process.stdout.write(`charts: ${files.join(', ')}\n`);
  process.stdout.write(`BENCH_SUMMARY ${JSON.stringify(summary)}\n`);
  return summary;
}

/** `1,000,000 (public-search)`; the `all` plan goes unnamed. */
export const sizeLabel = (papers: number, plan: ScalingPlan): string => `${papers.toLocaleString('en-US')}${plan === 'all' ? '' : ` (${plan})`}`;

async function measureSize(cleanup: Cleanup, f: SizeFigures, cpuProfDir?: string): Promise<void> {
  const plan = SCALING_PLANS[f.plan];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-bench-scale-'));
  cleanup.addSync('remove the bench temp dir', () => fs.rmSync(tmp, { recursive: true, force: true }));
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);

  const label = sizeLabel(f.target, f.plan);
  progress(`[${label}] scratch database`);
  const db = await createScratchDatabase(cleanup, createLogger({ level: 'warn', name: 'bench' }));
  progress(`[${label}] loading generated papers, then papers.jsonl with \`gx load papers --index-files\` (writes the keyword index files)`);
  const corpus = await loadScalingCorpus(db.url, f.target, dataDir);
  f.papers = corpus.papers;
  f.load = { ...corpus.load, benchPeakRssMb: corpus.benchPeakRssMb };
  progress(
    `[${label}] ${f.papers.total} papers loaded in ${(f.load.loadMs / 1000).toFixed(1)} s (${Math.round(f.load.papersPerSecond)} papers/s; keyword index files ${(f.load.indexFilesMs / 1000).toFixed(1)} s of it; generated in ${(f.load.generateMs / 1000).toFixed(1)} s; bench process peak RSS ${Math.round(corpus.benchPeakRssMb)} MB)`,
  );
  // Only vector mode (the data API) needs a key; a plan without it never starts the data API.
  const auth = plan.vectors ? { authorization: `Bearer ${(await createApiKey(db.url, { plan: 'internal' })).token}` } : undefined;

  const servers: SpawnedGx[] = [];
  cleanup.add('stop gx', async () => {
    for (const s of servers) await s.stop(SCALING.stopGraceMs);
  });
  const settings = [...SCALING_SETTINGS, ...plan.settings];
  const start = async (what: string, profile = false, whileBuilding?: WhileBuilding) => {
    progress(`[${label}] ${what}`);
    const gx = await spawnGx({ databaseUrl: db.url, dataDir, settings, target: plan.target, cpuProfDir: profile ? cpuProfDir : undefined });
    servers.push(gx);
    const figures = await startFigures(gx, f.papers!.total, auth, whileBuilding);
    const vector = figures.vectorMs === undefined ? 'no vector index in this plan' : `vector mode ${s(figures.vectorMs)}`;
    progress(`[${label}]   public search ${s(figures.publicMs)}, /readyz ${s(figures.readyzMs)}, ${vector}, RSS ${Math.round(figures.rssMb)} MB`);
    return { gx, figures };
  };

  // 1. First start after the bulk load: the keyword index reopened from the files `gx load papers`
  // wrote and, with the vector index, every passage embedded and the HNSW index built (in the background).
  // With the vector index, the public door is loaded from its first answer until vector mode answers
  // (the queries probed first, on that process): what a replica serves while it builds.
  let probed: { kept: ProbedSpec[]; dropped: ProbedSpec[] } | undefined;
  let buildUrls: UniqueSearchUrls | undefined;
  const whileBuilding: WhileBuilding = async (gx, built) => {
    probed = await probe(gx);
    buildUrls = new UniqueSearchUrls(probed.kept);
    f.duringBuild = await loadWhileBuilding(gx, buildUrls, built, (sample) =>
      progress(`[${label}]   while building: ${sample.atS.toFixed(0)} s ${int(sample.rps)} req/s, p99 ${sample.p99.toFixed(1)} ms, event loop max ${sample.loopMaxMs?.toFixed(0) ?? '—'} ms, ${sample.failed} failed`),
    );
  };
  const first = await start(
    plan.vectors
      ? `first start after the load (reopens the keyword index files; embeds every paper, builds the vector index; ${SCALING.connections} connections of cache misses in ${SCALING.buildRoundSeconds} s rounds meanwhile)`
      : `first start after the load (reopens the keyword index files; ${plan.target}, no vector index)`,
    false,
    plan.vectors ? whileBuilding : undefined,
  );
  // Totals depend on the data only: probed on the first process, so neither measured restart has seen the queries.
  const { kept, dropped } = probed ?? (await probe(first.gx));
  f.queries = { kept: kept.length, dropped: dropped.length };
  // The same sequence of distinct URLs goes on after the rounds under build, so none repeats.
  const urls = buildUrls ?? new UniqueSearchUrls(kept);
  const firstStop = await first.gx.stop(SCALING.stopGraceMs);
  f.first = { ...first.figures, stopMs: firstStop };
  f.kbPerPaperFirst = (first.figures.rssMb * 1024) / f.papers!.total;
  if (plan.vectors && !fs.existsSync(path.join(dataDir, 'vectors', 'CURRENT'))) throw new Error('the first server saved no vector index under DATA_DIR/vectors on SIGTERM');
  f.dataDirMb = { vectors: dirMb(path.join(dataDir, 'vectors')), keywordSnapshot: dirMb(path.join(dataDir, 'keyword-index')), total: dirMb(dataDir) };

  // 2. Restart: cold throughput, the first requests this process serves.
  const second = await start('restart 1 (reopens what the first start saved under DATA_DIR and catches up from the change log)');
  progress(`[${label}]   cold throughput: ${SCALING.connections} connections, ${SCALING.coldRoundSeconds} s, no warm-up`);
  const coldRound = await runRound(second.gx.publicUrl, () => urls.next(), SCALING.connections, SCALING.coldRoundSeconds);
  checkRound('cold cache-miss round', coldRound);
  f.restarts.push({ ...second.figures, stopMs: await second.gx.stop(SCALING.stopGraceMs) });

  // 3. Restart again: cold one-at-a-time (one pass over the queries), then everything warm.
  // With --cpu-prof=DIR this one start is profiled (start-up and every warm phase; the profiler adds some overhead).
  const third = await start(`restart 2${cpuProfDir ? ' (CPU-profiled)' : ''}`, true);
  f.restarts.push({ ...third.figures });
  f.kbPerPaper = (third.figures.rssMb * 1024) / f.papers!.total;
  const client = new HttpClient(third.gx.publicUrl);
  cleanup.addSync('close the public client', () => client.close());
  progress(`[${label}]   cold one at a time: one pass over ${kept.length} queries`);
  const coldSeq = await sequential(client, () => urls.next(), 0, kept.length);
  f.cold = { throughput: coldRound, sequential: coldSeq };
  progress(`[${label}]   warm one at a time: ${SCALING.warmSequential} requests`);
  const categoryOf = new Map(kept.map((k) => [specKey(k.q, k.topic, k.lang), k.category]));
  const byCategory = new Map<Category, number[]>();
  const warmSeq = await sequential(client, () => urls.next(), 0, SCALING.warmSequential, (p, ms) => {
    const params = new URLSearchParams(p.slice(p.indexOf('?') + 1));
    const category = categoryOf.get(specKey(params.get('q') ?? '', params.get('topic') ?? undefined, params.get('lang') ?? undefined));
    if (category) byCategory.set(category, [...(byCategory.get(category) ?? []), ms]);
  });
  f.warmByCategory = Object.fromEntries([...byCategory].map(([c, times]) => [c, latencySummary(times)]));
  progress(`[${label}]   warm throughput: ${SCALING.connections} connections, ${SCALING.warmRounds} × ${SCALING.warmRoundSeconds} s`);
  const warmRounds: RoundResult[] = [];
  for (let i = 0; i < SCALING.warmRounds; i++) {
    const r = await runRound(third.gx.publicUrl, () => urls.next(), SCALING.connections, SCALING.warmRoundSeconds);
    checkRound('warm cache-miss round', r);
    warmRounds.push(r);
  }
  f.warm = { sequential: warmSeq, throughput: summarise(warmRounds) };

  if (auth) {
    const api = new HttpClient(third.gx.apiUrl, auth);
    cleanup.addSync('close the data-API client', () => api.close());
    progress(`[${label}]   vector mode one at a time: ${SCALING.vectorSequential.warmup} + ${SCALING.vectorSequential.requests} distinct queries`);
    const vPaths = new VectorPaths(5_000_000);
    f.vector = await sequential(api, vPaths.next, SCALING.vectorSequential.warmup, SCALING.vectorSequential.requests);
    progress(`[${label}]   recall@10 of the served index: ${SCALING.recallQueries} queries against exact search over the stored vectors`);
    f.recall = await measureServedRecall(db.url, api, Array.from({ length: SCALING.recallQueries }, (_, i) => queryText(7_000_000 + i)));
  }

  progress(`[${label}]   cache hits vs a bare Node server, interleaved`);
  f.hit = await hitVersusBare(cleanup, third.gx.publicUrl, client, tmp);
  const after = third.gx.memory();
  f.afterRun = { rssMb: after.rssMb, hwmMb: after.peakRssMb };
  f.restarts[1]!.stopMs = await third.gx.stop(SCALING.stopGraceMs);
  const profileFile = cpuProfDir ? findCpuProfile(cpuProfDir, third.gx.pid) : undefined;
  if (profileFile) f.profile = summariseCpuProfile(profileFile, 12);

  // 4. A new replica (a new pod): an empty DATA_DIR on the same database.
  f.replica = await measureReplicas({ tmp, dataDir, databaseUrl: db.url, papers: f.papers!.total, label, track: (gx) => servers.push(gx) });
}

/**
 * A new replica of the public search (`--target gateway,public-search` in every plan: the figure is
 * the keyword index's) on an empty DATA_DIR of the same database: first without a seed (it builds
 * the keyword index from Postgres: before issue 30), then with INDEX_SEED_DIR, after a publisher (a
 * start on the first DATA_DIR with INDEX_SEED_PUBLISH) has written the seed. Seed and DATA_DIR lie
 * on this machine's one disk, so the copy reads a local file system, likely from the page cache
 * (the publisher has just written it); a network volume copies slower (see the copy's MB/s).
 */
async function measureReplicas(o: { tmp: string; dataDir: string; databaseUrl: string; papers: number; label: string; track: (gx: SpawnedGx) => void }): Promise<ReplicaFigures> {
  const spec = SCALING_PLANS['public-search'];
  const seedDir = path.join(o.tmp, 'seed');
  const settings: GxSetting[] = [...SCALING_SETTINGS, ...spec.settings, { name: 'LOG_LEVEL', value: 'info', why: 'how the keyword index came up (its log line)' }];
  const seed: GxSetting = { name: 'INDEX_SEED_DIR', value: seedDir, why: 'the keyword index seed' };
  const spawn = (what: string, dataDir: string, extra: GxSetting[]) => {
    progress(`[${o.label}] ${what}`);
    return spawnGx({ databaseUrl: o.databaseUrl, dataDir, settings: [...settings, ...extra], target: spec.target, keep: /"msg":"keyword index (built from Postgres|taken from the seed|seed not taken|published to the seed)/ }).then((gx) => {
      o.track(gx);
      return gx;
    });
  };

  const publisher = await spawn('publisher: a start on the first DATA_DIR with INDEX_SEED_PUBLISH=true (publishes its index to the seed)', o.dataDir, [seed, { name: 'INDEX_SEED_PUBLISH', value: 'true', why: 'writes the seed' }]);
  const publishMs = await untilFile(publisher, path.join(seedDir, 'keyword-index', 'manifest.bin'), SCALING.startTimeoutMs);
  await publisher.stop(SCALING.stopGraceMs);
  const seedMb = dirMb(path.join(seedDir, 'keyword-index'));
  progress(`[${o.label}]   seed published ${s(publishMs)} after the spawn: ${Math.round(seedMb)} MB`);

  const fresh = async (what: string, name: string, extra: GxSetting[]) => {
    const dir = path.join(o.tmp, name);
    fs.mkdirSync(dir);
    const gx = await spawn(what, dir, extra);
    const figures = await startFigures(gx, o.papers);
    await gx.stop(SCALING.stopGraceMs);
    fs.rmSync(dir, { recursive: true, force: true });
    progress(`[${o.label}]   public search ${s(figures.publicMs)}, /readyz ${s(figures.readyzMs)}, VmHWM ${Math.round(figures.hwmMb)} MB`);
    return { figures, lines: gx.kept() };
  };
  const built = await fresh('replica on an empty DATA_DIR, no seed (builds the keyword index from Postgres)', 'replica-built', []);
  if (!built.lines.some((l) => l.msg === 'keyword index built from Postgres')) throw new Error('the replica without a seed did not build from Postgres');
  const seeded = await fresh('replica on an empty DATA_DIR with INDEX_SEED_DIR (copies the seed, catches up)', 'replica-seeded', [seed]);
  const taken = seeded.lines.find((l) => l.msg === 'keyword index taken from the seed and caught up');
  if (!taken) throw new Error(`the replica with INDEX_SEED_DIR did not take the seed: ${JSON.stringify(seeded.lines)}`);
  const copyMs = Number(taken.copyMs);
  const copiedMb = Number(taken.mb);
  progress(`[${o.label}]   of it, the copy: ${s(copyMs)} for ${copiedMb} MB (${Math.round(copiedMb / (copyMs / 1000))} MB/s)`);
  return { publishMs, seedMb, built: built.figures, seeded: { ...seeded.figures, copyMs, copiedMb } };
}

/** Polls until `file` exists: the time from the server's spawn, in ms; bounded like `pollUntil`. */
async function untilFile(gx: SpawnedGx, file: string, timeoutMs: number): Promise<number> {
  for (;;) {
    if (fs.existsSync(file)) return performance.now() - gx.spawnedAt;
    if (gx.exited()) throw new Error(`gx exited before ${file} appeared; its output ends:\n${gx.tail()}`);
    if (performance.now() - gx.spawnedAt > timeoutMs) throw new Error(`${file}: not within ${Math.round(timeoutMs / 1000)} s of the spawn; gx output ends:\n${gx.tail()}`);
    await new Promise((r) => setTimeout(r, SCALING.pollMs.public));
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Bytes under a directory (0 when absent), in MiB. */
function dirMb(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let total = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    total += e.isDirectory() ? dirMb(p) * 2 ** 20 : fs.statSync(p).size;
  }
  return total / 2 ** 20;
}

/** Work done on a starting server from its public search's first answer; `built` says whether vector mode answers yet. */
type WhileBuilding = (gx: SpawnedGx, built: () => boolean) => Promise<void>;

/**
 * Polls the milestones at once from the spawn (vector mode only with `auth`, i.e. when the plan has
 * the vector index), then reads the memory. `whileBuilding` (with `auth`) starts once the public
 * search answers and is waited for.
 */
async function startFigures(gx: SpawnedGx, papers: number, auth?: Record<string, string>, whileBuilding?: WhileBuilding): Promise<StartFigures> {
  const bound = SCALING.startTimeoutMs;
  let vectorAnswered = false;
  const publicAnswers = pollUntil(gx, 'the public search', `${gx.publicUrl}${searchPath({ category: 'english', q: 'climate' }, 10, 0)}`, (status, body) => status === 200 && (JSON.parse(body) as { total: number }).total > 0, {
    everyMs: SCALING.pollMs.public,
    timeoutMs: bound,
  });
  const vectorAnswers =
    auth &&
    pollUntil(gx, 'vector mode', `${gx.apiUrl}/api/v1/papers/search?mode=vector&limit=10&q=hydrogen%20production%20cost`, (status) => {
      if (status !== 0 && status !== 503 && status !== 200) throw new Error(`vector mode answered ${status} while starting`);
      return status === 200;
    }, { everyMs: SCALING.pollMs.vector, timeoutMs: SCALING.vectorTimeoutMs(papers), headers: auth }).finally(() => (vectorAnswered = true));
  const [publicMs, readyzMs, vectorMs] = await Promise.all([
    publicAnswers,
    pollUntil(gx, '/readyz', `${gx.publicUrl}/readyz`, (status) => status === 200, { everyMs: SCALING.pollMs.readyz, timeoutMs: bound }),
    vectorAnswers,
    whileBuilding && auth ? publicAnswers.then(() => whileBuilding(gx, () => vectorAnswered)) : undefined,
  ]);
  const mem = gx.memory();
  return { publicMs, readyzMs, vectorMs, readyMs: Math.max(readyzMs, vectorMs ?? 0), rssMb: mem.rssMb, hwmMb: mem.peakRssMb };
}

/** `warmup` discarded requests, then `requests` measured ones, one at a time over one kept-alive connection. */
const specKey = (q: string, topic?: string, lang?: string) => `${q}\u0000${topic ?? ''}\u0000${lang ?? ''}`;

async function sequential(client: HttpClient, next: () => string, warmup: number, requests: number, onTime?: (path: string, ms: number) => void): Promise<SequentialFigures> {
  const times: number[] = [];
  for (let i = 0; i < warmup + requests; i++) {
    const p = next();
    const res = await client.get(p);
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}: ${res.body.slice(0, 300)}`);
    if (res.headers['x-cache'] === 'HIT') throw new Error(`GET ${p} was a cache hit in a cache-miss phase`);
    if (i >= warmup) {
      times.push(res.ms);
      onTime?.(p, res.ms);
    }
  }
  return sequentialFigures(times);
}

function checkRound(label: string, r: RoundResult): void {
  if (r.non2xx + r.errors > 0) throw new Error(`${label}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  if (r.cache.hit > 0) throw new Error(`${label}: ${r.cache.hit} cache hits (the distinct URLs repeated)`);
}

/** Cache hits against a bare Node server answering the same body, alternating rounds (as public-search.bench.ts). */
async function hitVersusBare(cleanup: Cleanup, gxUrl: string, client: HttpClient, tmp: string): Promise<NonNullable<SizeFigures['hit']>> {
  const paths = HIT_QUERIES.map((spec) => searchPath(spec, 10, 0));
  let firstBody = '';
  for (const p of paths) {
    const res = await client.get(p);
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}`);
    firstBody ||= res.body;
  }
  let hits = 0;
  for (const p of paths) if ((await client.get(p)).headers['x-cache'] === 'HIT') hits++;
  const bodyFile = path.join(tmp, 'bare-body.json');
  fs.writeFileSync(bodyFile, firstBody);
  const bare = await startBareServer(bodyFile, tmp);
  cleanup.add('stop the bare server', () => bare.stop());
  const { connections } = SCALING;
  const { warmupSeconds, rounds, roundSeconds } = SCALING.hit;
  await runRound(gxUrl, paths, connections, warmupSeconds);
  await runRound(bare.url, paths, connections, warmupSeconds);
  const hitRounds: RoundResult[] = [];
  const bareRounds: RoundResult[] = [];
  for (let i = 0; i < rounds; i++) {
    hitRounds.push(await runRound(gxUrl, paths, connections, roundSeconds));
    bareRounds.push(await runRound(bare.url, paths, connections, roundSeconds));
  }
  await bare.stop();
  const hit = summarise(hitRounds);
  const bareRun = summarise(bareRounds);
  return { hit, bare: bareRun, ratio: hit.rps / bareRun.rps, hitSample: hits / paths.length, bodyBytes: Buffer.byteLength(firstBody) };
}

/** Probes the miss queries on a server (their totals depend on the data only). */
async function probe(gx: SpawnedGx): Promise<{ kept: ProbedSpec[]; dropped: ProbedSpec[] }> {
  const client = new HttpClient(gx.publicUrl);
  try {
    return await probeQueries(client, MISS_QUERIES);
  } finally {
    client.close();
  }
}

/**
 * Back-to-back rounds of distinct cache misses under SCALING.connections, each SCALING.buildRoundSeconds
 * long, until `built()` (vector mode answers); after each, the server's longest event-loop delay in
 * it (its metrics are scraped once before the first round, which resets that maximum).
 */
async function loadWhileBuilding(gx: SpawnedGx, urls: UniqueSearchUrls, built: () => boolean, report: (s: BuildSample) => void): Promise<BuildSample[]> {
  const samples: BuildSample[] = [];
  await eventLoopMaxMs(gx);
  while (!built()) {
    const round = await runRound(gx.publicUrl, () => urls.next(), SCALING.connections, SCALING.buildRoundSeconds, { allowNoAnswer: true });
    // Failures are what is measured here (a stalled server times requests out): counted, not fatal.
    if (round.cache.hit > 0) throw new Error(`cache-miss round while the vector index builds: ${round.cache.hit} cache hits (the distinct URLs repeated)`);
    const sample: BuildSample = {
      atS: (performance.now() - gx.spawnedAt) / 1000,
      rps: round.rps,
      p99: round.p99,
      loopMaxMs: await eventLoopMaxMs(gx),
      builtBeforeEnd: built(),
      failed: round.errors + round.non2xx,
    };
    samples.push(sample);
    report(sample);
  }
  return samples;
}
