import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { loadConfig } from '../shared/config/config';
import { Database } from '../shared/db/database';
import { projectRoot } from '../shared/project-paths';
import { createFrozenKeywordIndex, frozenIndexDir } from '../modules/keyword-index';
import { PaperChangeLog, parsePaperInput, type PaperInput } from '../modules/papers';
import { generateDemoPapers } from '../modules/papers/demo/demo-papers';
import { loadPapers, recordsAsLines } from '../modules/papers/paper-loader';
import { PaperRepository } from '../modules/papers/paper.repository';
import { cutDatasetRelease, ReleaseCorpus, type CutOutcome, type ReleasesSettings } from '../modules/releases';
import { createApiKey } from './support/api-key';
import { benchWorkspace, progress } from './support/bench-workspace';
import { withCleanup } from './support/cleanup';
import { REAL_PAPERS_FILE } from './support/corpus';
import type { GxSetting } from './support/gx-server';
import { HttpClient, type HttpResult } from './support/http-client';
import { interleaved, type PairedFigures } from './support/interleaved';
import { printReleasesReport } from './support/releases.report';
import { loadScalingCorpus, type CorpusFigures } from './support/scaling-corpus';
import { probe, spawnGx, type SpawnedGx } from './support/scaling-server';
import { untilQuiet } from './support/server-process';
import { MISS_QUERIES, type QuerySpec } from './support/search-queries';
import { untilSettled } from './support/settled';
import { latencySummary } from './support/stats';
import { int } from './support/table';

/** Papers loaded, unless `--papers=N` (or RELEASES_PAPERS) says otherwise. */
const DEFAULT_PAPERS = 30_000;
const MIN_PAPERS = 10_000;
/**
 * Timed pairs per row (a request each way), after untimed ones: as many as the row has distinct
 * requests (at most MAX_WARMUP_PAIRS), so the first search of a term, whose work each index then
 * keeps, is paid outside the timing on both sides alike. The ratio is also given per block of pairs.
 */
const PAIRS = 300;
const MAX_WARMUP_PAIRS = 100;
const BLOCKS = 5;
const PAGE = 25;
/** Related papers asked for (the data API's default). */
const RELATED_LIMIT = 10;
/** What changes between the two releases, as shares of the corpus. */
const CHANGE = { changed: 0.01, added: 0.005, removed: 0.002 } as const;
/** Papers asked for one at a time (a distinct one each request, cycled), and papers whose first cited-by page is asked. */
const LOOKUP_PAPERS = 400;
const CITED_PAPERS = 50;
/** How often a first answer is polled for. */
const POLL_MS = 20;
const START_TIMEOUT_MS = 1_800_000;

const SETTINGS: readonly GxSetting[] = [
  { name: 'LOG_LEVEL', value: 'warn', why: 'at info every request writes an access log line' },
  { name: 'DEMO_DATA', value: 'false', why: 'the bench loads its own corpus' },
  { name: 'PUBLIC_RATE_LIMIT', value: '1000000000', why: 'the per-IP limiter stays in the path but never rejects the one client' },
  { name: 'PLAN_BURST_PER_SECOND', value: 'internal=1000000', why: 'the Internal key has no allowance; its burst limit must not refuse the bench either' },
  { name: 'RESPONSE_CACHE_TTL_SECONDS', value: '0', why: 'every request reaches its route (an answer as of a release is never kept by the edge cache anyway)' },
];

export interface Row {
  name: string;
  /** Untimed pairs before the timed ones. */
  warmup: number;
  /** a: without as_of (the corpus now: the live index, the papers table); b: with as_of. */
  figures: PairedFigures;
}

/** Sizes of the release tables (and of the papers' own, for scale), bytes, with their indexes and TOAST. */
export interface Storage {
  releaseRecords: number;
  releaseSpans: number;
  releaseCitations: number;
  releaseReferences: number;
  papers: number;
  paperReferences: number;
}

export interface Cut {
  outcome: CutOutcome;
  ms: number;
  storage: Storage;
}

/** How long until an answer as of a release came, from some moment (the spawn, or the cut). */
export interface FirstAnswer {
  /** From the spawn (restarts) or from the end of the cut. */
  ms: number;
  /** From the listeners' opening (/healthz 200), on a restart. */
  afterListenMs?: number;
  /** 503 release_preparing answers received meanwhile (one poll every 20 ms). */
  preparing: number;
  /** Public searches without as_of sent between the polls: their latency while the index was prepared. */
  meanwhile?: { p50: number; p99: number; n: number };
  /** The slowest request of the wait (the polls included), and how long before the answer it was sent. */
  slowest?: { ms: number; beforeMs: number };
}

export interface ReleasesSummary {
  bench: 'releases';
  date: string;
  machine: { cpus: number; node: string; loadAverage: number[] };
  corpus: CorpusFigures;
  settings: readonly GxSetting[];
  method: { pairs: number; maxWarmupPairs: number; blocks: number; change: typeof CHANGE };
  firstCut: Cut;
  /** The first `gx start`: listeners open, and the first release's index built from Postgres (no files yet). */
  firstStart: { listenMs: number; latestIndex: FirstAnswer; quietMs: number; rssMb: number };
  current: { release: string; rows: Row[] };
  change: { changed: number; added: number; removed: number; loadMs: number };
  secondCut: Cut;
  /** (a) The old release's first answer right after the cut: its index was open (it was the latest). */
  oldOpen: { ms: number; status: number };
  /** The new release, in the running process: answers labelled with it, then its index built (from Postgres) and answering. */
  newRelease: { labelledMs: number; index: FirstAnswer; rssMb: number };
  /** (b) restart on the same DATA_DIR: the old release's index reopened from its files. */
  reopen: { listenMs: number; old: FirstAnswer };
  /** (c) restart after its folder was deleted: the old release's index built from Postgres. */
  rebuild: { listenMs: number; old: FirstAnswer; quietMs: number; rssMb: number; peakRssMb: number };
  /** (d) As of the old release vs without, on the restarted servers: its index reopened from files (b), and built from Postgres (c). */
  oldReopened: { release: string; rows: Row[] };
  old: { release: string; rows: Row[] };
  /** The release's index built in the bench process with the code gx runs (`createFrozenKeywordIndex(…).build`), nothing else running. */
  inProcessBuild: InProcessBuild;
}

export interface InProcessBuild {
  release: string;
  papers: number;
  ms: number;
  /** Synchronous work on each batch of papers read from the release tables (the time from handing it over to the next read). */
  batch: { n: number; p50: number; max: number };
  /** From the last batch to the build's end: the open segment frozen and the files written. */
  checkpointMs: number;
  /** The event loop's delay meanwhile (monitorEventLoopDelay, 10 ms resolution): how long a request would have waited at worst. */
  loopDelay: { p99: number; max: number };
}

/**
 * Dataset releases over HTTP against a real `gx start --target all` (embedded engines, no vector
 * index, edge cache off): what `as_of` costs on the current release and on an old one, next to the
 * same requests without it in the same run (interleaved pair by pair), what a cut costs in time and
 * Postgres storage, and how long an old release takes to answer first (open, reopened from its files,
 * built from Postgres). N papers (default 30,000; `--papers=N` or RELEASES_PAPERS). Run only when
 * named: `npm run bench -- --only=releases`.
 */
export async function runReleasesBench(options: { papers?: string } = {}): Promise<ReleasesSummary> {
  const papers = Number(options.papers ?? process.env.RELEASES_PAPERS ?? DEFAULT_PAPERS);
  if (!Number.isInteger(papers) || papers < MIN_PAPERS) throw new Error(`--papers must be a whole number of at least ${int(MIN_PAPERS)}, not ${options.papers}`);
  return withCleanup(async (cleanup) => {
    const { tmp, db } = await benchWorkspace(cleanup);
    const dataDir = path.join(tmp, 'data');
    fs.mkdirSync(dataDir);
    const config = loadConfig({ DATABASE_URL: db.url, DATA_DIR: dataDir });

    progress(`loading ${int(papers)} papers (papers.jsonl + generated, with the generator's citation graph)`);
    const corpus = await loadScalingCorpus(db.url, papers, dataDir);
    // Nothing measured here uses the vector index, whose first build would embed every paper and take
    // the CPU meanwhile: a plain file where its folder goes keeps it from starting (keyword mode only).
    fs.writeFileSync(path.join(dataDir, 'vectors'), 'not a directory: the releases bench runs without a vector index');
    const pg = new Database(db.url, 2);
    cleanup.add('close the bench database pool', () => pg.close());
    // Statistics and the visibility map as an established database has them (autovacuum's work after a bulk load).
    await pg.query('VACUUM ANALYZE papers, paper_references');

    progress('cutting the first release (what `gx start` does when it finds papers and no release)');
    const firstCut = await timedCut(pg, config.releases);
    const oldId = firstCut.outcome.release;
    const key = await createApiKey(db.url, { plan: 'internal' });
    const auth = { authorization: `Bearer ${key.token}` };
    const lookupIds = await sample(pg, `SELECT id FROM papers ORDER BY md5(id) LIMIT ${LOOKUP_PAPERS}`);
    const citedIds = await sample(pg, `SELECT id FROM papers WHERE cited_by_corpus_count > ${PAGE} ORDER BY md5(id) LIMIT ${CITED_PAPERS}`);
    if (citedIds.length < 5) throw new Error(`only ${citedIds.length} papers are cited by more than ${PAGE} others: no cited-by row to measure`);

    const start = async (name: string) => {
      progress(`gx start --target all (${name})`);
      const gx = await spawnGx({ databaseUrl: db.url, dataDir, settings: SETTINGS, target: 'all' });
      cleanup.add(`stop gx (${name})`, async () => void (await gx.stop(30_000)));
      const listen = await firstStatus(gx, `${gx.publicUrl}/healthz`, (s) => s === 200, gx.spawnedAt);
      const pub = new HttpClient(gx.publicUrl);
      const api = new HttpClient(gx.apiUrl, auth);
      cleanup.addSync(`close the http clients (${name})`, () => (pub.close(), api.close()));
      return { gx, listenMs: listen.ms, pub, api };
    };

    // 1. The first start: the live index reopened from the files `gx load` wrote; the first release's index built from Postgres.
    const s1 = await start('first start');
    const listed = JSON.parse((await s1.pub.get('/api/v1/releases')).body) as { latest: string | null };
    if (listed.latest !== oldId) throw new Error(`GET /api/v1/releases names ${listed.latest} the latest, not ${oldId}`);
    const latestIndex = await firstStatus(s1.gx, `${s1.gx.publicUrl}${searchPath(MISS_QUERIES[0]!, 'public', oldId)}`, answered, s1.gx.spawnedAt, liveSearch(s1.pub));
    await untilSettled(s1.gx.publicUrl);
    progress('waiting for the server to go quiet (its saves after the build)');
    const quietMs = await untilQuiet(s1.gx.pid);
    const firstStart = { listenMs: s1.listenMs, latestIndex: { ...latestIndex, afterListenMs: latestIndex.ms - s1.listenMs }, quietMs, rssMb: s1.gx.memory().rssMb };

    // 2. As of the current release against the corpus now, in the same run.
    const current = { release: oldId, rows: await compareRows(s1.gx, s1.pub, s1.api, oldId, lookupIds, citedIds) };

    // 3. Changes, and a second release.
    progress(`changing ${CHANGE.changed * 100}% of the papers' titles, adding ${CHANGE.added * 100}%, removing ${CHANGE.removed * 100}%`);
    const change = await changeCorpus(pg, papers);
    progress('cutting the second release');
    const secondCut = await timedCut(pg, config.releases);
    const newId = secondCut.outcome.release;
    const cutEnd = performance.now();
    // (a) The old release was the latest until now: its index is open in this process.
    const firstOld = await s1.pub.get(searchPath(MISS_QUERIES[1]!, 'public', oldId));
    const oldOpen = { ms: firstOld.ms, status: firstOld.status };
    const labelled = await firstStatus(s1.gx, `${s1.gx.publicUrl}/api/v1/releases`, (status, body) => status === 200 && (JSON.parse(body) as { latest: string }).latest === newId, cutEnd);
    const newIndex = await firstStatus(s1.gx, `${s1.gx.publicUrl}${searchPath(MISS_QUERIES[0]!, 'public', newId)}`, answered, cutEnd, liveSearch(s1.pub));
    await untilQuiet(s1.gx.pid);
    const newRelease = { labelledMs: labelled.ms, index: newIndex, rssMb: s1.gx.memory().rssMb };
    await s1.gx.stop(30_000);

    // (b) A restart on the same DATA_DIR: the old release's index is reopened from its files on the first request for it.
    const s2 = await start('restart: reopen');
    const reopened = await firstOldAnswer(s2.gx, s2.pub, oldId, s2.listenMs);
    await untilSettled(s2.gx.publicUrl);
    await untilQuiet(s2.gx.pid);
    // (d) As of the old release against the corpus now, its index reopened from files: papers removed since are left out of the lookups.
    const keptLookups = await sample(pg, 'SELECT id FROM papers WHERE id = ANY($1::text[]) ORDER BY md5(id)', [lookupIds]);
    const keptCited = await sample(pg, 'SELECT id FROM papers WHERE id = ANY($1::text[]) ORDER BY md5(id)', [citedIds]);
    const oldReopened = { release: oldId, rows: await compareRows(s2.gx, s2.pub, s2.api, oldId, keptLookups, keptCited) };
    await s2.gx.stop(30_000);

    // (c) Its files deleted with the server stopped: the first request has it built from the release tables.
    const oldDir = path.dirname(frozenIndexDir(config, oldId));
    if (!fs.existsSync(oldDir)) throw new Error(`the old release's index is not where it should be saved: ${oldDir}`);
    fs.rmSync(oldDir, { recursive: true, force: true });
    const s3 = await start('restart: rebuild');
    const rebuilt = await firstOldAnswer(s3.gx, s3.pub, oldId, s3.listenMs);
    await untilSettled(s3.gx.publicUrl);
    const quiet3 = await untilQuiet(s3.gx.pid);
    const memory3 = s3.gx.memory();

    // (d) Again, its index built in this process (as the current release's was in the first start).
    const old = { release: oldId, rows: await compareRows(s3.gx, s3.pub, s3.api, oldId, keptLookups, keptCited) };
    await s3.gx.stop(30_000);

    progress(`building the search index of release ${newId} in this process, as gx does in the background, watching its event loop`);
    const inProcessBuild = await buildInProcess(pg, config, newId);

    const summary: ReleasesSummary = {
      bench: 'releases',
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg() },
      corpus,
      settings: SETTINGS,
      method: { pairs: PAIRS, maxWarmupPairs: MAX_WARMUP_PAIRS, blocks: BLOCKS, change: CHANGE },
      firstCut,
      firstStart,
      current,
      change,
      secondCut,
      oldOpen,
      newRelease,
      reopen: { listenMs: s2.listenMs, old: reopened },
      rebuild: { listenMs: s3.listenMs, old: rebuilt, quietMs: quiet3, rssMb: memory3.rssMb, peakRssMb: memory3.peakRssMb },
      oldReopened,
      old,
      inProcessBuild,
    };
    printReleasesReport(summary);
    const file = writeSummary(summary);
    progress(`summary written to ${path.relative(process.cwd(), file)}`);
    return summary;
  });
}

/** A search path of either door, as of `asOf` when given; the data API asks keyword mode (it takes no lang filter of this form). */
function searchPath(spec: QuerySpec, door: 'public' | 'api', asOf?: string): string {
  const params = new URLSearchParams({ q: spec.q });
  if (spec.topic) params.set('topic', spec.topic);
  if (spec.lang && door === 'public') params.set('lang', spec.lang);
  params.set('limit', String(PAGE));
  if (door === 'api') params.set('mode', 'keyword');
  if (asOf !== undefined) params.set('as_of', asOf);
  return `/api/v1/papers/search?${params.toString()}`;
}

const asOfSuffix = (asOf: string | undefined, first: boolean) => (asOf === undefined ? '' : `${first ? '?' : '&'}as_of=${encodeURIComponent(asOf)}`);

/**
 * Each kind of request without `as_of` and with it, interleaved pair by pair (the same query, paper
 * or page both ways); first a control, the public search without `as_of` both ways, whose ratio is
 * what noise alone gives.
 */
async function compareRows(gx: SpawnedGx, pub: HttpClient, api: HttpClient, asOf: string, lookupIds: string[], citedIds: string[]): Promise<Row[]> {
  const labelled = await pub.get(searchPath(MISS_QUERIES[0]!, 'public', asOf));
  if (labelled.headers['x-dataset-version'] !== asOf) throw new Error(`an answer as of ${asOf} is labelled ${String(labelled.headers['x-dataset-version'])}`);
  const queries = MISS_QUERIES;
  const q = (i: number) => queries[i % queries.length]!;
  const lookup = (i: number, as?: string) => `/api/v1/papers/${encodeURIComponent(lookupIds[i % lookupIds.length]!)}${asOfSuffix(as, true)}`;
  const citedBy = (i: number, as?: string) => `/api/v1/papers/${encodeURIComponent(citedIds[i % citedIds.length]!)}/cited-by?limit=${PAGE}${asOfSuffix(as, false)}`;
  const related = (i: number, as?: string) => `/api/v1/papers/${encodeURIComponent(citedIds[i % citedIds.length]!)}/related?limit=${RELATED_LIMIT}${asOfSuffix(as, false)}`;
  const searches = queries.length;
  const kinds: Array<{ name: string; distinct: number; a: (i: number) => Promise<HttpResult>; b: (i: number) => Promise<HttpResult> }> = [
    { name: 'control: public search without as_of, both ways', distinct: searches, a: (i) => pub.get(searchPath(q(i), 'public')), b: (i) => pub.get(searchPath(q(i), 'public')) },
    { name: `public search, limit ${PAGE}`, distinct: searches, a: (i) => pub.get(searchPath(q(i), 'public')), b: (i) => pub.get(searchPath(q(i), 'public', asOf)) },
    { name: `data API search mode=keyword, limit ${PAGE}`, distinct: searches, a: (i) => api.get(searchPath(q(i), 'api')), b: (i) => api.get(searchPath(q(i), 'api', asOf)) },
    { name: 'public paper lookup', distinct: lookupIds.length, a: (i) => pub.get(lookup(i)), b: (i) => pub.get(lookup(i, asOf)) },
    { name: `public cited-by, first page (limit ${PAGE})`, distinct: citedIds.length, a: (i) => pub.get(citedBy(i)), b: (i) => pub.get(citedBy(i, asOf)) },
    { name: `data API cited-by, first page (limit ${PAGE})`, distinct: citedIds.length, a: (i) => api.get(citedBy(i)), b: (i) => api.get(citedBy(i, asOf)) },
    { name: `data API related papers of a cited paper (limit ${RELATED_LIMIT})`, distinct: citedIds.length, a: (i) => api.get(related(i)), b: (i) => api.get(related(i, asOf)) },
  ];
  // Related papers as of a release also read its vectors, built in the background after the live vector index.
  for (;;) {
    const res = await api.get(related(0, asOf));
    if (res.status === 200) break;
    if (res.status !== 503 || !/"(release_preparing|ranking_unavailable)"/.test(res.body)) throw new Error(`related papers as of ${asOf} answered ${res.status}: ${res.body.slice(0, 300)}; gx output ends:\n${gx.tail()}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const rows: Row[] = [];
  for (const kind of kinds) {
    const warmup = Math.min(kind.distinct, MAX_WARMUP_PAIRS);
    progress(`${kind.name}: ${warmup} + ${PAIRS} pairs, without and with as_of=${asOf} in alternation`);
    rows.push({ name: kind.name, warmup, figures: await interleaved(kind.name, kind.a, kind.b, { pairs: PAIRS, warmup, blocks: BLOCKS }) });
  }
  return rows;
}

/** A status is an answer (anything but no connection and 503 release_preparing). */
const answered = (status: number) => status !== 0 && status !== 503;

/**
 * Polls `url` every POLL_MS (a fresh connection each) until `done(status, body)`; the time from
 * `since`, and the 503s received meanwhile. An answer that is not 200 ends the bench. `meanwhile`
 * is sent (and timed) between two polls: what other requests meet while a release's index is prepared.
 */
async function firstStatus(
  gx: SpawnedGx,
  url: string,
  done: (status: number, body: string) => boolean,
  since: number,
  meanwhile?: (i: number) => Promise<HttpResult>,
): Promise<FirstAnswer> {
  let preparing = 0;
  const times: number[] = [];
  // The slowest request of the wait, polls included (a stall of the server's event loop delays whichever is in flight).
  let slowest = { ms: 0, sentAt: since };
  const timed = async <T>(send: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const out = await send();
    if (performance.now() - t0 > slowest.ms) slowest = { ms: performance.now() - t0, sentAt: t0 };
    return out;
  };
  for (let i = 0; ; i++) {
    if (gx.exited()) throw new Error(`gx exited while waiting for ${url}; its output ends:\n${gx.tail()}`);
    const res = await timed(() => probe(url, {}, 30_000));
    if (done(res.status, res.body)) {
      if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.slice(0, 300)}`);
      const now = performance.now();
      return { ms: now - since, preparing, ...(meanwhile && { meanwhile: latencySummary(times), slowest: { ms: slowest.ms, beforeMs: now - slowest.sentAt } }) };
    }
    if (res.status === 503) preparing++;
    if (performance.now() - since > START_TIMEOUT_MS) throw new Error(`GET ${url}: no answer within ${START_TIMEOUT_MS / 1000} s (last status ${res.status}); gx output ends:\n${gx.tail()}`);
    if (meanwhile) {
      const other = await timed(() => meanwhile(i));
      if (other.status !== 200) throw new Error(`a request sent meanwhile answered ${other.status}: ${other.body.slice(0, 300)}`);
      times.push(other.ms);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** The public search without as_of, a different query each time: what the corpus now is asked meanwhile. */
const liveSearch = (client: HttpClient) => (i: number) => client.get(searchPath(MISS_QUERIES[i % MISS_QUERIES.length]!, 'public'));

/** The old release's first search answer on a restarted server: from the spawn, and from its listeners' opening. */
async function firstOldAnswer(gx: SpawnedGx, client: HttpClient, oldId: string, listenMs: number): Promise<FirstAnswer> {
  const first = await firstStatus(gx, `${gx.publicUrl}${searchPath(MISS_QUERIES[1]!, 'public', oldId)}`, answered, gx.spawnedAt, liveSearch(client));
  return { ...first, afterListenMs: first.ms - listenMs };
}

/** A cut as `gx release create` and the daily ingest make it, timed, and the release tables' size after it. */
async function timedCut(db: Database, settings: Pick<ReleasesSettings, 'firstName' | 'retentionDays'>): Promise<Cut> {
  const t0 = performance.now();
  const outcome = await cutDatasetRelease(db, settings);
  const ms = performance.now() - t0;
  if (!outcome?.cut) throw new Error(`no release was cut: ${JSON.stringify(outcome)}`);
  const storage = await storageOf(db);
  // Planner statistics for the new rows, as autovacuum would gather them within a minute of the cut.
  await db.query('ANALYZE release_records, release_spans, release_citations, release_references');
  return { outcome, ms, storage };
}

async function storageOf(db: Database): Promise<Storage> {
  const { rows } = await db.query<Record<keyof Storage, string>>(
    `SELECT pg_total_relation_size('release_records') AS "releaseRecords", pg_total_relation_size('release_spans') AS "releaseSpans",
            pg_total_relation_size('release_citations') AS "releaseCitations", pg_total_relation_size('release_references') AS "releaseReferences",
            pg_total_relation_size('papers') AS papers,
            pg_total_relation_size('paper_references') AS "paperReferences"`,
  );
  const r = rows[0]!;
  return {
    releaseRecords: Number(r.releaseRecords),
    releaseSpans: Number(r.releaseSpans),
    releaseCitations: Number(r.releaseCitations),
    releaseReferences: Number(r.releaseReferences),
    papers: Number(r.papers),
    paperReferences: Number(r.paperReferences),
  };
}

async function sample(db: Database, sql: string, params: unknown[] = []): Promise<string[]> {
  return (await db.query<{ id: string }>(sql, params)).rows.map((r) => r.id);
}

/**
 * Changes the corpus through the loader as an ingest would: a new title for every hundredth
 * generated paper (CHANGE.changed), new generated papers (the generator's next records), and some
 * generated papers deleted. The generator's record n is the same whatever the count, so the loaded
 * ones are regenerated to be changed.
 */
async function changeCorpus(db: Database, papers: number): Promise<ReleasesSummary['change']> {
  const realLines = fs.readFileSync(REAL_PAPERS_FILE, 'utf8').split('\n').filter((line) => line.trim()).length;
  const generated = Math.max(0, papers - realLines);
  const counts = { changed: Math.round(papers * CHANGE.changed), added: Math.round(papers * CHANGE.added), removed: Math.round(papers * CHANGE.removed) };
  const all = generateDemoPapers({ count: generated + counts.added });
  const every = (n: number, offset: number) => Array.from({ length: n }, (_, k) => Math.floor((k * generated) / n) + offset).filter((i) => i < generated);
  const changedAt = every(counts.changed, 0);
  const taken = new Set(changedAt);
  const removedAt = every(counts.removed, 3).filter((i) => !taken.has(i));
  const lines: PaperInput[] = [...changedAt.map((i) => ({ ...all[i]!, title: `${all[i]!.title} (revised)` })), ...all.slice(generated)];
  const t0 = performance.now();
  const report = await loadPapers(recordsAsLines(lines), new PaperRepository(db));
  if (report.rejected.length > 0) throw new Error(`the change load rejected ${report.rejected.length} lines: ${report.rejected[0]!.error}`);
  const removedIds = removedAt.map((i) => {
    const parsed = parsePaperInput(all[i]!);
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.paper.id;
  });
  const removed = await db.query('DELETE FROM papers WHERE id = ANY($1::text[])', [removedIds]);
  return { changed: report.updated, added: report.inserted, removed: removed.rowCount ?? 0, loadMs: performance.now() - t0 };
}

/**
 * Builds release `id`'s keyword index here as `Releases` does in gx (the embedded engine, its
 * records read from the release tables in batches, saved under a folder of its own), timing each
 * batch's synchronous work, the checkpoint at the end, and the event loop's delays: what a request
 * arriving meanwhile at a serving process would wait.
 */
async function buildInProcess(db: Database, config: ReturnType<typeof loadConfig>, id: string): Promise<InProcessBuild> {
  const { rows } = await db.query<{ seq: number; papers: number }>('SELECT seq, papers FROM releases WHERE id = $1', [id]);
  const release = rows[0]!;
  const frozen = createFrozenKeywordIndex(config, `bench-build-${id}`, await new PaperChangeLog(db).databaseIdentity());
  const batchMs: number[] = [];
  let batchesDone = 0;
  async function* timedBatches() {
    for await (const batch of new ReleaseCorpus(db, release.seq).allInBatches()) {
      const handed = performance.now();
      yield batch;
      batchMs.push(performance.now() - handed);
    }
    batchesDone = performance.now();
  }
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const t0 = performance.now();
  delay.enable();
  try {
    await frozen.build(timedBatches());
  } finally {
    delay.disable();
  }
  const end = performance.now();
  await frozen.close();
  await frozen.drop();
  const batches = latencySummary(batchMs);
  return {
    release: id,
    papers: release.papers,
    ms: end - t0,
    batch: { n: batches.n, p50: batches.p50, max: Math.max(...batchMs) },
    checkpointMs: end - batchesDone,
    loopDelay: { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 },
  };
}

/** bench/results/releases-<papers>.json: the figures the docs quote, small enough to keep. */
function writeSummary(s: ReleasesSummary): string {
  const dir = path.join(projectRoot(), 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `releases-${s.firstCut.outcome.papers}.json`);
  fs.writeFileSync(file, `${JSON.stringify(s, null, 2)}\n`);
  return file;
}
