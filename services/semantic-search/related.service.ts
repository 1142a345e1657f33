import { EmbeddingError } from '../../modules/embeddings';
import { type KeywordIndex, RankingUnavailableError } from '../../modules/keyword-index';
import type { PaperRepository, RelatedGraphReads } from '../../modules/papers';
import type { FrozenVectorSearch, VectorFilter, VectorHit, VectorSearchParts } from '../../modules/vector-index';
import { notFound, ProblemError } from '../../shared/errors/problem';
import type { Paper } from '../../shared/papers/paper.schema';
import { GivenWorks, lexicalNeighbours, onePerWork, type RelatedFilters } from '../../shared/papers/related-papers';
import { fusedScores, type RankedList } from './reciprocal-rank-fusion';
import type { RecommendationParams, RelatedParams } from './related-params';
import type { RecommendationsAnswer, RelatedAnswer, RelatedSemanticPaper, RelatedSignal } from './related-response.schema';
import { toSemanticPaper } from './semantic-paper';

/** Candidates each signal contributes to the fusion: twice the page, at least 50 (ranks past that add under 1/110 each). */
export const MIN_SIGNAL_DEPTH = 50;
export const signalDepth = (limit: number) => Math.max(MIN_SIGNAL_DEPTH, 2 * limit);
/** The deepest the vector signal reads when the filters it cannot apply inside the index (year, since) leave too few. */
const MAX_VECTOR_DEPTH = 1_000;
/** Rocchio's weight of the negatives' mean in a recommendation's query vector (the positives' mean weighs 1). */
export const ROCCHIO_NEGATIVE_WEIGHT = 0.25;
/** How much of the negatives' fused score a candidate loses: near a negative as near a positive, it keeps half its score. */
export const NEGATIVE_FUSION_WEIGHT = 0.5;
/**
 * Each signal's weight in the fusion. The citation signals weigh twice the others: a shared
 * reference or a shared citing paper is a link an author made, where word and embedding similarity
 * are inferred, and a graph list is short (a paper cited together with this one by four papers,
 * found by co-citation alone, then ranks with a paper that both others rank first, not below every
 * paper they both hold somewhere).
 */
export const SIGNAL_WEIGHTS: Readonly<Record<RelatedSignal, number>> = { vector: 1, bibliographic_coupling: 2, co_citation: 2, lexical: 1 };
/**
 * A rank says nothing of how much a citation signal found: one reference shared with seven papers
 * would rank first like four papers citing both. So a graph candidate gets its signal's weight in
 * proportion to its evidence, its Adamic–Adar score, in full from a score of 1 (about one link only
 * the two papers share); word and vector similarity rank every paper, and keep their weight.
 */
const graphStrength = (score: number) => Math.min(1, score);
const GRAPH_SIGNALS: ReadonlySet<RelatedSignal> = new Set(['bibliographic_coupling', 'co_citation']);

/** One signal's candidate: a paper, its work, its score in that signal, and the ranked hit that holds the paper when the signal has one. */
interface Candidate {
  id: string;
  work_id: string;
  score: number;
  hit?: { paper: Paper };
}

type Outcome = { signal: RelatedSignal; candidates: Candidate[] } | { signal: RelatedSignal; unavailable: string };

/** A signal that cannot be consulted now: the answer comes from the others and says so. */
class SignalUnavailable extends Error {}

/** The vector signal's reads: the live index, or a release's vectors. */
export interface RelatedVectors {
  /** Why the signal cannot answer now (undefined: it can). */
  unavailable(): string | undefined;
  /** The papers' passage vectors, by id (see `VectorSearchParts.storedVectors`). */
  storedVectors(ids: string[]): Promise<Map<string, Float32Array>>;
  search(query: Float32Array, filter: VectorFilter, depth: number): Promise<VectorHit[]>;
}

/** The live vector index's reads. */
export const liveVectors = (parts: VectorSearchParts): RelatedVectors => ({
  unavailable: () => parts.unavailable()?.reason,
  storedVectors: (ids) => parts.storedVectors(ids),
  search: (query, filter, depth) => parts.index.search(query, filter, depth),
});

/** A release's vectors: each paper's as the release held it, searched exactly. */
export const frozenVectors = (frozen: FrozenVectorSearch): RelatedVectors => ({
  unavailable: () => undefined,
  storedVectors: async (ids) => frozen.vectorsOf(ids),
  search: async (query, filter, depth) => frozen.search(query, filter, depth),
});

/** What the signals read: the corpus now, or as it was in a release (`as_of`). */
export interface RelatedSources {
  keywordIndex: KeywordIndex;
  /** Undefined: no vector index or embedder in this process. */
  vectors?: RelatedVectors;
  papers: Pick<PaperRepository, 'findByIds'>;
  neighbours: RelatedGraphReads;
  /**
   * A signal still being prepared is left out of an answer about the corpus now; an answer as of a
   * release, which never changes, waits for it instead: a 503 with Retry-After.
   */
  waitsForSignals?: boolean;
}

/** How a signal set finds its query vector (undefined: the papers have no stored vector). */
type QueryVector = (vectors: RelatedVectors) => Promise<Float32Array | undefined>;

/**
 * Related papers and recommendations on the data API: four signals, each a list of candidates that
 * pass the filters and are no version of a given paper, fused by reciprocal rank fusion (by work:
 * each work once, shown by the version that ranked best):
 *  - `vector`: nearest neighbours of the stored embedding (a recommendation: Rocchio's query vector);
 *  - `bibliographic_coupling`: papers sharing references with the given ones;
 *  - `co_citation`: papers cited together with them by the same papers;
 *  - `lexical`: the public door's "more like this" query through the keyword index's ranked retrieval.
 * A signal that cannot answer now (the vector index still being built, the ranked index still being
 * prepared) is left out and named in `signals_unavailable`, never a 503 for that alone (as of a release,
 * whose answers never change, one being prepared is a 503 instead: `waitsForSignals`).
 */
export class RelatedPapersService {
  /** `live`: the corpus now; each call may name other sources (a release's, for `as_of`). */
  constructor(private readonly live: RelatedSources) {}

  async related(id: string, p: RelatedParams, from: RelatedSources = this.live): Promise<RelatedAnswer> {
    const [paper] = await from.papers.findByIds([id]);
    if (!paper) throw notFound(`No paper with id ${id}.`);
    const given = new GivenWorks([paper]);
    const outcomes = await this.signals(from, [paper], (vectors) => storedVector(vectors, paper.id), p.filters, given, p.limit);
    const page = await this.page(from, fuse(outcomes), p.limit);
    return { paper_id: paper.id, count: page.length, limit: p.limit, results: page, ...signalReport(outcomes) };
  }

  async recommend(p: RecommendationParams, from: RelatedSources = this.live): Promise<RecommendationsAnswer> {
    const found = new Map((await from.papers.findByIds([...p.positive, ...p.negative])).map((paper) => [paper.id, paper]));
    const unknown = [...p.positive, ...p.negative].filter((id) => !found.has(id));
    if (unknown.length > 0) {
      throw new ProblemError(400, 'unknown_paper', `No paper has ${unknown.length === 1 ? 'this id' : 'these ids'}: ${unknown.join(', ')}.`, { unknown_ids: unknown });
    }
    const positives = p.positive.map((id) => found.get(id)!);
    const negatives = p.negative.map((id) => found.get(id)!);
    // Never a given paper nor a version of one, whichever list it came in.
    const given = new GivenWorks([...positives, ...negatives]);
    const [liked, disliked] = await Promise.all([
      this.signals(from, positives, (vectors) => rocchio(vectors, p.positive, p.negative), p.filters, given, p.limit),
      negatives.length > 0 ? this.signals(from, negatives, (vectors) => meanVector(vectors, p.negative), p.filters, given, p.limit) : Promise.resolve([]),
    ]);
    const page = await this.page(from, fuse(liked, disliked), p.limit);
    return { positive: p.positive, negative: p.negative, count: page.length, limit: p.limit, results: page, ...signalReport([...liked, ...disliked]) };
  }

  /** Every signal for these papers at once, each reporting its candidates or why it could not answer. */
  private async signals(from: RelatedSources, papers: Paper[], queryVector: QueryVector, filters: RelatedFilters, exclude: GivenWorks, limit: number): Promise<Outcome[]> {
    const seeds = new GivenWorks(papers).seeds;
    const works = [...exclude.works];
    const depth = signalDepth(limit);
    const run = async (signal: RelatedSignal, read: () => Promise<Candidate[]>): Promise<Outcome> => {
      try {
        return { signal, candidates: await read() };
      } catch (err) {
        if (err instanceof SignalUnavailable) return { signal, unavailable: err.message };
        throw err;
      }
    };
    // The graph signals' reads are sent first; the in-process work (the HNSW search, the lexical
    // ranking) waits for the event loop's next turn, so Postgres works on the reads meanwhile
    // instead of after it (the process has one thread, and the reads leave only once it yields).
    const inProcess = <T>(work: () => Promise<T>) => async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return work();
    };
    const [coupling, coCitation, vector, lexical] = await Promise.all([
      run('bibliographic_coupling', async () => onePerWork(await from.neighbours.coupled(seeds, filters, works, depth), (c) => c.work_id)),
      run('co_citation', async () => onePerWork(await from.neighbours.coCited(seeds, filters, works, depth), (c) => c.work_id)),
      run('vector', inProcess(() => this.nearest(from, queryVector, filters, exclude, limit))),
      run('lexical', inProcess(() => this.lexical(from, papers, filters, exclude, depth))),
    ]);
    return [vector, coupling, coCitation, lexical];
  }

  /**
   * Nearest neighbours of the query vector. Topic and language apply inside the index; year and
   * `since` (which its payload does not hold) are checked against Postgres with the given works, and
   * the index is read deeper (four times as deep each time, up to 1,000) while fewer than `limit` pass.
   */
  private async nearest(from: RelatedSources, queryVector: QueryVector, filters: RelatedFilters, exclude: GivenWorks, limit: number): Promise<Candidate[]> {
    const vectors = from.vectors;
    if (!vectors) throw new SignalUnavailable('No vector index or embedder is configured.');
    const unavailable = vectors.unavailable();
    if (unavailable) throw new SignalUnavailable(unavailable);
    let query: Float32Array | undefined;
    try {
      query = await queryVector(vectors);
    } catch (err) {
      if (err instanceof EmbeddingError) throw new SignalUnavailable('The embedding service failed or timed out.');
      throw err;
    }
    if (!query) return [];
    const want = signalDepth(limit);
    for (let depth = want + exclude.ids.size; ; depth = Math.min(MAX_VECTOR_DEPTH, depth * 4)) {
      let hits;
      try {
        hits = await vectors.search(query, { topic: filters.topic, langs: filters.langs }, depth);
      } catch {
        throw new SignalUnavailable('The vector index cannot be reached.');
      }
      const passing = await from.neighbours.passing(
        hits.map((h) => h.id),
        filters,
        [...exclude.works],
      );
      const kept = onePerWork(
        hits.flatMap((h) => (passing.has(h.id) && !exclude.ids.has(h.id) ? [{ id: h.id, work_id: passing.get(h.id)!, score: h.score }] : [])),
        (c) => c.work_id,
      );
      if (kept.length >= limit || hits.length < depth || depth >= MAX_VECTOR_DEPTH) return kept.slice(0, want);
    }
  }

  private async lexical(from: RelatedSources, papers: Paper[], filters: RelatedFilters, exclude: GivenWorks, depth: number): Promise<Candidate[]> {
    try {
      const hits = await lexicalNeighbours(from.keywordIndex, papers, filters, exclude, depth);
      return hits.map((h) => ({ id: h.id, work_id: h.work_id, score: h.score, hit: h }));
    } catch (err) {
      if (err instanceof RankingUnavailableError && from.waitsForSignals) {
        throw new ProblemError(503, 'ranking_unavailable', 'The ranked index of the lexical signal is still being prepared; retry shortly.', {}, { 'Retry-After': String(err.retryAfterSeconds) }).because(err);
      }
      if (err instanceof RankingUnavailableError) throw new SignalUnavailable('The ranked index of the lexical signal is still being prepared after a start.');
      throw new SignalUnavailable('The keyword index cannot be reached.');
    }
  }

  /** The best `limit` works as records, each shown by the version that ranked best. */
  private async page(from: RelatedSources, fused: FusedWork[], limit: number): Promise<RelatedSemanticPaper[]> {
    const top = fused.slice(0, limit);
    const missing = top.filter((w) => !w.shown.hit).map((w) => w.shown.id);
    const read = missing.length > 0 ? new Map((await from.papers.findByIds(missing)).map((paper) => [paper.id, paper])) : new Map<string, Paper>();
    return top.flatMap((w) => {
      const paper = w.shown.hit?.paper ?? read.get(w.shown.id);
      if (!paper) return []; // removed since the signals read it
      return [{ ...toSemanticPaper(paper, { vector: w.scores.vector ?? null, keyword: w.scores.lexical ?? null }), related_score: w.score, signals: w.signals }];
    });
  }
}

interface FusedWork {
  work: string;
  score: number;
  signals: RelatedSignal[];
  /** The version shown: the one with the best rank in any signal. */
  shown: Candidate;
  /** The work's score in each signal that found it. */
  scores: Partial<Record<RelatedSignal, number>>;
}

/**
 * The candidates of the signals that answered, fused by work (weighted reciprocal rank fusion), minus
 * `NEGATIVE_FUSION_WEIGHT` times the negatives' fused score of the same work; best first, ties by work.
 */
function fuse(liked: Outcome[], disliked: Outcome[] = []): FusedWork[] {
  const answered = (outcomes: Outcome[]) => outcomes.flatMap((o) => ('candidates' in o ? [o] : []));
  const lists = (outcomes: Outcome[]): RankedList<RelatedSignal>[] =>
    answered(outcomes).map((o) => ({
      signal: o.signal,
      ids: o.candidates.map((c) => c.work_id),
      weight: SIGNAL_WEIGHTS[o.signal],
      ...(GRAPH_SIGNALS.has(o.signal) && { strengths: o.candidates.map((c) => graphStrength(c.score)) }),
    }));
  const positive = fusedScores(lists(liked));
  const negative = fusedScores(lists(disliked));
  const shown = new Map<string, { rank: number; candidate: Candidate }>();
  const scores = new Map<string, Partial<Record<RelatedSignal, number>>>();
  for (const o of answered(liked)) {
    o.candidates.forEach((c, rank) => {
      const best = shown.get(c.work_id);
      if (!best || rank < best.rank) shown.set(c.work_id, { rank, candidate: c });
      scores.set(c.work_id, { ...scores.get(c.work_id), [o.signal]: c.score });
    });
  }
  return [...positive.values()]
    .map((f) => ({
      work: f.id,
      score: f.score - NEGATIVE_FUSION_WEIGHT * (negative.get(f.id)?.score ?? 0),
      signals: f.signals,
      shown: shown.get(f.id)!.candidate,
      scores: scores.get(f.id) ?? {},
    }))
    .sort((a, b) => b.score - a.score || (a.work < b.work ? -1 : a.work > b.work ? 1 : 0));
}

/** Which signals answered, and why the others did not (absent when every one answered). */
function signalReport(outcomes: Outcome[]): Pick<RelatedAnswer, 'signals_used' | 'signals_unavailable'> {
  const used = [...new Set(outcomes.flatMap((o) => ('candidates' in o ? [o.signal] : [])))];
  const missing = new Map<RelatedSignal, string>();
  for (const o of outcomes) if ('unavailable' in o && !missing.has(o.signal)) missing.set(o.signal, o.unavailable);
  return { signals_used: used, ...(missing.size > 0 && { signals_unavailable: [...missing].map(([signal, reason]) => ({ signal, reason })) }) };
}

async function storedVector(vectors: RelatedVectors, id: string): Promise<Float32Array | undefined> {
  return (await vectors.storedVectors([id])).get(id);
}

/** The mean of the papers' stored vectors, each scaled to unit length (undefined when none has one). */
async function meanVector(vectors: RelatedVectors, ids: string[]): Promise<Float32Array | undefined> {
  return mean([...(await vectors.storedVectors(ids)).values()]);
}

/** Rocchio's query vector: the positives' mean − `ROCCHIO_NEGATIVE_WEIGHT` × the negatives' mean (unit vectors). */
async function rocchio(sources: RelatedVectors, positive: string[], negative: string[]): Promise<Float32Array | undefined> {
  const vectors = await sources.storedVectors([...positive, ...negative]);
  const liked = mean(positive.flatMap((id) => (vectors.has(id) ? [vectors.get(id)!] : [])));
  if (!liked) return undefined;
  const disliked = mean(negative.flatMap((id) => (vectors.has(id) ? [vectors.get(id)!] : [])));
  if (disliked) for (let i = 0; i < liked.length; i++) liked[i]! -= ROCCHIO_NEGATIVE_WEIGHT * disliked[i]!;
  return liked;
}

function mean(vectors: Float32Array[]): Float32Array | undefined {
  if (vectors.length === 0) return undefined;
  const out = new Float32Array(vectors[0]!.length);
  for (const v of vectors) {
    let norm = 0;
    for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
    const scale = norm > 0 ? 1 / (Math.sqrt(norm) * vectors.length) : 0;
    for (let i = 0; i < v.length; i++) out[i]! += v[i]! * scale;
  }
  return out;
}

