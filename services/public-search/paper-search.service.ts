import type { KeywordIndex } from '../../shared/keyword-index/keyword-index.port';
import type { Paper } from '../../shared/papers/paper';
import { toPublicPaper, type PublicPaper } from './public-paper';
import { LANGS_FOR_FILTER, type SearchParams } from './search-params';

/** The search response envelope (spec 000 §2.1). */
export interface SearchEnvelope {
  api_version: 'v1';
  query: string;
  topic: string | null;
  lang: string;
  total: number;
  count: number;
  limit: number;
  offset: number;
  results: PublicPaper[];
}

export class PaperSearchService {
  /**
   * Public records by stored paper. Papers are immutable (a change replaces the object), and the
   * embedded index hands out the same objects, so each record is shaped (abstract shortened) once.
   */
  private readonly records = new WeakMap<Paper, PublicPaper>();

  constructor(
    private readonly index: KeywordIndex,
    private readonly publicBaseUrl: string,
  ) {}

  async search(params: SearchParams): Promise<SearchEnvelope> {
    const { total, hits } = await this.index.search({
      terms: params.terms,
      filters: { topic: params.topic ?? undefined, langs: LANGS_FOR_FILTER[params.lang] },
      offset: params.offset,
      limit: params.limit,
    });
    const results = hits.map((h) => this.recordOf(h.paper));
    return {
      api_version: 'v1',
      query: params.query,
      topic: params.topic,
      lang: params.lang,
      total,
      count: results.length,
      limit: params.limit,
      offset: params.offset,
      results,
    };
  }

  private recordOf(paper: Paper): PublicPaper {
    let record = this.records.get(paper);
    if (!record) this.records.set(paper, (record = toPublicPaper(paper, this.publicBaseUrl)));
    return record;
  }
}
