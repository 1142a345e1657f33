import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApiKey } from './support/api-key';
import { benchWorkspace, progress } from './support/bench-workspace';
import { Bm25Index, BM25_PARAMETERS, STEMMED_TOKENISER } from './support/bm25';
import { withCleanup, type Cleanup } from './support/cleanup';
import { REAL_PAPERS_FILE } from './support/corpus';
import type { GxSetting } from './support/gx-server';
import {
  available, crossLingualCollection, judgedCollection, judgedFiles, knownItemCollection, SCIFACT_DIR,
  type Availability, type Collection, type JudgedQuery, type QuerySet,
} from './support/relevance-collections';
import { macroAverage, scoreQuery, type QueryScores, type RelevanceFigures } from './support/relevance-metrics';
import { rarestWords } from './support/relevance-query-makers';
import { PAGE_SIZE, SearchDoors, type Door, type DoorAnswer } from './support/relevance-search';
import { BASELINES } from './support/relevance-baselines';
import { LexicalSide } from './support/relevance-lexical-side';
import { loadWithCli, RELEVANCE_SETTINGS, startRelevanceServer } from './support/relevance-server';
import { hybridWeightSetting, parseHybridWeights } from './support/relevance-weights';
import { printCollection, printRelevanceHeader, printRelevanceSummary, printSkipped } from './support/relevance.report';

/** The rarest-words comparison pages through at most this many matches of each query. */
const MATCH_SET_CAP = 1_000;
const RAREST_WORDS = 3;
/** Error codes shown per row. */
const TOP_ERRORS = 3;

const DOOR_LABELS: Record<Door, string> = {
  public: 'public door',
  keyword: 'data API keyword',
  vector: 'data API vector',
  hybrid: 'data API hybrid',
};

export interface RelevanceRow {
  label: string;
  /** A baseline row (`BASELINES`), or a door. */
  baseline?: boolean;
  figures: RelevanceFigures;
  /** The most frequent problem codes of the answers that were not 2xx, with their counts. */
  errors: [string, number][];
  /** Returned ids that are no document of the collection (should be 0). */
  unmapped: number;
  /** Rarest-words rows: the mean size of the match sets fetched, how many hit the cap, and in how many the order can matter (≥ 2 papers, a relevant one among them). */
  meanMatches?: number;
  capped?: number;
  orderMatters?: number;
}

export interface CollectionResult {
  key: Collection['key'];
  title: string;
  notes: string[];
  documents: number;
  loadSummary: string;
  startupMs: number;
  wallMs: number;
  knownItem: boolean;
  sets: SetResult[];
  rarest?: { queries: number; notes: string[]; rows: RelevanceRow[] };
}

export interface SetResult {
  label: string;
  short: string;
  queries: number;
  rows: RelevanceRow[];
  /** For a set of questions: the `short` of the set they were made from, and each form's figures by row. */
  questionsOf?: string;
  forms?: { form: string; heldOut: boolean; rows: { label: string; figures: RelevanceFigures }[] }[];
}

export interface RelevanceSummary {
  bench: 'relevance';
  date: string;
  database: string;
  settings: readonly GxSetting[];
  bm25: typeof BM25_PARAMETERS;
  collections: CollectionResult[];
  skipped: { collection: string; reason: string }[];
  wallMs: number;
}

interface CollectionPlan {
  name: string;
  availability: () => Availability;
  build: (tmp: string) => Promise<Collection>;
}

const PLANS: readonly CollectionPlan[] = [
  { name: 'SciFact', availability: () => available(judgedFiles(SCIFACT_DIR)), build: () => judgedCollection(SCIFACT_DIR) },
  { name: 'Known-item, real corpus', availability: () => available([REAL_PAPERS_FILE]), build: () => knownItemCollection() },
  { name: 'Cross-lingual known-item', availability: () => ({ ok: true }), build: (tmp) => crossLingualCollection(tmp) },
];

/** A collection named with `--eval=DIR`: a folder in the judged collections' format (documents, queries, judgements). */
const evalPlan = (dir: string): CollectionPlan => ({
  name: path.basename(dir),
  availability: () => available(judgedFiles(dir)),
  build: () => judgedCollection(dir),
});

/**
 * `npm run bench -- --only=relevance`: how well the two doors rank, judged, through HTTP, against
 * three baselines computed in the same run on the same documents (DESIGN §4a): a textbook BM25, the
 * same BM25 over the product's stemming analyzer, and the product's own lexical side alone (hybrid
 * mode's ranked retrieval without the vector side); each mode is reported as a ratio to the best of
 * them. Three collections, each in its own scratch database and DATA_DIR, loaded with `gx load
 * papers`, served by `gx start --target all` on the embedded defaults (the embedder is the one the
 * EMBEDDING_* variables of the bench's environment configure, the lexical one when none is set):
 * SciFact (expert judgements; the claims as written and as questions in tuned and held-out forms;
 * also reduced to each claim's three rarest words, where the doors' order within their own AND match
 * set is set against BM25's order of exactly that set), known items of the real corpus (two title
 * words in either order, and as questions), and cross-lingual known items of the generated demo
 * corpus (see relevance-collections.ts for how the queries are drawn and how repeated demo titles are
 * handled). A collection whose files are absent is skipped with the reason. Figures are information, never assertions.
 *
 * It runs only when named (about a minute): it judges rankings, not cost, so it belongs
 * to whoever changes the ranking, and the default `npm run bench` stays a run of timings.
 */
export async function runRelevanceBench(options: { cpuProfDir?: string; evalDirs?: string; hybridWeights?: string } = {}): Promise<RelevanceSummary> {
  // Collections named with --eval=DIR[,DIR…] (e.g. held out from tuning) instead of the three above.
  const plans = options.evalDirs ? options.evalDirs.split(',').filter(Boolean).map((d) => evalPlan(path.resolve(d))) : PLANS;
  // --hybrid-weights=W[,W…]: hybrid mode again at each lexical share (see `runHybridWeights`).
  const weights = parseHybridWeights(options.hybridWeights);
  const started = performance.now();
  const date = new Date().toISOString().slice(0, 10);
  const collections: CollectionResult[] = [];
  const skipped: RelevanceSummary['skipped'] = [];
  let database = '';
  printRelevanceHeader(date);
  for (const plan of plans) {
    const availability = plan.availability();
    if (!availability.ok) {
      progress(`${plan.name}: skipped (${availability.reason})`);
      skipped.push({ collection: plan.name, reason: availability.reason });
      printSkipped(plan.name, availability.reason);
      continue;
    }
    const result = await withCleanup(async (cleanup) => {
      const { tmp, db } = await benchWorkspace(cleanup);
      database = db.server;
      return runCollection(plan, tmp, db.url, cleanup, weights);
    });
    printCollection(result);
    collections.push(result);
  }
  const summary: RelevanceSummary = { bench: 'relevance', date, database, settings: RELEVANCE_SETTINGS, bm25: BM25_PARAMETERS, collections, skipped, wallMs: performance.now() - started };
  printRelevanceSummary(summary);
  return summary;
}

async function runCollection(plan: CollectionPlan, tmp: string, databaseUrl: string, cleanup: Cleanup, weights: readonly number[] = []): Promise<CollectionResult> {
  const t0 = performance.now();
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  progress(`${plan.name}: reading the documents and making the queries`);
  const collection = await plan.build(tmp);
  progress(`${plan.name}: gx load papers ${collection.loadFile}`);
  const loadSummary = await loadWithCli(databaseUrl, dataDir, collection.loadFile);
  progress(`${plan.name}: issuing an Internal key (unlimited plan)`);
  const key = await createApiKey(databaseUrl, { plan: 'internal' });
  progress(`${plan.name}: starting gx and waiting for its vector index`);
  const ts = performance.now();
  const gx = await startRelevanceServer(cleanup, { databaseUrl, dataDir });
  const startupMs = performance.now() - ts;
  const doors = new SearchDoors(gx.publicUrl, gx.apiUrl, key.token);
  cleanup.addSync('close the http clients', () => doors.close());

  progress(`${plan.name}: the lexical side alone, in process`);
  const lexical = await LexicalSide.open(databaseUrl);
  cleanup.add('close the in-process lexical side', () => lexical.close());
  const baselines: Baselines = { bm25: new Bm25Index(collection.records.documents), stemmed: new Bm25Index(collection.records.documents, STEMMED_TOKENISER), lexical };
  const bm25 = baselines.bm25;
  const known = new Set(collection.records.documents.map((d) => d.id));
  const sets: SetResult[] = [];
  for (const set of collection.querySets) sets.push(await runQuerySet(plan.name, set, doors, baselines, known));
  const rarest = collection.loadFile === judgedFiles(SCIFACT_DIR)[0] ? await runRarestWords(collection.querySets[0]!.queries, doors, bm25, known) : undefined;
  if (weights.length > 0) {
    await gx.stop(10_000);
    await runHybridWeights(plan.name, collection.querySets, sets, weights, { cleanup, databaseUrl, dataDir, token: key.token, known });
  }
  return {
    key: collection.key,
    title: collection.title,
    notes: collection.notes,
    documents: collection.records.documents.length,
    loadSummary: loadSummary.replace(/^.*?:\s*/, ''),
    startupMs,
    wallMs: performance.now() - t0,
    knownItem: collection.knownItem,
    sets,
    rarest,
  };
}

interface Baselines {
  bm25: Bm25Index;
  stemmed: Bm25Index;
  lexical: LexicalSide;
}

/**
 * The baselines first (BM25 as the textbook has it, BM25 over the product's analyzer, the product's
 * lexical side alone), then each door the set is sent to, each over all the queries of the set; for
 * questions, each form's figures too.
 */
async function runQuerySet(name: string, set: QuerySet, doors: SearchDoors, baselines: Baselines, known: ReadonlySet<string>): Promise<SetResult> {
  const scored: { label: string; baseline: boolean; scores: QueryScores[]; tally?: Tally }[] = [];
  scored.push({ label: BASELINES.bm25, baseline: true, scores: set.queries.map((q) => scoreQuery(baselines.bm25.rank(q.text, PAGE_SIZE), q.judged)) });
  scored.push({ label: BASELINES.stemmed, baseline: true, scores: set.queries.map((q) => scoreQuery(baselines.stemmed.rank(q.text, PAGE_SIZE), q.judged)) });
  const lexical: QueryScores[] = [];
  const lexicalTally = new Tally(known);
  for (const q of set.queries) lexical.push(scoreQuery(lexicalTally.ids(await baselines.lexical.rank(q.text, PAGE_SIZE)), q.judged));
  scored.push({ label: BASELINES.lexical, baseline: true, scores: lexical, tally: lexicalTally });
  for (const door of set.doors) {
    progress(`${name}: ${set.label}: ${set.queries.length} queries to the ${DOOR_LABELS[door]}`);
    const tally = new Tally(known);
    const scores: QueryScores[] = [];
    for (const q of set.queries) scores.push(scoreQuery(tally.ids(await doors.search(door, q.text)), q.judged));
    scored.push({ label: DOOR_LABELS[door], baseline: false, scores, tally });
  }
  const rows = scored.map((s) => ({ ...row(s.label, s.scores, s.tally), ...(s.baseline && { baseline: true }) }));
  const forms = [...new Set(set.queries.flatMap((q) => (q.form ? [q.form] : [])))].map((form) => ({
    form: form.name,
    heldOut: form.heldOut,
    rows: scored.map((s) => ({ label: s.label, figures: macroAverage(s.scores.filter((_, i) => set.queries[i]!.form === form)) })),
  }));
  return { label: set.label, short: set.short, queries: set.queries.length, rows, ...(set.questionsOf && { questionsOf: set.questionsOf }), ...(forms.length && { forms }) };
}

/**
 * Each claim reduced to its three rarest words, in keyword mode on both doors: the door's own order
 * of its whole AND match set (paged, up to 1,000) against BM25's order of exactly that set, on the
 * same queries; BM25's any-term ranking of the same words first, for reference.
 */
async function runRarestWords(claims: JudgedQuery[], doors: SearchDoors, bm25: Bm25Index, known: ReadonlySet<string>): Promise<NonNullable<CollectionResult['rarest']>> {
  const queries = claims
    .map((q) => ({ ...q, text: rarestWords(q.text, (t) => bm25.documentFrequency(t), RAREST_WORDS).join(' ') }))
    .filter((q) => q.text !== '');
  const short = queries.filter((q) => q.text.split(' ').length < RAREST_WORDS).length;
  const rows = [row(`${BASELINES.bm25}, same ${RAREST_WORDS} words`, queries.map((q) => scoreQuery(bm25.rank(q.text, PAGE_SIZE), q.judged)))];
  for (const door of ['public', 'keyword'] as const) {
    progress(`SciFact: three rarest words: ${queries.length} match sets from the ${DOOR_LABELS[door]}`);
    const tally = new Tally(known);
    const own: QueryScores[] = [];
    const reranked: QueryScores[] = [];
    let matches = 0;
    let capped = 0;
    let orderMatters = 0;
    for (const q of queries) {
      const set = await doors.matchSet(door, q.text, MATCH_SET_CAP);
      const ids = tally.ids(set.answer);
      if (set.capped) capped++;
      if (ids && ids.length >= 2 && ids.some((id) => (q.judged.get(id) ?? 0) > 0)) orderMatters++;
      matches += ids?.length ?? 0;
      own.push(scoreQuery(ids, q.judged));
      reranked.push(scoreQuery(ids && bm25.rerank(q.text, ids), q.judged));
    }
    const answered = own.filter((s) => s.answered).length;
    const extra = { meanMatches: answered ? matches / answered : 0, capped, orderMatters };
    rows.push({ ...row(`${DOOR_LABELS[door]}: its order`, own, tally), ...extra });
    rows.push({ ...row(`${DOOR_LABELS[door]}: its matches in BM25 order`, reranked, tally), ...extra, unmapped: 0 });
  }
  const notes = [
    `words = BM25 tokens of ≥ 2 characters that occur in the corpus, the ${RAREST_WORDS} of lowest document frequency, in claim order${short ? ` (${short} claims have fewer)` : ''}`,
    `keyword mode; each door's whole AND match set, paged ${PAGE_SIZE} at a time up to ${MATCH_SET_CAP.toLocaleString('en-US')} papers`,
    "'in BM25 order' = exactly that door's matches re-ranked by the bench BM25 (ties by id), over the same queries",
    "'order matters' = queries whose match set holds ≥ 2 papers, a relevant one among them (elsewhere both orders score the same)",
  ];
  return { queries: queries.length, notes, rows };
}

/** Counts a door's failures by code and the ids it returned that the collection does not hold. */
class Tally {
  readonly errors = new Map<string, number>();
  unmapped = 0;

  constructor(private readonly known: ReadonlySet<string>) {}

  ids(answer: DoorAnswer): string[] | undefined {
    if ('error' in answer) {
      this.errors.set(answer.error, (this.errors.get(answer.error) ?? 0) + 1);
      return undefined;
    }
    this.unmapped += answer.ids.filter((id) => !this.known.has(id)).length;
    return answer.ids;
  }
}

function row(label: string, scores: QueryScores[], tally?: Tally): RelevanceRow {
  const errors = [...(tally?.errors ?? [])].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, TOP_ERRORS);
  return { label, figures: macroAverage(scores), errors, unmapped: tally?.unmapped ?? 0 };
}

/**
 * `--hybrid-weights=W[,W…]`: for each lexical share W, the server is started again with
 * HYBRID_LEXICAL_WEIGHT=W on the same database and DATA_DIR (its indexes are reopened, nothing is
 * embedded again) and every query set is asked in hybrid mode once more: one row per weight beside
 * the others, to choose the setting for the embedding configuration under evaluation
 * (docs/configuration.md, "Choosing the hybrid weight").
 */
async function runHybridWeights(
  name: string,
  querySets: readonly QuerySet[],
  sets: { label: string; rows: RelevanceRow[] }[],
  weights: readonly number[],
  server: { cleanup: Cleanup; databaseUrl: string; dataDir: string; token: string; known: ReadonlySet<string> },
): Promise<void> {
  for (const weight of weights) {
    progress(`${name}: restarting gx with HYBRID_LEXICAL_WEIGHT=${weight}`);
    const gx = await startRelevanceServer(server.cleanup, { databaseUrl: server.databaseUrl, dataDir: server.dataDir, settings: [hybridWeightSetting(weight)] });
    const doors = new SearchDoors(gx.publicUrl, gx.apiUrl, server.token);
    try {
      for (const [i, set] of querySets.entries()) {
        progress(`${name}: ${set.label}: ${set.queries.length} queries in hybrid mode, lexical weight ${weight}`);
        const tally = new Tally(server.known);
        const scores: QueryScores[] = [];
        for (const q of set.queries) scores.push(scoreQuery(tally.ids(await doors.search('hybrid', q.text)), q.judged));
        sets[i]!.rows.push(row(`${DOOR_LABELS.hybrid}, lexical weight ${weight}`, scores, tally));
      }
    } finally {
      doors.close();
      await gx.stop(10_000);
    }
  }
}
