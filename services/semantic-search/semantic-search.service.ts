import { EmbeddingError } from '../../modules/embeddings';
import { badGateway, ProblemError, serviceUnavailable } from '../../shared/errors/problem';
import { type KeywordFilters, type KeywordHit, type KeywordIndex, RankingUnavailableError, searchPage, splitSuggestion, subsetSuggestion } from '../../modules/keyword-index';
import type { Paper } from '../../shared/papers/paper.schema';
import type { FrozenVectorSearch, VectorFilter, VectorHit, VectorSearchParts } from '../../modules/vector-index';
import { KEYWORD_SPLIT_LIMITS, SEMANTIC_WINDOWS, type SemanticParams } from './semantic-params';
import { toSemanticPaper } from './semantic-paper';
import type { z } from 'zod';
import type { semanticAnswerSchema } from './semantic.openapi';
import { highlightsOf } from '../../shared/text/highlight';
import { topicText } from '../../shared/text/question-words';

/** The text fields of the data API's record that keyword mode searches. */
const SEMANTIC_HIGHLIGHT_FIELDS = ['title', 'title_ja', 'title_en', 'abstract', 'ai_summary_en', 'ai_summary_ja', 'tags', 'primary_topic'];

/** How many candidates each side contributes to every hybrid answer (fixed, so pages are slices of one list). */
export const HYBRID_DEPTH = SEMANTIC_WINDOWS.hybrid;

export type SemanticSearchAnswer = z.output<typeof semanticAnswerSchema>;

/**
 * What a search as of a release (`as_of`) searches and reads instead of the corpus now: the release's
 * frozen keyword index, its frozen vector search (each asked for only by a mode that uses it: each
 * throws 503 `release_preparing` while it is prepared) and its records.
 */
export interface ReleaseSearchSources {
  keywordIndex(): KeywordIndex;
  vectors(): FrozenVectorSearch;
  papers: { findByIds(ids: string[]): Promise<Paper[]> };
}

/**
 * The data API's paper search (spec 001 §4.7). Keyword mode: the AND of substring matches of any
 * number of terms, served by the same KeywordIndex and text rules as the public search; when they find
 * nothing, a suggestion (an unspaced phrase's words, else the largest set of terms that finds papers). Vector mode: the query's embedding
 * matched to its nearest neighbours with the filters inside the search. Hybrid, for questions in
 * sentences: the keyword index's ranked any-term retrieval (BM25) and the vector search, fused by a
 * convex combination of their normalised scores (`fuse`). Without a vector index, vector and hybrid
 * modes answer 503 `vector_unavailable` and keyword mode keeps working. Every mode pages with
 * `offset` within its window. As of a release (`ReleaseSearchSources`) every mode searches the
 * release's own frozen keyword index and vectors and reads its records, so its answers never move.
 */
export class SemanticSearchService {
  constructor(private readonly deps: { keywordIndex: KeywordIndex; vector?: VectorSearchParts }) {}

  /** `release`: what to search as of a release (`as_of`); the corpus now by default. */
  async search(p: SemanticParams, release?: ReleaseSearchSources): Promise<SemanticSearchAnswer> {
    return (await this.page(p, release)).answer;
  }

  /**
   * The answer and the stored papers of its records, in its order (what a page's citation file is
   * made from). Every mode's page, and the export's, are read here, so a release (`as_of`) bounds
   * them all alike.
   */
  async page(p: SemanticParams, release?: ReleaseSearchSources): Promise<{ answer: SemanticSearchAnswer; papers: Paper[] }> {
    const keywordIndex = () => (release ? release.keywordIndex() : this.deps.keywordIndex);
    // author and since reach keyword mode only: the parameters refuse them in the others (`KEYWORD_ONLY`).
    const filters: KeywordFilters = { topic: p.topic, langs: p.langs, shelf: p.shelf, minDraftScore: p.minScore, yearFrom: p.yearFrom, yearTo: p.yearTo, venueType: p.venueType, author: p.author, addedSince: p.addedSince };
    const answer = (found: Array<{ record: SemanticSearchAnswer['data'][number]; paper: Paper }>, total?: number): { answer: SemanticSearchAnswer; papers: Paper[] } => {
      const records = found.map((f) => f.record);
      const data = p.highlightTerms.length > 0 ? records.map((r) => ({ ...r, highlights: highlightsOf(r, SEMANTIC_HIGHLIGHT_FIELDS, p.highlightTerms) })) : records;
      return { answer: { query: p.query, mode: p.mode, data, count: data.length, limit: p.limit, offset: p.offset, ...(total === undefined ? {} : { total }) }, papers: found.map((f) => f.paper) };
    };
    if (p.mode === 'keyword') {
      const index = keywordIndex();
      const { total, hits, facets, nextCursor } = await searchPage(index, { terms: p.terms, filters, offset: p.offset, limit: p.limit, sort: p.sort, facets: p.facets, collapse: p.collapse }, p.cursor);
      // Nothing found: the words of an unspaced phrase, else the most of the terms that find papers together.
      const asked = { query: p.query, total, filters, collapse: p.collapse };
      const suggestion = (await splitSuggestion(index, asked, KEYWORD_SPLIT_LIMITS)) ?? (await subsetSuggestion(index, asked, KEYWORD_SPLIT_LIMITS));
      const page = answer(hits.map((h) => ({ record: toSemanticPaper(h.paper, { vector: null, keyword: h.score }), paper: h.paper })), total);
      return { ...page, answer: { ...page.answer, ...(nextCursor && { next_cursor: nextCursor }), ...(facets && { facets }), ...(suggestion && { suggestion }) } };
    }
    if (p.mode === 'vector') {
      const page = (await this.nearest(p, filters, p.offset + p.limit, release)).slice(p.offset);
      const papers = await this.papersById(page.map((h) => h.id), release);
      return answer(page.flatMap((h) => (papers.has(h.id) ? [{ record: toSemanticPaper(papers.get(h.id)!, { vector: h.score, keyword: null }), paper: papers.get(h.id)! }] : [])));
    }
    // Both sides at once; a failure is reported lexical side first, so the answer does not depend on which failed sooner.
    const [lexicalSide, vectorSide] = await Promise.allSettled([this.ranked(keywordIndex, p.query, filters), this.nearest(p, filters, HYBRID_DEPTH, release)]);
    if (lexicalSide.status === 'rejected') throw lexicalSide.reason;
    if (vectorSide.status === 'rejected') throw vectorSide.reason;
    const [lexical, vector] = [lexicalSide.value, vectorSide.value];
    // The vector side answered, so there is one (`nearest` refuses without it).
    const page = fuse(lexical, vector, this.deps.vector!.lexicalWeight).slice(p.offset, p.offset + p.limit);
    // Keyword hits carry their papers; only the page's vector-only hits are read from the store.
    const papers = await this.papersById(page.filter((e) => !e.hit).map((e) => e.id), release);
    return answer(
      page.flatMap((e) => {
        const paper = (e.hit?.paper as Paper | undefined) ?? papers.get(e.id);
        return paper ? [{ record: { ...toSemanticPaper(paper, { vector: e.vector, keyword: e.keyword }), fused_score: e.score }, paper }] : [];
      }),
    );
  }

  /** Hybrid mode's lexical side. */
  private async ranked(keywordIndex: () => KeywordIndex, text: string, filters: KeywordFilters): Promise<KeywordHit[]> {
    try {
      return await keywordIndex().rank({ text, filters, limit: HYBRID_DEPTH });
    } catch (err) {
      if (!(err instanceof RankingUnavailableError)) throw err;
      throw new ProblemError(503, 'ranking_unavailable', 'The lexical index of hybrid mode is still being built; retry shortly, or use mode=keyword.', {}, {
        'Retry-After': String(err.retryAfterSeconds),
      }).because(err);
    }
  }

  /** The vector side: the live index, or as of a release its frozen vector search (exact, so the same every time). */
  private async nearest(p: SemanticParams, filters: KeywordFilters, limit: number, release?: ReleaseSearchSources): Promise<VectorHit[]> {
    const parts = this.deps.vector;
    if (!parts) throw serviceUnavailable('vector_unavailable', 'No vector index or embedder is configured; use mode=keyword.');
    const unavailable = parts.unavailable();
    if (unavailable) {
      const retry = unavailable.retryAfterSeconds;
      throw new ProblemError(503, 'vector_unavailable', unavailable.reason, {}, retry ? { 'Retry-After': String(retry) } : {});
    }
    // Before the query is embedded: a release's vectors being prepared is a 503 of its own.
    const frozen = release?.vectors();
    let query: Float32Array;
    try {
      // A question is embedded as its subject, the words that frame it left out (as the lexical side ranks it).
      [query] = (await parts.embedder.embedQueries([topicText(p.query)])) as [Float32Array];
    } catch (err) {
      if (err instanceof EmbeddingError) throw badGateway('embedding_failed', 'The embedding service failed or timed out; retry, or use mode=keyword.').because(err);
      throw err;
    }
    if (frozen) return frozen.search(query, vectorFilter(filters), limit);
    try {
      return await parts.index.search(query, filters, limit);
    } catch (err) {
      throw serviceUnavailable('vector_unavailable', 'The vector index cannot be reached; use mode=keyword.').because(err);
    }
  }

  /** The records of these ids: the release's (as it holds them), or the corpus's now. */
  private async papersById(ids: string[], release?: ReleaseSearchSources): Promise<Map<string, Paper>> {
    if (ids.length === 0 || !this.deps.vector) return new Map();
    return new Map((await (release?.papers ?? this.deps.vector.papers).findByIds(ids)).map((paper) => [paper.id, paper]));
  }
}

/** The filters a vector search applies inside it (the others are refused in vector and hybrid modes). */
const vectorFilter = (f: KeywordFilters): VectorFilter => ({ topic: f.topic, langs: f.langs, shelf: f.shelf, minDraftScore: f.minDraftScore });

interface Fused {
  id: string;
  /** Present when the keyword side found it: its hit holds the paper (decoded when read, for the page alone). */
  hit?: KeywordHit;
  keyword: number | null;
  vector: number | null;
  score: number;
}

/**
 * Convex combination of the two sides' scores, each min–max normalised over its own candidates:
 * `lexicalWeight · lexical + (1 − lexicalWeight) · vector`, a side that did not find a paper giving
 * it 0 (Bruch et al., "An Analysis of Fusion Functions for Hybrid Retrieval", ACM TOIS 2023: better
 * than reciprocal-rank fusion, because a confident side keeps its margin). Ties by id.
 */
function fuse(lexical: KeywordHit[], vector: VectorHit[], lexicalWeight: number): Fused[] {
  const fused = new Map<string, Fused>();
  const add = (id: string, side: 'keyword' | 'vector', score: number, share: number, hit?: KeywordHit) => {
    const entry = fused.get(id) ?? { id, keyword: null, vector: null, score: 0 };
    entry[side] = score;
    entry.hit ??= hit;
    entry.score += share;
    fused.set(id, entry);
  };
  const lexicalShare = normalised(lexical.map((h) => h.score));
  const vectorShare = normalised(vector.map((h) => h.score));
  lexical.forEach((hit, i) => add(hit.id, 'keyword', hit.score, lexicalWeight * lexicalShare[i]!, hit));
  vector.forEach((hit, i) => add(hit.id, 'vector', hit.score, (1 - lexicalWeight) * vectorShare[i]!));
  return [...fused.values()].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
}

/** Scores mapped onto 0–1 by their minimum and maximum (all 1 when they are equal). */
function normalised(scores: number[]): number[] {
  const max = Math.max(...scores);
  const min = Math.min(...scores);
  return scores.map((s) => (max > min ? (s - min) / (max - min) : 1));
}
