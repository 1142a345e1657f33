import { EmbeddingError } from '../../shared/embeddings/embedder.port';
import { badGateway, ProblemError, serviceUnavailable } from '../../shared/errors/problem';
import type { KeywordFilters, KeywordHit, KeywordIndex } from '../../shared/keyword-index/keyword-index.port';
import type { Paper } from '../../shared/papers/paper';
import type { VectorHit } from '../../shared/vector-index/vector-index.port';
import type { VectorSearchParts } from '../../shared/vector-index/vector-search.module';
import { SEMANTIC_WINDOWS, type SemanticParams } from './semantic-params';
import { toSemanticPaper, type SemanticPaper } from './semantic-paper';

/** Reciprocal-rank fusion constant (the usual 60): a paper's fused score is Σ 1 / (60 + rank). */
export const RRF_K = 60;
/** How many candidates each side contributes to every hybrid answer (fixed, so pages are slices of one list). */
export const HYBRID_DEPTH = SEMANTIC_WINDOWS.hybrid;

export interface SemanticSearchAnswer {
  query: string;
  mode: SemanticParams['mode'];
  data: (SemanticPaper & { fused_score?: number })[];
  count: number;
  limit: number;
  offset: number;
  /** Matches before the limit, in keyword mode (where it is cheap); absent in vector and hybrid modes. */
  total?: number;
}

/**
 * The data API's paper search (spec 001 §4.7). Keyword mode: the AND of substring matches, served
 * by the same KeywordIndex and text rules as the public search. Vector mode: the query's embedding
 * matched to its nearest neighbours with the filters inside the search. Hybrid: both, fused by
 * reciprocal rank. Without a vector index, vector and hybrid modes answer 503 `vector_unavailable`
 * and keyword mode keeps working. Every mode pages with `offset` within its window.
 */
export class SemanticSearchService {
  constructor(private readonly deps: { keywordIndex: KeywordIndex; vector?: VectorSearchParts }) {}

  async search(p: SemanticParams): Promise<SemanticSearchAnswer> {
    const filters: KeywordFilters = { topic: p.topic, langs: p.langs, shelf: p.shelf, minDraftScore: p.minScore };
    const answer = (data: SemanticSearchAnswer['data'], total?: number): SemanticSearchAnswer => ({
      query: p.query, mode: p.mode, data, count: data.length, limit: p.limit, offset: p.offset, ...(total === undefined ? {} : { total }),
    });
    if (p.mode === 'keyword') {
      const { total, hits } = await this.deps.keywordIndex.search({ terms: p.terms, filters, offset: p.offset, limit: p.limit });
      return answer(hits.map((h) => toSemanticPaper(h.paper, { vector: null, keyword: h.score })), total);
    }
    if (p.mode === 'vector') {
      const page = (await this.nearest(p, filters, p.offset + p.limit)).slice(p.offset);
      const papers = await this.papersById(page.map((h) => h.id));
      return answer(page.flatMap((h) => (papers.has(h.id) ? [toSemanticPaper(papers.get(h.id)!, { vector: h.score, keyword: null })] : [])));
    }
    const [keyword, vector] = await Promise.all([
      this.deps.keywordIndex.search({ terms: p.terms, filters, offset: 0, limit: HYBRID_DEPTH }),
      this.nearest(p, filters, HYBRID_DEPTH),
    ]);
    const page = fuse(keyword.hits, vector).slice(p.offset, p.offset + p.limit);
    // Keyword hits carry their papers; only the page's vector-only hits are read from the store.
    const papers = await this.papersById(page.filter((e) => !e.paper).map((e) => e.id));
    return answer(
      page.flatMap((e) => {
        const paper = e.paper ?? papers.get(e.id);
        return paper ? [{ ...toSemanticPaper(paper, { vector: e.vector, keyword: e.keyword }), fused_score: e.score }] : [];
      }),
    );
  }

  private async nearest(p: SemanticParams, filters: KeywordFilters, limit: number): Promise<VectorHit[]> {
    const parts = this.deps.vector;
    if (!parts) throw serviceUnavailable('vector_unavailable', 'No vector index or embedder is configured; use mode=keyword.');
    const unavailable = parts.unavailable();
    if (unavailable) {
      const retry = unavailable.retryAfterSeconds;
      throw new ProblemError(503, 'vector_unavailable', unavailable.reason, {}, retry ? { 'Retry-After': String(retry) } : {});
    }
    let query: Float32Array;
    try {
      [query] = (await parts.embedder.embedQueries([p.query])) as [Float32Array];
    } catch (err) {
      if (err instanceof EmbeddingError) throw badGateway('embedding_failed', 'The embedding service failed or timed out; retry, or use mode=keyword.').because(err);
      throw err;
    }
    try {
      return await parts.index.search(query, filters, limit);
    } catch (err) {
      throw serviceUnavailable('vector_unavailable', 'The vector index cannot be reached; use mode=keyword.').because(err);
    }
  }

  private async papersById(ids: string[]): Promise<Map<string, Paper>> {
    if (ids.length === 0 || !this.deps.vector) return new Map();
    return new Map((await this.deps.vector.papers.findByIds(ids)).map((paper) => [paper.id, paper]));
  }
}

interface Fused {
  id: string;
  /** Present when the keyword side found it (its hit carries the paper). */
  paper?: Paper;
  keyword: number | null;
  vector: number | null;
  score: number;
}

/** Reciprocal-rank fusion of the two rankings; each entry keeps the score of each side that found it. */
function fuse(keyword: KeywordHit[], vector: VectorHit[]): Fused[] {
  const fused = new Map<string, Fused>();
  const add = (id: string, rank: number, side: 'keyword' | 'vector', score: number, paper?: Paper) => {
    const entry = fused.get(id) ?? { id, keyword: null, vector: null, score: 0 };
    entry[side] = score;
    entry.paper ??= paper;
    entry.score += 1 / (RRF_K + rank + 1);
    fused.set(id, entry);
  };
  keyword.forEach((hit, rank) => add(hit.paper.id, rank, 'keyword', hit.score, hit.paper));
  vector.forEach((hit, rank) => add(hit.id, rank, 'vector', hit.score));
  return [...fused.values()].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
}
