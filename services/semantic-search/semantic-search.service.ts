import { serviceUnavailable } from '../../shared/errors/problem';
import type { KeywordIndex } from '../../shared/keyword-index/keyword-index.port';
import type { SemanticParams } from './semantic-params';
import { toSemanticPaper, type SemanticPaper } from './semantic-paper';

export interface SemanticSearchAnswer {
  query: string;
  mode: SemanticParams['mode'];
  data: SemanticPaper[];
  count: number;
  limit: number;
  offset: 0;
  /** Matches before the limit, in keyword mode (where it is cheap); absent in vector and hybrid modes. */
  total?: number;
}

/**
 * The data API's paper search (spec 001 §4.7). Keyword mode is the AND of substring matches,
 * served by the same KeywordIndex and text rules as the public search, with the data API's filters.
 * Vector and hybrid modes need an embedder and a vector index; without them they answer 503
 * `vector_unavailable` while keyword mode keeps working.
 */
export class SemanticSearchService {
  constructor(private readonly deps: { keywordIndex: KeywordIndex }) {}

  async search(p: SemanticParams): Promise<SemanticSearchAnswer> {
    if (p.mode !== 'keyword') {
      throw serviceUnavailable('vector_unavailable', 'Vector search is not available on this deployment yet; use mode=keyword.');
    }
    const { total, hits } = await this.deps.keywordIndex.search({
      terms: p.terms,
      filters: { topic: p.topic, langs: p.langs, shelf: p.shelf, minDraftScore: p.minScore },
      offset: 0,
      limit: p.limit,
    });
    const data = hits.map((h) => toSemanticPaper(h.paper, { vector: null, keyword: h.score }));
    return { query: p.query, mode: p.mode, data, count: data.length, limit: p.limit, offset: 0, total };
  }
}
