import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { MemoryKeywordIndex } from '../modules/keyword-index/keyword-index.memory';
import type { KeywordIndex, KeywordQuery } from '../modules/keyword-index';
import { searchPage } from '../modules/keyword-index';
import { generateDemoPapers } from '../modules/papers/demo/demo-papers';
import { parsePaperInput } from '../modules/papers/paper-input';
import { LANGS_FOR_FILTER, parseSearchParams } from '../services/public-search/search-params';
import { storedAlone, type Paper, type TopicSlug } from '../shared/papers/paper.schema';
import { familyName } from '../shared/text/person-name';
import { withCleanup } from './support/cleanup';
import { REAL_PAPERS_FILE } from './support/corpus';
import { CATEGORIES, MISS_QUERIES, searchPath, type Category, type QuerySpec } from './support/search-queries';
import { percentile } from './support/stats';
import { int, ms, table } from './support/table';
import { UniqueSearchUrls, type ProbedSpec } from './support/unique-urls';

const DEFAULT_SIZES = [30_000, 300_000];
/** Papers handed to the index at a time while it is built (as `IndexSync` gets them from Postgres). */
const BATCH = 1_000;
/** Requests measured after the first pass over the queries (round-robin, every page distinct, as the scaling bench sends them). */
const WARM_REQUESTS = 3_000;
/** The scaling bench's probe keeps queries with at least these totals (bench/support/unique-urls.ts). */
const MIN_TOTAL = 30;
const MIN_DEEP_TOTAL = 2_000;
const DATABASE = 'keyword-index-bench';
const AT = { database: DATABASE, cursor: { position: '1' }, reindex: '0' };

export interface LatencyFigures {
  n: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  qps: number;
  /** This process's CPU time (user + system, GC threads included) per query: what a loaded machine's waits leave out. */
  cpuMeanMs?: number;
}

export interface KeywordIndexSizeFigures {
  papers: number;
  /** Generating the papers (not the index's cost), building the index from batches, saving it, reopening it. */
  generateMs?: number;
  buildMs?: number;
  checkpointMs?: number;
  reopenMs: number;
  /** heap + external + array buffers after GC, reopened index less the empty process, per paper; and after the queries (caches filled). */
  bytesPerPaper: number;
  bytesPerPaperAfterQueries: number;
  /** The saved index files (segments and manifest), per paper: what a restart reads. */
  fileBytesPerPaper: number;
  queries: { kept: number; dropped: number };
  /** Each kept query once, right after the reopen (first-time term computations included). */
  first: LatencyFigures;
  /** Then WARM_REQUESTS distinct pages round-robin. */
  warm: LatencyFigures;
  warmByCategory: Partial<Record<Category, LatencyFigures>>;
  /** The same query terms narrowed by an author (`author`) and by a topic, after the warm requests. */
  filters: FilterComparison;
}

export interface FilterComparison {
  /** The family names and topics used, most frequent among the probed results first. */
  authors: string[];
  topics: string[];
  /** Each filter's first search (its slots worked out: author postings, or a pass over the topic column), then every search. */
  authorFirst: LatencyFigures;
  topicFirst: LatencyFigures;
  author: LatencyFigures;
  topic: LatencyFigures;
}

const out = (text = '') => process.stdout.write(`${text}\n`);

/** A full collection, exposed without a command-line flag (the benches run under plain `node`). */
function collect(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

function memory(): number {
  collect();
  collect();
  const m = process.memoryUsage();
  // arrayBuffers is part of external; both are listed in the brief, external already holds it.
  return m.heapUsed + m.external;
}

function corpus(target: number): Paper[] {
  const inputs: unknown[] = fs.existsSync(REAL_PAPERS_FILE)
    ? fs.readFileSync(REAL_PAPERS_FILE, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as unknown)
    : [];
  const papers: Paper[] = [];
  const add = (input: unknown) => {
    const parsed = parsePaperInput(input);
    if (parsed.ok) papers.push(storedAlone(parsed.paper, '2026-01-01T00:00:00.000Z'));
  };
  inputs.forEach(add);
  // The scaling corpus: the real papers, then the demo generator's records up to the target.
  for (const input of generateDemoPapers({ count: Math.max(0, target - papers.length) })) add(input);
  return papers;
}

async function* batches(papers: Paper[]): AsyncIterable<Paper[]> {
  for (let i = 0; i < papers.length; i += BATCH) yield papers.slice(i, i + BATCH);
}

/** The keyword query the public search sends the index for a bench path (its own parser, its own filters). */
function queryOf(pathAndQuery: string): KeywordQuery {
  const url = new URL(pathAndQuery, 'http://bench');
  const p = parseSearchParams(Object.fromEntries(url.searchParams));
  return {
    terms: p.terms,
    filters: { topic: p.topic ?? undefined, langs: LANGS_FOR_FILTER[p.lang], yearFrom: p.yearFrom, yearTo: p.yearTo, venueType: p.venueType },
    offset: p.offset,
    limit: p.limit,
    sort: p.sort,
    facets: p.facets,
  };
}

function latency(samples: number[]): LatencyFigures {
  const sorted = Float64Array.from(samples).sort();
  const total = samples.reduce((a, b) => a + b, 0);
  return { n: samples.length, meanMs: total / samples.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: sorted[sorted.length - 1] ?? Number.NaN, qps: (samples.length * 1000) / total };
}

async function timed(index: KeywordIndex, query: KeywordQuery, answers?: unknown[]): Promise<number> {
  const t0 = performance.now();
  const result = await searchPage(index, query, undefined);
  const took = performance.now() - t0;
  answers?.push([result.total, result.hits.map((h) => [h.paper.id, h.score])]);
  return took;
}

/** The index of `papers` papers under `dir`: built and saved there unless `reuse` and it already is. */
async function prepare(papers: number, dir: string, reuse: boolean): Promise<Pick<KeywordIndexSizeFigures, 'generateMs' | 'buildMs' | 'checkpointMs'>> {
  if (reuse && fs.existsSync(path.join(dir, 'manifest.bin'))) return {};
  fs.rmSync(dir, { recursive: true, force: true });
  const tg = performance.now();
  let corpusPapers: Paper[] | undefined = corpus(papers);
  const generateMs = performance.now() - tg;
  const index = new MemoryKeywordIndex();
  const tb = performance.now();
  await index.rebuild(batches(corpusPapers));
  const buildMs = performance.now() - tb;
  corpusPapers = undefined;
  const tc = performance.now();
  await index.checkpoint(dir, AT);
  const checkpointMs = performance.now() - tc;
  await index.close();
  return { generateMs, buildMs, checkpointMs };
}

async function measureSize(papers: number, dir: string, reuse: boolean, answersFile?: string): Promise<KeywordIndexSizeFigures> {
  const built = await prepare(papers, dir, reuse);
  const before = memory();
  const index = new MemoryKeywordIndex();
  const tr = performance.now();
  const at = await index.reopen(dir, DATABASE);
  const reopenMs = performance.now() - tr;
  if (!at) throw new Error(`no index to reopen under ${dir}`);
  const count = await index.count();
  const bytesPerPaper = (memory() - before) / count;
  const fileBytesPerPaper = fs.readdirSync(dir).reduce((n, name) => n + fs.statSync(path.join(dir, name)).size, 0) / count;

  const probed: { kept: ProbedSpec[]; dropped: ProbedSpec[] } = { kept: [], dropped: [] };
  const first: number[] = [];
  for (const spec of MISS_QUERIES) {
    const t0 = performance.now();
    const { total } = await index.search(queryOf(searchPath(spec, 1, 0)));
    first.push(performance.now() - t0);
    (total >= (spec.category === 'deep' ? MIN_DEEP_TOTAL : MIN_TOTAL) ? probed.kept : probed.dropped).push({ ...spec, total });
  }
  const urls = new UniqueSearchUrls(probed.kept);
  const warm: number[] = [];
  const answers = answersFile === undefined ? undefined : [];
  const byCategory = new Map<Category, number[]>();
  // Parsed before the clock starts: the measured part is the index's.
  const paths = Array.from({ length: WARM_REQUESTS }, () => urls.next());
  const queries = paths.map(queryOf);
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < WARM_REQUESTS; i++) {
    const spec: QuerySpec = probed.kept[i % probed.kept.length]!;
    const took = await timed(index, queries[i]!, answers);
    warm.push(took);
    byCategory.set(spec.category, [...(byCategory.get(spec.category) ?? []), took]);
  }
  const cpu = process.cpuUsage(cpu0);
  const filters = await compareFilters(index, probed.kept.filter((spec) => spec.category !== 'deep').map((spec) => queryOf(searchPath(spec, 1, 0))));
  const bytesPerPaperAfterQueries = (memory() - before) / count;
  if (answersFile !== undefined) fs.writeFileSync(answersFile, `${answers!.map((a, i) => JSON.stringify([paths[i], a])).join('\n')}\n`);
  await index.close();
  return {
    papers: count,
    ...built,
    reopenMs,
    bytesPerPaper,
    bytesPerPaperAfterQueries,
    fileBytesPerPaper,
    queries: { kept: probed.kept.length, dropped: probed.dropped.length },
    first: latency(first),
    warm: { ...latency(warm), cpuMeanMs: (cpu.user + cpu.system) / 1000 / WARM_REQUESTS },
    warmByCategory: Object.fromEntries(CATEGORIES.filter((c) => byCategory.has(c)).map((c) => [c, latency(byCategory.get(c)!)])),
    filters,
  };
}

/** Rounds over the queries for each filter (each round: every query once with an author, once with a topic, alternating). */
const FILTER_ROUNDS = 5;
/** Distinct authors and topics: more than one kept filter each, fewer than the index keeps (64). */
const FILTER_VALUES = 16;

/**
 * An author-filtered search against a topic-filtered one with the same terms (`author` must cost no
 * more than `topic`): the queries' own filters replaced by an author (the most frequent family names
 * among the first results) or a topic (likewise), first page by relevance. The first search with each
 * value works its slots out (kept for the generation); the rest find them kept.
 */
async function compareFilters(index: KeywordIndex, queries: KeywordQuery[]): Promise<FilterComparison> {
  const families = new Map<string, number>();
  const topicCounts = new Map<string, number>();
  for (const query of queries) {
    for (const { paper } of (await index.search({ ...query, filters: {}, limit: 50 })).hits) {
      for (const author of paper.authors) {
        const family = familyName(author);
        if (family) families.set(family, (families.get(family) ?? 0) + 1);
      }
      if (paper.topic) topicCounts.set(paper.topic, (topicCounts.get(paper.topic) ?? 0) + 1);
    }
  }
  const top = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1]).slice(0, FILTER_VALUES).map(([value]) => value);
  const authors = top(families);
  const topics = top(topicCounts) as TopicSlug[];
  const samples = { authorFirst: [] as number[], topicFirst: [] as number[], author: [] as number[], topic: [] as number[] };
  const seen = new Set<string>();
  for (let round = 0; round < FILTER_ROUNDS; round++) {
    for (let i = 0; i < queries.length; i++) {
      const author = authors[(i + round) % authors.length]!;
      const topic = topics[(i + round) % topics.length]!;
      const base = { ...queries[i]!, offset: 0, sort: 'relevance' as const, facets: undefined };
      for (const [kind, filters] of [['author', { author }], ['topic', { topic }]] as const) {
        const took = await timed(index, { ...base, filters });
        const first = !seen.has(`${kind}:${JSON.stringify(filters)}`);
        seen.add(`${kind}:${JSON.stringify(filters)}`);
        if (first) samples[`${kind}First`].push(took);
        samples[kind].push(took);
      }
    }
  }
  return { authors, topics, authorFirst: latency(samples.authorFirst), topicFirst: latency(samples.topicFirst), author: latency(samples.author), topic: latency(samples.topic) };
}

const row = (label: string, l: LatencyFigures) => [label, int(l.n), ms(l.meanMs), ms(l.p50Ms), ms(l.p99Ms), ms(l.maxMs), int(l.qps), l.cpuMeanMs === undefined ? '' : ms(l.cpuMeanMs)];

function report(f: KeywordIndexSizeFigures): void {
  const s = (v: number | undefined) => (v === undefined ? '(reused)' : `${(v / 1000).toFixed(1)} s`);
  out(`\n${int(f.papers)} papers: generate ${s(f.generateMs)}, build ${s(f.buildMs)}, checkpoint ${s(f.checkpointMs)}, reopen ${ms(f.reopenMs)}`);
  out(`memory: ${(f.bytesPerPaper / 1024).toFixed(2)} KB a paper reopened, ${(f.bytesPerPaperAfterQueries / 1024).toFixed(2)} KB after the queries; files ${(f.fileBytesPerPaper / 1024).toFixed(2)} KB a paper; queries kept ${f.queries.kept}, dropped ${f.queries.dropped}`);
  out(
    table(
      ['queries', 'n', 'mean', 'p50', 'p99', 'max', 'q/s', 'cpu mean'],
      [row('first pass (probe)', f.first), row('warm, all', f.warm), ...Object.entries(f.warmByCategory).map(([c, l]) => row(`  ${c}`, l))],
    ),
  );
  const c = f.filters;
  out(`author against topic, the same terms (${c.authors.length} family names: ${c.authors.slice(0, 4).join(', ')}…; ${c.topics.length} topics):`);
  out(
    table(
      ['filtered search', 'n', 'mean', 'p50', 'p99', 'max', 'q/s', 'cpu mean'],
      [row('author', c.author), row('topic', c.topic), row('  author, first with its value', c.authorFirst), row('  topic, first with its value', c.topicFirst)],
    ),
  );
}

/**
 * `--only=keyword-index`: the embedded keyword index in process, no server. For each size (`--sizes`,
 * default 30,000 and 300,000) it builds an index of the scaling corpus (the real papers, then generated
 * ones), saves it under a scratch directory, reopens it as a start would, and runs the scaling bench's
 * query set one at a time: the probe pass (first-time term work), then distinct pages round-robin.
 * Direct runs (`node dist/bench/keyword-index.bench.js`) also take `--index-dir=DIR`, which keeps and
 * reuses the saved indexes, and `--answers=DIR`, which writes every measured answer (ids, scores,
 * total) to DIR/answers-N.jsonl: two runs' files are equal when a change left the results alone.
 */
export async function runKeywordIndexBench(options: { sizes?: string; indexDir?: string; answersDir?: string } = {}): Promise<KeywordIndexSizeFigures[]> {
  const sizes = options.sizes ? options.sizes.split(',').map((s) => Number(s.split(':')[0])) : DEFAULT_SIZES;
  if (sizes.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw new Error(`--sizes must list positive whole numbers; got ${options.sizes}`);
  out(`keyword-index bench: sizes ${sizes.map(int).join(', ')}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  return withCleanup(async (cleanup) => {
    const root = options.indexDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gx-keyword-bench-'));
    if (!options.indexDir) cleanup.addSync('scratch index dir', () => fs.rmSync(root, { recursive: true, force: true }));
    const figures: KeywordIndexSizeFigures[] = [];
    for (const papers of sizes) {
      const answers = options.answersDir && path.join(options.answersDir, `answers-${papers}.jsonl`);
      const f = await measureSize(papers, path.join(root, String(papers)), options.indexDir !== undefined, answers);
      report(f);
      figures.push(f);
    }
    return figures;
  });
}

if (require.main === module) {
  const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  runKeywordIndexBench({ sizes: option('sizes'), indexDir: option('index-dir'), answersDir: option('answers') }).catch((err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
