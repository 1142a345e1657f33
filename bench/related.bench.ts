import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MemoryKeywordIndex } from '../modules/keyword-index/keyword-index.memory';
import { generateDemoPapers } from '../modules/papers/demo/demo-papers';
import { loadPapers, recordsAsLines } from '../modules/papers/paper-loader';
import { PaperRepository } from '../modules/papers/paper.repository';
import { Database } from '../shared/db/database';
import { migrate } from '../shared/db/migrate';
import { readJsonLines } from '../shared/loading/json-lines';
import { createApiKey } from './support/api-key';
import { benchWorkspace, progress } from './support/bench-workspace';
import { CITATIONS, withCitations } from './support/citation-graph';
import { withCleanup } from './support/cleanup';
import { REAL_PAPERS_FILE } from './support/corpus';
import { GX_BENCH_SETTINGS, startGxServer, type GxSetting } from './support/gx-server';
import { HttpClient, type HttpResult } from './support/http-client';
import { pollUntil, probe, spawnGx } from './support/scaling-server';
import { untilQuiet } from './support/server-process';
import { keywordPaths } from './support/semantic-queries';
import { sequentialFigures, type SequentialFigures } from './support/sequential';
import { int, mb, ms, table } from './support/table';

const DEFAULT_SIZE = 30_000;
/** Distinct papers measured per kind of request, after as many others for warm-up. */
const MEASURED = 300;
const WARMUP = 50;
/** Generated papers handed to one loader call (the loader validates a whole call before writing it). */
const LOAD_CHUNK = 100_000;

interface Kind {
  name: string;
  door: 'public' | 'api';
  figures: SequentialFigures;
  /** Answers with no result (a paper nothing relates to), out of the measured. */
  empty: number;
}

export interface RelatedSummary {
  bench: 'related';
  corpus: { papers: number; edges: number; resolved: number; loadMs: number };
  settings: GxSetting[];
  all: { startupMs: number; readyMs: number; quietAfterMs: number; rssMb: number; peakRssMb: number };
  kinds: Kind[];
  /** The public-search target alone (`gateway,public-search`, reopening the keyword index files), and when related papers first answer. */
  publicAlone: { readyMs: number; relatedMs: number; rssReadyMb: number; rssRelatedMb: number; peakRssMb: number; related: SequentialFigures };
  /** The embedded keyword index built in this process from Postgres, then its ranked retrieval prepared: what preparing costs. */
  ranking: { papers: number; buildMs: number; prepareMs: number; heapMb: number; arrayBuffersMb: number };
}

/**
 * Related papers on both doors and recommendations on the data API, at a corpus size
 * (`--sizes=N`, default 30,000; the lead's figure is 300,000): papers.jsonl plus generated papers
 * with a synthetic citation graph (`citation-graph.ts`), `gx start --target all`, sequential
 * requests over one connection, each for a distinct paper (no cache answers), median and p99 beside
 * a bare search's in the same run. Then the public-search target alone (no vector index): how long
 * after /readyz related papers first answer, and its memory; and, in this process, what preparing
 * the keyword index's ranked retrieval costs (the public-search module now prepares it).
 */
export async function runRelatedBench(options: { sizes?: string } = {}): Promise<RelatedSummary> {
  const size = Number((options.sizes ?? String(DEFAULT_SIZE)).split(',')[0]!.split(':')[0]);
  if (!Number.isInteger(size) || size < 1_000) throw new Error(`--sizes: a corpus size of at least 1,000 papers; got ${options.sizes}`);
  return withCleanup(async (cleanup) => {
    const { tmp, db } = await benchWorkspace(cleanup);
    const dataDir = path.join(tmp, 'data');
    fs.mkdirSync(dataDir);

    progress(`loading ${int(size)} papers (papers.jsonl + generated, each citing ${CITATIONS.inCorpus} corpus papers and ${CITATIONS.external} outside works)`);
    const corpus = await loadCitedCorpus(db.url, size);
    progress(`${int(corpus.papers)} papers, ${int(corpus.edges)} references (${int(corpus.resolved)} resolved) in ${(corpus.loadMs / 1000).toFixed(1)} s`);
    const key = await createApiKey(db.url, { plan: 'internal' });
    const settings: GxSetting[] = [...GX_BENCH_SETTINGS.filter((s) => s.name !== 'DEMO_DATA'), { name: 'DEMO_DATA', value: 'false', why: 'the bench loads its own papers' }, { name: 'PLAN_BURST_PER_SECOND', value: 'internal=1000000', why: 'the burst limiter runs but never refuses the bench' }];

    progress('gx start --target all: waiting for every part (vector index and ranked retrieval) to be ready');
    const gx = await startGxServer({ databaseUrl: db.url, dataDir, settings, name: 'gx start --target all', timeoutMs: 3_600_000 });
    cleanup.add('stop gx (all)', async () => void (await gx.stop(30_000)));
    const readyMs = await untilReady(gx.publicUrl, gx.startupMs);
    // Ready, it still saves what it built (the vector index's first snapshot, the keyword index's
    // checkpoint): seconds of CPU at 300,000 papers. The figures are those of a serving replica.
    progress('waiting for the server to go quiet (its first saves after the build)');
    const quietAfterMs = await untilQuiet(gx.pid);
    const ids = await samplePapers(db.url, 2 * (WARMUP + MEASURED));
    const pub = new HttpClient(gx.publicUrl);
    const api = new HttpClient(gx.apiUrl, { authorization: `Bearer ${key.token}` });
    cleanup.addSync('close the http clients', () => {
      pub.close();
      api.close();
    });

    const related = (id: string) => `/api/v1/papers/${encodeURIComponent(id)}/related?limit=10`;
    const kPaths = keywordPaths();
    const kinds: Kind[] = [];
    const run = async (name: string, door: 'public' | 'api', send: (i: number) => Promise<HttpResult>) => {
      progress(`${name}: ${WARMUP} warm-up + ${MEASURED} measured, sequential`);
      kinds.push({ name, door, ...(await sequential(name, send)) });
    };
    await run('search (keyword, a distinct query string each)', 'public', (i) => pub.get(`/api/v1/papers/search?q=${encodeURIComponent(kPathsQuery(kPaths, i))}&_=${i}`));
    await run('related papers', 'public', (i) => pub.get(related(ids[i]!)));
    await run('search (keyword mode)', 'api', (i) => api.get(kPaths[i % kPaths.length]!));
    await run('related papers', 'api', (i) => api.get(related(ids[WARMUP + MEASURED + i]!)));
    await run('recommendations (2 positive, 1 negative)', 'api', (i) =>
      api.post('/api/v1/papers/recommendations', { positive: [ids[i]!, ids[i + 1]!], negative: [ids[(i + 500) % ids.length]!], limit: 10 }),
    );
    const memory = gx.memory();
    await gx.stop(30_000);

    progress('gx start --target gateway,public-search (no vector index), reopening the keyword index files');
    const aloneSettings = [...settings, { name: 'SERVICE_TOKEN', value: 'related-bench-service-token', why: 'required when the gateway runs without the data-API services; the bench sends the data API nothing' }];
    const alone = await spawnGx({ databaseUrl: db.url, dataDir, settings: aloneSettings, target: 'gateway,public-search' });
    cleanup.add('stop gx (public-search)', async () => void (await alone.stop(30_000)));
    const aloneReadyMs = await pollUntil(alone, '/readyz', `${alone.publicUrl}/readyz`, (status) => status === 200, { everyMs: 20, timeoutMs: 1_800_000 });
    const rssReadyMb = alone.memory().rssMb;
    const relatedMs = await pollUntil(alone, 'related papers', `${alone.publicUrl}${related(ids[0]!)}`, (status) => status === 200, { everyMs: 20, timeoutMs: 1_800_000 });
    const rssRelatedMb = alone.memory().rssMb;
    const aloneClient = new HttpClient(alone.publicUrl);
    cleanup.addSync('close the http client', () => aloneClient.close());
    const aloneRelated = await sequential('related papers (public-search alone)', (i) => aloneClient.get(related(ids[WARMUP + MEASURED + i]!)));
    const peakRssMb = alone.memory().peakRssMb;
    await alone.stop(30_000);

    progress('the keyword index built in this process, then its ranked retrieval prepared');
    const ranking = await rankingCost(db.url);

    const summary: RelatedSummary = {
      bench: 'related',
      corpus,
      settings,
      all: { startupMs: gx.startupMs, readyMs, quietAfterMs, rssMb: memory.rssMb, peakRssMb: memory.peakRssMb },
      kinds,
      publicAlone: { readyMs: aloneReadyMs, relatedMs, rssReadyMb, rssRelatedMb, peakRssMb, related: aloneRelated.figures },
      ranking,
    };
    printReport(summary);
    return summary;
  });
}

const kPathsQuery = (paths: string[], i: number) => new URLSearchParams(paths[i % paths.length]!.split('?')[1]).get('q')!;

/** Migrates and loads papers.jsonl, then generated papers with references up to `size`, then VACUUM ANALYZE; the graph's size. */
async function loadCitedCorpus(url: string, size: number): Promise<RelatedSummary['corpus']> {
  const t0 = performance.now();
  const db = new Database(url, 4);
  try {
    await migrate(db);
    const repository = new PaperRepository(db);
    await loadPapers(readJsonLines(REAL_PAPERS_FILE), repository);
    const generated = withCitations(generateDemoPapers({ count: Math.max(0, size - (await repository.count())) }));
    for (let start = 0; start < generated.length; start += LOAD_CHUNK) {
      await loadPapers(recordsAsLines(generated.slice(start, start + LOAD_CHUNK)), repository);
      progress(`  ${int(Math.min(generated.length, start + LOAD_CHUNK))} generated papers loaded`);
    }
    // Statistics and the visibility map as an established database has them (autovacuum's work after a bulk load).
    await db.query('VACUUM ANALYZE papers, paper_references');
    const { rows } = await db.query<{ edges: number; resolved: number }>('SELECT count(*)::int AS edges, count(cited_id)::int AS resolved FROM paper_references');
    return { papers: await repository.count(), edges: rows[0]!.edges, resolved: rows[0]!.resolved, loadMs: performance.now() - t0 };
  } finally {
    await db.close();
  }
}

/** Distinct papers in a fixed pseudo-random order (by the hash of their id). */
async function samplePapers(url: string, n: number): Promise<string[]> {
  const db = new Database(url, 1);
  try {
    return (await db.query<{ id: string }>('SELECT id FROM papers ORDER BY md5(id) LIMIT $1', [n])).rows.map((r) => r.id);
  } finally {
    await db.close();
  }
}

/** Polls /readyz until every part says ready (the vector index built, ranked retrieval prepared); ms from the spawn. */
async function untilReady(baseUrl: string, startupMs: number): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const res = await probe(`${baseUrl}/readyz`);
    if (res.status === 200 && (JSON.parse(res.body) as { status: string }).status === 'ready') return startupMs + performance.now() - t0;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** `WARMUP` requests, then `MEASURED` timed ones; every answer must be 200. */
async function sequential(name: string, send: (i: number) => Promise<HttpResult>): Promise<{ figures: SequentialFigures; empty: number }> {
  const times: number[] = [];
  let empty = 0;
  for (let i = 0; i < WARMUP + MEASURED; i++) {
    const res = await send(i);
    if (res.status !== 200) throw new Error(`${name}: answered ${res.status}: ${res.body.slice(0, 300)}`);
    if (i < WARMUP) continue;
    times.push(res.ms);
    const body = JSON.parse(res.body) as { results?: unknown[] };
    if (body.results && body.results.length === 0) empty++;
  }
  return { figures: sequentialFigures(times), empty };
}

/** Builds the embedded keyword index from Postgres here, then prepares its ranked retrieval: time and memory (after a full collection) it adds. */
async function rankingCost(url: string): Promise<RelatedSummary['ranking']> {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const db = new Database(url, 2);
  const index = new MemoryKeywordIndex();
  try {
    const t0 = performance.now();
    for await (const batch of new PaperRepository(db).allInBatches(2_000)) await index.upsert(batch);
    const buildMs = performance.now() - t0;
    gc();
    const before = process.memoryUsage();
    const t1 = performance.now();
    await index.prepareRanking();
    const prepareMs = performance.now() - t1;
    gc();
    const after = process.memoryUsage();
    return {
      papers: await index.count(),
      buildMs,
      prepareMs,
      heapMb: (after.heapUsed - before.heapUsed) / 2 ** 20,
      arrayBuffersMb: (after.arrayBuffers - before.arrayBuffers) / 2 ** 20,
    };
  } finally {
    await index.close();
    await db.close();
  }
}

function printReport(s: RelatedSummary): void {
  const out: string[] = [];
  out.push('', `== related: related papers (both doors) and recommendations (data API), ${int(s.corpus.papers)} papers ==`);
  out.push(`corpus: ${int(s.corpus.papers)} papers, ${int(s.corpus.edges)} references (${int(s.corpus.resolved)} resolved to corpus papers), loaded in ${(s.corpus.loadMs / 1000).toFixed(1)} s`);
  out.push(
    `server: gx start --target all (embedded engines), Internal key; ready (vector index built, ranking prepared) ${(s.all.readyMs / 1000).toFixed(1)} s after the spawn, ` +
      `quiet (its first saves done) ${(s.all.quietAfterMs / 1000).toFixed(1)} s later, when the requests began; RSS ${mb(s.all.rssMb)}, peak ${mb(s.all.peakRssMb)}`,
  );
  for (const st of s.settings) out.push(`  ${st.name}=${st.value}  (${st.why})`);
  out.push(`requests: sequential over one kept-alive connection, ${WARMUP} warm-up then ${MEASURED} measured, each for a distinct paper (no cache answers); limit=10`);
  out.push('');
  out.push(
    table(
      ['door', 'request', 'median', 'p99', 'req/s (1 conn)', 'empty answers'],
      s.kinds.map((k) => [k.door, k.name, ms(k.figures.p50), ms(k.figures.p99), int(k.figures.rps), k.name.startsWith('search') ? '' : `${k.empty} / ${k.figures.n}`]),
    ),
  );
  out.push('');
  const a = s.publicAlone;
  out.push(
    table(
      ['public-search target alone (gateway,public-search, keyword index files reopened)', 'value'],
      [
        ['/readyz answers 200 (from the spawn)', ms(a.readyMs)],
        ['related papers first answer 200 (ranked retrieval prepared)', ms(a.relatedMs)],
        ['RSS at /readyz / once related answers / peak', `${mb(a.rssReadyMb)} / ${mb(a.rssRelatedMb)} / ${mb(a.peakRssMb)}`],
        ['related papers median / p99, sequential', `${ms(a.related.p50)} / ${ms(a.related.p99)}`],
      ],
    ),
  );
  out.push('');
  const r = s.ranking;
  out.push(
    `ranked retrieval, in this process: ${int(r.papers)} papers indexed in ${(r.buildMs / 1000).toFixed(1)} s, prepared in ${(r.prepareMs / 1000).toFixed(1)} s; ` +
      `it adds ${mb(r.heapMb)} of heap and ${mb(r.arrayBuffersMb)} of array buffers (${(((r.heapMb + r.arrayBuffersMb) * 1024) / r.papers).toFixed(2)} KiB a paper; RSS moves with the collector, so it is not given)`,
  );
  out.push('Figures are information only; the exit code does not depend on them.');
  process.stdout.write(`${out.join('\n')}\n`);
  process.stdout.write(`BENCH_SUMMARY ${JSON.stringify(s)}\n`);
}
