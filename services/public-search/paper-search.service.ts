import { searchPage, splitSuggestion, type KeywordFilters, type KeywordIndex } from '../../modules/keyword-index';
import type { SplitLimits } from '../../shared/text/word-split';
import { toPublicPaper } from '../../shared/papers/public-paper';
import type { Paper } from '../../shared/papers/paper.schema';
import { LANGS_FOR_FILTER, SEARCH_LIMITS as L, type SearchParams } from './search-params';
import type { z } from 'zod';
import type { searchResponseSchema } from './search-response.schema';
import { highlightsOf } from '../../shared/text/highlight';

/** A suggested query is one this endpoint accepts. */
const SPLIT_LIMITS: SplitLimits = { maxTerms: L.maxTerms, minTermChars: L.termMinChars, maxChars: L.queryMaxChars };

/** The searched fields the public record carries (the display abstract, not the original, when they differ). */
const PUBLIC_HIGHLIGHT_FIELDS = ['title', 'title_ja', 'title_en', 'abstract', 'abstract_ja', 'tags', 'topic'];

/** The search response envelope (spec 000 §2.1). */
export type SearchEnvelope = z.output<typeof searchResponseSchema>;

export class PaperSearchService {
  // Records are shaped for every response, not cached: shaping one (shortening its abstract
  // included) costs about 2–3 µs, 20–30 µs for a page of 10 (`npm run bench -- --only=record-shaping`).
  constructor(
    readonly index: KeywordIndex,
    private readonly publicBaseUrl: string,
  ) {}

  /** Searches `index` (a release's, for `as_of`; the live one by default). */
  async search(params: SearchParams, index: KeywordIndex = this.index): Promise<SearchEnvelope> {
    return (await this.page(params, index)).envelope;
  }

  /** The answer and the stored papers of its records, in its order (what a page's citation file is made from). */
  async page(params: SearchParams, index: KeywordIndex = this.index): Promise<{ envelope: SearchEnvelope; papers: Paper[] }> {
    const filters: KeywordFilters = {
      topic: params.topic ?? undefined,
      langs: LANGS_FOR_FILTER[params.lang],
      yearFrom: params.yearFrom,
      yearTo: params.yearTo,
      venueType: params.venueType,
      author: params.author,
      addedSince: params.addedSince,
    };
    const query = { terms: params.terms, filters, offset: params.offset, limit: params.limit, sort: params.sort, facets: params.facets, collapse: params.collapse };
    const { total, hits, facets, nextCursor } = await searchPage(index, query, params.cursor);
    const suggestion = await splitSuggestion(index, { query: params.query, total, filters, collapse: params.collapse }, SPLIT_LIMITS);
    const records = hits.map((h) => toPublicPaper(h.paper, this.publicBaseUrl));
    const results = params.highlight ? records.map((r) => ({ ...r, highlights: highlightsOf(r, PUBLIC_HIGHLIGHT_FIELDS, params.terms) })) : records;
    const envelope: SearchEnvelope = {
      api_version: 'v1',
      query: params.query,
      topic: params.topic,
      lang: params.lang,
      total,
      count: results.length,
      limit: params.limit,
      offset: params.offset,
      results,
      ...(nextCursor && { next_cursor: nextCursor }),
      ...(facets && { facets }),
      ...(suggestion && { suggestion }),
    };
    return { envelope, papers: hits.map((h) => h.paper) };
  }
}
