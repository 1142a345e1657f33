import type { KeywordIndex } from '../../shared/keyword-index/keyword-index.port';
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
  // Records are shaped for every response, not cached: shaping one (shortening its abstract
  // included) costs about 2–3 µs, 20–30 µs for a page of 10 (`npm run bench -- --only=record-shaping`).
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
    const results = hits.map((h) => toPublicPaper(h.paper, this.publicBaseUrl));
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
}
