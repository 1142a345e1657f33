import type { estypes } from '@elastic/elasticsearch';
import type { Paper } from '../papers/paper';
import type { KeywordQuery } from './keyword-index.port';
import { FIELD_GROUP_NAMES, FIELD_GROUPS, searchTextOf, type SearchText } from './relevance';

/**
 * The Elasticsearch translation of the relevance formula in `relevance.ts`: pure builders of the
 * request bodies the Elasticsearch adapter sends. The mapping they rely on is
 * `infra/elasticsearch/papers-index.json`.
 */

/** The document field holding the whole paper (mapped `enabled: false`: stored, never indexed). */
export const PAPER_FIELD = 'paper';

/**
 * One paper as indexed: the filter and sort keys, one `wildcard` field per field group holding the
 * normalised values (an array, so a term never matches across two values), and the paper itself.
 */
export interface PaperDocument extends SearchText {
  id: string;
  year: number | null;
  topic: Paper['topic'];
  lang: Paper['lang'];
  shelf: Paper['shelf'];
  draft_score: Paper['draft_score'];
  paper: Paper;
}

/** The part of a search request that depends on the query (the index is the caller's business). */
export type SearchBody = Required<
  Pick<estypes.SearchRequest, 'query' | 'sort' | 'from' | 'size' | 'track_total_hits' | 'track_scores' | '_source'>
>;

export function paperDocument(paper: Paper): PaperDocument {
  // Elasticsearch has no NFKC without the ICU plugin, so the application normalises and the index stores the result.
  return {
    id: paper.id,
    year: paper.year,
    topic: paper.topic,
    lang: paper.lang,
    shelf: paper.shelf,
    draft_score: paper.draft_score,
    ...searchTextOf(paper),
    paper,
  };
}

/** Escapes the wildcard syntax (`*`, `?` and the escape character `\`) so that a term matches literally. */
export function escapeWildcard(term: string): string {
  return term.replace(/[\\*?]/g, (c) => `\\${c}`);
}

/**
 * One query term: the sum of the boosts of the field groups it occurs in, and no match when it
 * occurs in none. Constant scores keep Elasticsearch's own similarity (BM25) out of the ranking.
 */
export function termQuery(term: string): estypes.QueryDslQueryContainer {
  const value = `*${escapeWildcard(term)}*`;
  return {
    bool: {
      should: FIELD_GROUP_NAMES.map((group) => ({
        constant_score: { filter: { wildcard: { [group]: { value } } }, boost: FIELD_GROUPS[group].boost },
      })),
      minimum_should_match: 1,
    },
  };
}

/** Filters narrow the matches without adding to the score, hence `bool.filter`. */
export function filterQueries(filters: KeywordQuery['filters']): estypes.QueryDslQueryContainer[] {
  const out: estypes.QueryDslQueryContainer[] = [];
  if (filters.topic !== undefined) out.push({ term: { topic: filters.topic } });
  // An empty list matches nothing, as it does in the embedded engine.
  if (filters.langs !== undefined) out.push({ terms: { lang: [...filters.langs] } });
  if (filters.shelf !== undefined) out.push({ term: { shelf: filters.shelf } });
  // A bound of 0 or less admits papers without a score, as in the embedded engine.
  if (filters.minDraftScore !== undefined && filters.minDraftScore > 0) out.push({ range: { draft_score: { gte: filters.minDraftScore } } });
  return out;
}

/** The tie order of `compareTies`, after the score. */
export function sortOrder(): estypes.SortCombinations[] {
  return [
    { _score: { order: 'desc' } },
    { year: { order: 'desc', missing: '_last' } },
    { id: { order: 'asc' } },
  ];
}

export function searchBody(query: KeywordQuery): SearchBody {
  // The formula gives a paper no score, hence no match, when there is no term to match.
  const match: estypes.QueryDslQueryContainer =
    query.terms.length === 0
      ? { match_none: {} }
      : { bool: { must: query.terms.map(termQuery), filter: filterQueries(query.filters) } };
  return {
    query: match,
    sort: sortOrder(),
    from: query.offset,
    size: query.limit,
    track_total_hits: true,
    // Hits carry `_score` whatever the sort; without it Elasticsearch may leave it null under a field sort.
    track_scores: true,
    _source: [PAPER_FIELD],
  };
}

/**
 * Elasticsearch refuses pages past `index.max_result_window`; say so plainly instead of passing on
 * its error (the public API caps offset + limit below the window anyway).
 */
export function checkResultWindow(query: Pick<KeywordQuery, 'offset' | 'limit'>, maxResultWindow: number): void {
  if (query.offset + query.limit > maxResultWindow) {
    throw new RangeError(
      `offset + limit must not exceed ${maxResultWindow} (index.max_result_window); got ${query.offset} + ${query.limit}`,
    );
  }
}

/** Bulk operations that add or replace papers by id. */
export function upsertOperations(papers: Paper[]): (estypes.BulkOperationContainer | PaperDocument)[] {
  return papers.flatMap((paper) => [{ index: { _id: paper.id } }, paperDocument(paper)]);
}

/** Bulk operations that remove papers by id (Elasticsearch answers `not_found`, not an error, for unknown ids). */
export function deleteOperations(ids: string[]): estypes.BulkOperationContainer[] {
  return ids.map((id) => ({ delete: { _id: id } }));
}

/** The concrete index behind the alias: `<alias>-v<version>`. */
export function versionedIndexName(alias: string, version: number): string {
  return `${alias}-v${version}`;
}

/**
 * Moves the alias to `next` in one atomic `_aliases` request. `must_exist` makes the request fail
 * as a whole when a concurrent rebuild has already moved the alias, instead of leaving it on two
 * indices (which would make every write through it fail).
 */
export function aliasSwapActions(alias: string, next: string, previous: string[]): estypes.IndicesUpdateAliasesAction[] {
  return [
    ...previous.map((index) => ({ remove: { index, alias, must_exist: true } })),
    { add: { index: next, alias } },
  ];
}
