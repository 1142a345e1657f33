import { EmbeddingError } from '../../shared/embeddings/embedder.port';
import { badGateway, serviceUnavailable } from '../../shared/errors/problem';
import type { KeywordFilters, KeywordIndex } from '../../shared/keyword-index/keyword-index.port';
import type { Paper } from '../../shared/papers/paper';
import type { VectorSearchParts } from '../../shared/vector-index/vector-search.module';
import type { SemanticParams } from './semantic-params';
import { toSemanticPaper, type SemanticPaper } from './semantic-paper';

/** Reciprocal-rank fusion constant (the usual 60): a paper's fused score is Σ 1 / (60 + rank). */
export const RRF_K = 60;
/** How many candidates each side contributes to a hybrid answer. */
const HYBRID_DEPTH = 50;

export interface SemanticSearchAnswer {
  query: string;
  mode: SemanticParams['mode'];
  data: (SemanticPaper & { fused_score?: number })[];
  count: number;
  limit: number;
  offset: 0;
  /** Matches before the limit, in keyword mode (where it is cheap); absent in vector and hybrid modes. */
  total?: number;
}

/**
 * The data API's paper search (spec 001 §4.7). Keyword mode: the AND of substring matches, served
 * by the same KeywordIndex and text rules as the public search. Vector mode: the query's embedding
 * matched to its nearest neighbours with the filters inside the search. Hybrid: both, fused by
 * reciprocal rank. Without a vector index, vector and hybrid modes answer 503 `vector_unavailable`
 * and keyword mode keeps working.
 */
export class SemanticSearchService {
  constructor(private readonly deps: { keywordIndex: KeywordIndex; vector?: VectorSearchParts }) {}

  async search(p: SemanticParams): Promise<SemanticSearchAnswer> {
    const filters: KeywordFilters = { topic: p.topic, langs: p.langs, shelf: p.shelf, minDraftScore: p.minScore };
    const answer = (data: SemanticSearchAnswer['data'], total?: number): SemanticSearchAnswer => ({
      query: p.query, mode: p.mode, data, count: data.length, limit: p.limit, offset: 0, ...(total === undefined ? {} : { total }),
    });
    if (p.mode === 'keyword') {
      const { total, hits } = await this.keyword(p, filters, p.limit);
      return answer(hits.map((h) => toSemanticPaper(h.paper, { vector: null, keyword: h.score })), total);
    }
    if (p.mode === 'vector') {
      const hits = await this.vector(p, filters, p.limit);
      return answer(hits.map((h) => toSemanticPaper(h.paper, { vector: h.score, keyword: null })));
    }
    const [keyword, vector] = await Promise.all([this.keyword(p, filters, HYBRID_DEPTH), this.vector(p, filters, HYBRID_DEPTH)]);
    return answer(fuse(keyword.hits, vector, p.limit));
  }

  private keyword(p: SemanticParams, filters: KeywordFilters, limit: number) {
    return this.deps.keywordIndex.search({ terms: p.terms, filters, offset: 0, limit });
  }

  private async vector(p: SemanticParams, filters: KeywordFilters, limit: number): Promise<{ paper: Paper; score: number }[]> {
    const parts = this.deps.vector;
    if (!parts) throw serviceUnavailable('vector_unavailable', 'No vector index or embedder is configured; use mode=keyword.');
    let query: Float32Array;
    try {
      [query] = (await parts.embedder.embedQueries([p.query])) as [Float32Array];
    } catch (err) {
      if (err instanceof EmbeddingError) throw badGateway('embedding_failed', 'The embedding service failed or timed out; retry, or use mode=keyword.');
      throw err;
    }
    let hits;
    try {
      hits = await parts.index.search(query, filters, limit);
    } catch {
      throw serviceUnavailable('vector_unavailable', 'The vector index cannot be reached; use mode=keyword.');
    }
    const byId = new Map((await parts.papers.findByIds(hits.map((h) => h.id))).map((paper) => [paper.id, paper]));
    return hits.flatMap((h) => (byId.has(h.id) ? [{ paper: byId.get(h.id)!, score: h.score }] : []));
  }
}

/** Reciprocal-rank fusion of the two rankings; each record keeps the score of each side that found it. */
function fuse(keyword: { paper: Paper; score: number }[], vector: { paper: Paper; score: number }[], limit: number) {
  const fused = new Map<string, { paper: Paper; keyword: number | null; vector: number | null; score: number }>();
  const add = (list: { paper: Paper; score: number }[], side: 'keyword' | 'vector') =>
    list.forEach((hit, rank) => {
      const entry = fused.get(hit.paper.id) ?? { paper: hit.paper, keyword: null, vector: null, score: 0 };
      entry[side] = hit.score;
      entry.score += 1 / (RRF_K + rank + 1);
      fused.set(hit.paper.id, entry);
    });
  add(keyword, 'keyword');
  add(vector, 'vector');
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || (a.paper.id < b.paper.id ? -1 : 1))
    .slice(0, limit)
    .map((e) => ({ ...toSemanticPaper(e.paper, { vector: e.vector, keyword: e.keyword }), fused_score: e.score }));
}
