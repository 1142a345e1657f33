import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { EMBEDDED_DIMENSIONS } from '../modules/embeddings/embedder.embedded';
import { EmbeddedVectorIndex, HNSW_DEFAULTS } from '../modules/vector-index/vector-index.embedded';
import { createApiKey } from './support/api-key';
import { withCleanup } from './support/cleanup';
import { loadCorpus, type CorpusReport } from './support/corpus';
import type { GxSetting } from './support/gx-server';
import { HttpClient } from './support/http-client';
import { measure, type LoadSettings, type Measurement } from './support/load';
import { startLoggedGxServer, type LoggedGxServer } from './support/logged-gx-server';
import { benchRedisUrl, deleteRedisKeys, probeRedis } from './support/redis';
import { keywordPaths, queryText, semanticPath, VectorPaths } from './support/semantic-queries';
import { sequentialFigures, type SequentialFigures } from './support/sequential';
import { int, mb, ms, table, yesNo } from './support/table';
import { measureRecall, type RecallFigures } from './support/vector-recall';
import { benchWorkspace, progress } from './support/bench-workspace';

const CORPUS_SIZE = 30_000;
const LOAD: LoadSettings = { connections: 10, warmupSeconds: 3, rounds: 3, roundSeconds: 5 };
const SEQUENTIAL = { warmup: 100, requests: 1_000 };
const RECALL_QUERIES = 200;
const REOPEN_RUNS = 3;
export const SEMANTIC_TARGETS = { p50Ms: 10, reopenMs: 2_000, recall: 0.95 };

export interface SemanticSearchSummary {
  bench: 'semantic-search';
  database: string;
  corpus: CorpusReport;
  redis: { url: string; reachable: boolean };
  settings: GxSetting[];
  build: { startupMs: number; loggedMs: number; vectors: number; rssMb: number; stopMs: number; storeMb: number };
  /** `EmbeddedVectorIndex.init()` on the persisted directory in the bench process, nothing else running: the median. */
  reopenAlone: { medianMs: number; runsMs: number[]; vectors: number };
  /** The second start: the reopen shares the process (and its one JavaScript thread) with the keyword index build. */
  reopen: { startupMs: number; loggedMs: number; vectors: number; rssMb: number };
  /** The third start (LOG_LEVEL=warn, the one measured): another reopen. */
  measured: { startupMs: number; rssAfterStartMb: number; rssAfterRunMb: number; peakRssMb: number };
  vector: { load: Measurement; sequential: SequentialFigures; uniqueQueries: number };
  keyword: { load: Measurement; sequential: SequentialFigures; paths: number };
  recall: RecallFigures;
  targets: { vectorP50Sequential: boolean; vectorP50Loaded: boolean; reopen: boolean; recall: boolean };
}

/**
 * The data API's paper search in vector mode on the embedded defaults (in-process lexical embedder,
 * usearch HNSW persisted under DATA_DIR/vectors), 30,000 papers, through the gateway: index build and
 * reopen times, memory, latency and throughput (embedding included), keyword mode beside it, and
 * recall@10 of the HNSW index against exact search.
 */
export async function runSemanticSearchBench(_options: { cpuProfDir?: string } = {}): Promise<SemanticSearchSummary> {
  return withCleanup(async (cleanup) => {
    const { tmp, db } = await benchWorkspace(cleanup);
    const dataDir = path.join(tmp, 'data');
    fs.mkdirSync(dataDir);

    progress(`loading ${CORPUS_SIZE} papers (papers.jsonl + generated)`);
    const corpus = await loadCorpus(db.url, CORPUS_SIZE);
    progress('issuing an Internal key (`gx keys create`)');
    const key = await createApiKey(db.url, { plan: 'internal' });
    const auth = { authorization: `Bearer ${key.token}` };

    const redisUrl = benchRedisUrl();
    const redis = await probeRedis(redisUrl);
    if (redis.reachable) {
      cleanup.add("delete the key's Redis counters", async () => {
        await deleteRedisKeys(redisUrl, [`gx:quota:*:${key.id}:*`, `gx:burst:${key.id}`]);
      });
    } else {
      progress(`Redis is not reachable at ${redisUrl} (${redis.reason}): limits and counters stay in process / Postgres`);
    }
    const settings: GxSetting[] = [
      { name: 'LOG_LEVEL', value: 'warn', why: 'info for the first two starts only (to read the index log lines); warn for the measured one' },
      { name: 'DEMO_DATA', value: 'false', why: 'the bench loads its own 30,000 papers' },
      { name: 'PLAN_BURST_PER_SECOND', value: 'internal=1000000', why: 'the per-key burst limiter runs but never rejects the load generator' },
      ...(redis.reachable ? [{ name: 'REDIS_URL', value: redisUrl, why: 'shared limits and counters' }] : []),
    ];
    const withLevel = (level: string) => settings.map((s) => (s.name === 'LOG_LEVEL' ? { ...s, value: level } : s));
    const start = async (name: string, level: string): Promise<LoggedGxServer> => {
      const server = await startLoggedGxServer({ databaseUrl: db.url, dataDir, settings: withLevel(level), name });
      cleanup.add(`stop ${name}`, async () => void (await server.stop(10_000)));
      return server;
    };

    progress('first start, empty DATA_DIR: embedding every paper and building the HNSW index');
    const first = await start('gx start (build)', 'info');
    const built = await first.waitFor('vector index built from Postgres');
    const buildRss = first.memory().rssMb;
    const stopMs = await first.stop();
    const storeMb = dirBytes(path.join(dataDir, 'vectors')) / 2 ** 20;
    if (!fs.existsSync(path.join(dataDir, 'vectors', 'CURRENT'))) throw new Error('the first server saved no index under DATA_DIR/vectors on SIGTERM');
    progress(`reopening the persisted index in this process, ${REOPEN_RUNS} times`);
    const reopenAlone = await measureReopen(path.join(dataDir, 'vectors'), REOPEN_RUNS);

    progress('second start, same DATA_DIR: reopening the persisted index');
    const second = await start('gx start (reopen)', 'info');
    const reopened = await second.waitFor('vector index reopened and caught up');
    const reopenRss = second.memory().rssMb;
    if (second.lines.some((l) => l.msg === 'vector index built from Postgres')) throw new Error('the second start rebuilt the index instead of reopening it');
    await second.stop();

    progress('third start (LOG_LEVEL=warn), the one measured');
    const gx = await start('gx start (measured)', 'warn');
    const rssAfterStart = gx.memory().rssMb;
    const client = new HttpClient(gx.apiUrl, auth);
    cleanup.addSync('close the http client', () => client.close());
    await check(client);

    // Counters far apart so no query string repeats across phases.
    const loadPaths = new VectorPaths(1_000_000);
    progress(`vector mode, ${LOAD.connections} connections: warm-up ${LOAD.warmupSeconds} s + ${LOAD.rounds} × ${LOAD.roundSeconds} s`);
    const vectorLoad = await measure(gx.apiUrl, loadPaths.next, LOAD, { headers: auth });
    progress(`vector mode, sequential: ${SEQUENTIAL.warmup} warm-up + ${SEQUENTIAL.requests} requests`);
    const seqPaths = new VectorPaths(0);
    const vectorSeq = await sequential(client, seqPaths.next);
    checkRounds('vector', vectorLoad);

    const kPaths = keywordPaths();
    let ki = 0;
    progress(`keyword mode, sequential: ${SEQUENTIAL.warmup} warm-up + ${SEQUENTIAL.requests} requests`);
    const keywordSeq = await sequential(client, () => kPaths[ki++ % kPaths.length]!);
    progress(`keyword mode, ${LOAD.connections} connections: warm-up ${LOAD.warmupSeconds} s + ${LOAD.rounds} × ${LOAD.roundSeconds} s`);
    const keywordLoad = await measure(gx.apiUrl, kPaths, LOAD, { headers: auth });
    checkRounds('keyword', keywordLoad);

    const after = gx.memory();
    await gx.stop();

    progress(`recall@10: embedding ${corpus.total} passages and building an HNSW index in this process, ${RECALL_QUERIES} queries against exact search`);
    const recall = await measureRecall(db.url, Array.from({ length: RECALL_QUERIES }, (_, i) => queryText(2_000_000 + i)));

    const summary: SemanticSearchSummary = {
      bench: 'semantic-search',
      database: db.server,
      corpus,
      redis: { url: redisUrl, reachable: redis.reachable },
      settings,
      build: { startupMs: first.startupMs, loggedMs: Number(built.ms), vectors: Number(built.vectors), rssMb: buildRss, stopMs, storeMb },
      reopenAlone,
      reopen: { startupMs: second.startupMs, loggedMs: Number(reopened.ms), vectors: Number(reopened.vectors), rssMb: reopenRss },
      measured: { startupMs: gx.startupMs, rssAfterStartMb: rssAfterStart, rssAfterRunMb: after.rssMb, peakRssMb: after.peakRssMb },
      vector: { load: vectorLoad, sequential: vectorSeq, uniqueQueries: loadPaths.issued + seqPaths.issued },
      keyword: { load: keywordLoad, sequential: keywordSeq, paths: kPaths.length },
      recall,
      targets: {
        vectorP50Sequential: vectorSeq.p50 < SEMANTIC_TARGETS.p50Ms,
        vectorP50Loaded: vectorLoad.p50 < SEMANTIC_TARGETS.p50Ms,
        reopen: reopenAlone.medianMs < SEMANTIC_TARGETS.reopenMs,
        recall: recall.recall >= SEMANTIC_TARGETS.recall,
      },
    };
    printReport(summary);
    return summary;
  });
}

/** Before measuring: a vector and a keyword answer of the expected shape, and 401 without the key. */
async function check(client: HttpClient): Promise<void> {
  for (const mode of ['vector', 'keyword'] as const) {
    const p = semanticPath(mode === 'vector' ? 'hydrogen production cost check' : 'hydrogen', mode);
    const res = await client.get(p);
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}: ${res.body.slice(0, 300)}`);
    const body = JSON.parse(res.body) as { mode?: string; data?: unknown[] };
    if (body.mode !== mode || !Array.isArray(body.data) || body.data.length === 0) throw new Error(`GET ${p}: unexpected answer ${res.body.slice(0, 300)}`);
  }
  const anonymous = new HttpClient(client.baseUrl);
  try {
    const res = await anonymous.get(semanticPath('hydrogen', 'vector'));
    if (res.status !== 401) throw new Error(`a search without a key answered ${res.status}, expected 401`);
  } finally {
    anonymous.close();
  }
}

async function sequential(client: HttpClient, next: () => string): Promise<SequentialFigures> {
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL.warmup + SEQUENTIAL.requests; i++) {
    const p = next();
    const res = await client.get(p);
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}: ${res.body.slice(0, 300)}`);
    if (i >= SEQUENTIAL.warmup) times.push(res.ms);
  }
  return sequentialFigures(times);
}

function checkRounds(label: string, m: Measurement): void {
  const bad = m.rounds.reduce((n, r) => n + r.non2xx + r.errors, 0);
  if (bad > 0) throw new Error(`${label} load: ${bad} non-2xx answers or errors`);
}

/** Opens the persisted index `runs` times in this process (reading, checksums, usearch load), as a restart does. */
async function measureReopen(dir: string, runs: number): Promise<{ medianMs: number; runsMs: number[]; vectors: number }> {
  const runsMs: number[] = [];
  let vectors = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const index = new EmbeddedVectorIndex({ dimensions: EMBEDDED_DIMENSIONS, directory: dir });
    await index.init();
    vectors = await index.count();
    runsMs.push(performance.now() - t0);
    await index.close(); // nothing changed: writes nothing
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)]!, runsMs, vectors };
}

function dirBytes(dir: string): number {
  let total = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    total += e.isDirectory() ? dirBytes(p) : fs.statSync(p).size;
  }
  return total;
}

function printReport(s: SemanticSearchSummary): void {
  const t = SEMANTIC_TARGETS;
  const out: string[] = [];
  out.push('', '== semantic-search: GET /api/v1/papers/search on the data-API door, embedded defaults ==');
  out.push(`database: ${s.database}`);
  out.push(`corpus: ${int(s.corpus.total)} papers (${int(s.corpus.real)} from papers.jsonl, ${int(s.corpus.generated)} generated), loaded in ${(s.corpus.loadMs / 1000).toFixed(1)} s`);
  out.push(`server: gx start --target all, Internal key; Redis ${s.redis.reachable ? `at ${s.redis.url}` : `not reachable (${s.redis.url}): in-process limiter, Postgres counters`}`);
  for (const st of s.settings) out.push(`  ${st.name}=${st.value}  (${st.why})`);
  out.push(`load: ${s.vector.load.rounds.length > 0 ? LOAD.connections : 0} connections, warm-up ${LOAD.warmupSeconds} s, ${LOAD.rounds} × ${LOAD.roundSeconds} s, medians; sequential: ${SEQUENTIAL.warmup} warm-up + ${SEQUENTIAL.requests} requests over one connection`);
  out.push(`vector queries: English and Japanese phrases with a counter word (every one distinct: ${int(s.vector.uniqueQueries)} embedded), every 4th with topic/lang/shelf/min_score filters; limit=10`);
  out.push(`keyword queries: ${s.keyword.paths} fixed paths (the same phrases, half with filters), repeated: the door has no response cache`);
  out.push('');
  out.push(
    table(
      ['figure', 'value', 'target', 'met'],
      [
        ['index build: first start to /readyz (empty DATA_DIR)', ms(s.build.startupMs), '', ''],
        ['index build: logged "vector index built from Postgres"', `${ms(s.build.loggedMs)} (${int(s.build.vectors)} vectors)`, '', ''],
        ['graceful stop (saves the index)', ms(s.build.stopMs), '', ''],
        ['persisted index size (DATA_DIR/vectors)', mb(s.build.storeMb), '', ''],
        [`reopen the persisted index alone (median of ${s.reopenAlone.runsMs.length})`, `${ms(s.reopenAlone.medianMs)} (${int(s.reopenAlone.vectors)} vectors)`, `< ${int(t.reopenMs)} ms`, yesNo(s.targets.reopen)],
        ['restart: second start to /readyz (keyword index built meanwhile)', ms(s.reopen.startupMs), '', ''],
        ['restart: logged "vector index reopened and caught up"', `${ms(s.reopen.loggedMs)} (${int(s.reopen.vectors)} vectors)`, '', ''],
        ['reopen: third start to /readyz (LOG_LEVEL=warn)', ms(s.measured.startupMs), '', ''],
        ['RSS after build / after reopen', `${mb(s.build.rssMb)} / ${mb(s.reopen.rssMb)}`, '', ''],
        ['RSS measured server: after start / after run / peak', `${mb(s.measured.rssAfterStartMb)} / ${mb(s.measured.rssAfterRunMb)} / ${mb(s.measured.peakRssMb)}`, '', ''],
        ['vector p50 / p99, sequential', `${ms(s.vector.sequential.p50)} / ${ms(s.vector.sequential.p99)}`, `p50 < ${t.p50Ms} ms`, yesNo(s.targets.vectorP50Sequential)],
        ['vector req/s, sequential (1 connection)', int(s.vector.sequential.rps), '', ''],
        [`vector p50 / p99, ${LOAD.connections} connections`, `${ms(s.vector.load.p50)} / ${ms(s.vector.load.p99)}`, `p50 < ${t.p50Ms} ms`, yesNo(s.targets.vectorP50Loaded)],
        [`vector req/s, ${LOAD.connections} connections`, int(s.vector.load.rps), '', ''],
        ['keyword p50 / p99, sequential', `${ms(s.keyword.sequential.p50)} / ${ms(s.keyword.sequential.p99)}`, '', ''],
        ['keyword req/s, sequential (1 connection)', int(s.keyword.sequential.rps), '', ''],
        [`keyword p50 / p99, ${LOAD.connections} connections`, `${ms(s.keyword.load.p50)} / ${ms(s.keyword.load.p99)}`, '', ''],
        [`keyword req/s, ${LOAD.connections} connections`, int(s.keyword.load.rps), '', ''],
        [`recall@${s.recall.k}, HNSW vs exact (${s.recall.queries} queries)`, s.recall.recall.toFixed(4), `>= ${t.recall}`, yesNo(s.targets.recall)],
        [`recall@${s.recall.k} counting ties at the k-th score`, s.recall.recallWithTies.toFixed(4), '', ''],
      ],
    ),
  );
  out.push('');
  out.push(
    `recall detail (bench process, no HTTP): ${int(s.recall.vectors)} passages embedded in ${(s.recall.embedMs / 1000).toFixed(1)} s (incl. reading Postgres), ` +
      `HNSW built in ${(s.recall.buildMs / 1000).toFixed(1)} s (connectivity ${HNSW_DEFAULTS.connectivity}, expansion_add ${HNSW_DEFAULTS.expansion_add}, expansion_search ${HNSW_DEFAULTS.expansion_search}; exact-search shortcut off); ` +
      `${s.recall.perfect}/${s.recall.queries} queries with the exact top-${s.recall.k}; search ${ms(s.recall.hnswSearchMeanMs)} HNSW vs ${ms(s.recall.exactSearchMeanMs)} brute force per query`,
  );
  out.push('per-round vector (10 conn): ' + s.vector.load.rounds.map((r) => `${int(r.rps)} req/s p50 ${ms(r.p50)} p99 ${ms(r.p99)}`).join('; '));
  out.push('per-round keyword (10 conn): ' + s.keyword.load.rounds.map((r) => `${int(r.rps)} req/s p50 ${ms(r.p50)} p99 ${ms(r.p99)}`).join('; '));
  out.push('Targets are information only; the exit code does not depend on them.');
  process.stdout.write(`${out.join('\n')}\n`);
  process.stdout.write(`BENCH_SUMMARY ${JSON.stringify(s)}\n`);
}
