import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Database } from '../shared/db/database';
import { loadPapers, recordsAsLines } from '../modules/papers/paper-loader';
import { PaperRepository } from '../modules/papers/paper.repository';
import { parsePaperInput, type PaperInput } from '../modules/papers';
import { createApiKey } from './support/api-key';
import { benchWorkspace, progress } from './support/bench-workspace';
import { withCleanup } from './support/cleanup';
import { gxLaunch, type GxSetting } from './support/gx-server';
import { HttpClient } from './support/http-client';
import { loadScalingCorpus, type CorpusFigures } from './support/scaling-corpus';
import { startServerProcess } from './support/server-process';
import { HIT_QUERIES } from './support/search-queries';
import { untilSettled } from './support/settled';
import { latencySummary } from './support/stats';
import { int, markdownTable, ms } from './support/table';

/** Papers loaded in all, unless `--papers=N` (or CITATIONS_PAPERS) says otherwise. */
const DEFAULT_PAPERS = 300_000;
/** The papers citing the one target. */
const CITING = 20_000;
/** The smallest corpus that holds the real papers, the target and its citing papers. */
const MIN_PAPERS = 30_000;
/** Sequential requests per measured row (each a different page or query, so nothing is answered twice alike). */
const REQUESTS = 300;
/** How deep a cited-by page must be to count as deep. */
const DEEP_FROM = 10_000;
const PAGE = 25;

const TARGET_DOI = '10.5555/citations-bench-target';

const SETTINGS: readonly GxSetting[] = [
  { name: 'LOG_LEVEL', value: 'warn', why: 'at info every request writes an access log line' },
  { name: 'DEMO_DATA', value: 'false', why: 'the bench loads its own corpus' },
  { name: 'PUBLIC_RATE_LIMIT', value: '1000000000', why: 'the per-IP limiter stays in the path but never rejects the one client' },
  { name: 'PLAN_BURST_PER_SECOND', value: 'internal=1000000', why: 'the Internal key has no allowance; its burst limit must not refuse the bench either' },
  { name: 'RESPONSE_CACHE_TTL_SECONDS', value: '0', why: 'every request reaches its route: these are the costs of a miss, on both doors alike (the public-search bench measures hits)' },
];

export interface Row {
  name: string;
  public: { p50: number; p99: number; n: number };
  api: { p50: number; p99: number; n: number };
}

export interface CitationsSummary {
  bench: 'citations';
  corpus: CorpusFigures;
  graph: { papers: number; edges: number; loadMs: number; targetId: string };
  startupMs: number;
  /** From the listeners' opening to every part but the vector index reporting ok. */
  readyMs: number;
  rows: Row[];
}

/**
 * A paper's references and cited-by over HTTP on both doors (`gx start --target all`), with N papers
 * (default 300,000: the scaling corpus) of which one is cited by 20,000 others: the first cited-by
 * page, pages deep in the list (a whole walk by `next_cursor`), a references page, and the keyword
 * searches of both doors in the same run for comparison. Sequential requests on one kept-alive
 * connection: latency, not throughput. Run only when named (`--only=citations`): the default size
 * loads for several minutes.
 */
export async function runCitationsBench(options: { papers?: string } = {}): Promise<CitationsSummary> {
  const papers = Number(options.papers ?? process.env.CITATIONS_PAPERS ?? DEFAULT_PAPERS);
  if (!Number.isInteger(papers) || papers < MIN_PAPERS) throw new Error(`--papers must be a whole number of at least ${int(MIN_PAPERS)}, not ${options.papers}`);
  return withCleanup(async (cleanup) => {
    const { tmp, db } = await benchWorkspace(cleanup);
    const graphPapers = CITING + 1;

    progress(`loading ${int(papers - graphPapers)} papers (papers.jsonl + generated)`);
    const corpus = await loadScalingCorpus(db.url, papers - graphPapers, tmp);
    progress(`loading the target and ${int(CITING)} papers citing it`);
    const graph = await loadGraph(db.url, corpus.papers.generated);

    // These pages do not use the vector index, which would embed every paper first and take the
    // CPU meanwhile: a plain file where its folder goes keeps it from starting (keyword mode only).
    fs.writeFileSync(path.join(tmp, 'vectors'), 'not a directory: the citations bench runs without a vector index');
    progress('starting `gx start --target all`');
    const launch = await gxLaunch({ databaseUrl: db.url, dataDir: tmp, settings: SETTINGS, target: 'all' });
    const t0 = performance.now();
    // /healthz answers once the listeners are open, which is once the keyword index is built.
    const gx = await startServerProcess({ name: 'gx start --target all', args: launch.args, env: launch.env, cwd: launch.root, port: launch.publicPort, readyPath: '/healthz', timeoutMs: 1_800_000 });
    const startupMs = performance.now() - t0;
    cleanup.add('stop gx', () => gx.stop());
    const key = await createApiKey(db.url, { plan: 'internal' });
    const pub = new HttpClient(`http://127.0.0.1:${launch.publicPort}`);
    const api = new HttpClient(`http://127.0.0.1:${launch.apiPort}`, { authorization: `Bearer ${key.token}` });
    cleanup.addSync('close the http clients', () => (pub.close(), api.close()));
    progress('waiting for every part but the vector index to be ready (the keyword index follows the graph load; hybrid ranking is prepared)');
    const readyMs = await untilSettled(pub.baseUrl);

    const target = graph.targetId;
    const rows: Row[] = [];
    const both = async (name: string, paths: (door: 'public' | 'api') => string[]) => {
      progress(name);
      rows.push({ name, public: await timed(pub, paths('public')), api: await timed(api, paths('api')) });
    };
    const cycle = <T>(items: readonly T[]) => Array.from({ length: REQUESTS }, (_, i) => items[i % items.length]!);
    // With the edge cache off, a repeated request is as costly as a new one: every row is misses.
    const queries = HIT_QUERIES.map((spec) => encodeURIComponent(spec.q));
    await both(`search, limit ${PAGE} (public; data API mode=keyword)`, (door) => cycle(queries).map((q) => `/api/v1/papers/search?q=${q}&limit=${PAGE}${door === 'api' ? '&mode=keyword' : ''}`));
    await both(`cited-by, first page of ${int(CITING)} (limit ${PAGE})`, () => cycle([`/api/v1/papers/${target}/cited-by?limit=${PAGE}`]));
    const walks = { public: await cursors(pub, target), api: await cursors(api, target) };
    await both(`cited-by, pages from ${int(DEEP_FROM)} deep (limit ${PAGE})`, (door) => cycle(walks[door]).map((cursor) => `/api/v1/papers/${target}/cited-by?limit=${PAGE}&cursor=${cursor}`));
    await both(`references, first page of ${REFERENCES.length} (limit ${PAGE})`, () => cycle([`/api/v1/papers/${target}/references?limit=${PAGE}`]));

    await gx.stop();
    const summary: CitationsSummary = { bench: 'citations', corpus, graph, startupMs, readyMs, rows };
    printCitationsReport(summary);
    return summary;
  });
}

/** The references the target lists: corpus papers (generated ones with a DOI) and external works. */
const REFERENCES = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? `10.5555/gx-demo.${i * 97}` : `10.9999/citations-bench-external.${i}`));

/**
 * One load of the target and the papers citing it, each with a few other references (generated
 * corpus papers, most of which have a DOI, and external works) and a year from 1990 to 2025, every
 * 40th without one.
 */
async function loadGraph(url: string, generated: number): Promise<CitationsSummary['graph']> {
  const lines: PaperInput[] = Array.from({ length: CITING }, (_, i) => ({
    id: `citations-bench-${i}`,
    title: `A study citing the benchmark target ${i}`,
    lang: 'en',
    year: i % 40 === 0 ? null : 1990 + (i % 36),
    references: [TARGET_DOI, `10.5555/gx-demo.${(i * 7919) % Math.max(1, generated)}`, `10.5555/gx-demo.${(i * 104729) % Math.max(1, generated)}`, `10.9999/citations-bench-external.${i % 500}`],
  }));
  const target: PaperInput = { id: 'citations-bench-target', doi: TARGET_DOI, title: 'The benchmark target, cited twenty thousand times', lang: 'en', year: 2015, references: REFERENCES };
  lines.push(target);
  const parsed = parsePaperInput(target);
  if (!parsed.ok) throw new Error(parsed.error);
  const db = new Database(url, 4);
  try {
    const t0 = performance.now();
    const report = await loadPapers(recordsAsLines(lines), new PaperRepository(db));
    if (report.rejected.length > 0) throw new Error(`the graph load rejected ${report.rejected.length} lines: ${report.rejected[0]!.error}`);
    const loadMs = performance.now() - t0;
    const edges = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM paper_references')).rows[0]!.n;
    return { papers: lines.length, edges, loadMs, targetId: parsed.paper.id };
  } finally {
    await db.close();
  }
}

/** The cursors of every cited-by page from DEEP_FROM on, read by one walk to the end. */
async function cursors(client: HttpClient, target: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '*';
  for (let read = 0; ; read += PAGE) {
    if (read >= DEEP_FROM) found.push(cursor);
    const res = await client.get(`/api/v1/papers/${target}/cited-by?limit=${PAGE}&cursor=${cursor}`);
    if (res.status !== 200) throw new Error(`cited-by answered ${res.status}: ${res.body.slice(0, 300)}`);
    const next = (JSON.parse(res.body) as { next_cursor: string | null }).next_cursor;
    if (next === null) return found;
    cursor = next;
  }
}

async function timed(client: HttpClient, paths: string[]): Promise<Row['public']> {
  const samples: number[] = [];
  for (const p of paths) {
    const res = await client.get(p);
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}: ${res.body.slice(0, 300)}`);
    samples.push(res.ms);
  }
  return latencySummary(samples);
}

export function printCitationsReport(s: CitationsSummary): void {
  const lines = [
    '',
    `## Citations: references and cited-by over HTTP (${int(s.corpus.papers.total + s.graph.papers)} papers)`,
    '',
    `Corpus: ${int(s.corpus.papers.total)} papers (${int(s.corpus.papers.real)} real, ${int(s.corpus.papers.generated)} generated), then the target and ${int(CITING)} papers citing it in one load (${int(s.graph.edges)} edges, ${(s.graph.loadMs / 1000).toFixed(1)} s). \`gx start --target all\` answered in ${(s.startupMs / 1000).toFixed(1)} s and was ready ${(s.readyMs / 1000).toFixed(1)} s later (no vector index).`,
    `Settings: ${SETTINGS.map((x) => `${x.name}=${x.value} (${x.why})`).join('; ')}.`,
    `${REQUESTS} sequential requests a row on one kept-alive connection, every one a cache miss; time from sending to the last byte.`,
    '',
    markdownTable(
      ['request', 'public p50', 'public p99', 'data API p50', 'data API p99'],
      s.rows.map((r) => [r.name, ms(r.public.p50), ms(r.public.p99), ms(r.api.p50), ms(r.api.p99)]),
    ),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}
