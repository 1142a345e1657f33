import type { estypes } from '@elastic/elasticsearch';
import type { Paper } from '../../shared/papers/paper.schema';
import { normalizeText } from '../../shared/text/normalize';
import { topicText } from '../../shared/text/question-words';
import { corpusStatsAggregation, termScoring, wildcardQuery, WORD_FIELDS } from './elasticsearch-ranking';
import type { FacetCounts, FacetName, KeywordQuery, KeywordSort, RankedQuery, SortKey } from './keyword-index.port';
import { RANKED_FIELD_WEIGHTS } from './ranked-postings';
import { FIELD_GROUP_NAMES, rankedTerms, searchTextOf, type SearchText } from './relevance';
import { orderFacet } from './facet-counts';
import { authorKeysOf } from './author-postings';
import { citationsKnown, venueRank } from './paper-order';
import { askedNameKey } from '../../shared/text/person-name';

/**
 * Pure builders of the request bodies the Elasticsearch adapter sends. Keyword mode: the match set
 * (`termMatch`, the AND of substring matches, exactly as in every engine) and its order
 * (`elasticsearch-ranking.ts`: the model of `relevance.ts` as far as Elasticsearch carries it).
 * Ranked retrieval: `rankBody`. The mapping they rely on is `infra/elasticsearch/papers-index.json`.
 */

/** The document field holding the whole paper (mapped `enabled: false`: stored, never indexed). */
export const PAPER_FIELD = 'paper';

/**
 * The analyzed text fields of ranked retrieval, one per field group (`ranked_title`…), holding the
 * same values as the wildcard fields; the mapping analyzes them like `shared/text/analyzer.ts`.
 */
export const RANKED_FIELDS: Readonly<Record<keyof SearchText, string>> = { title: 'ranked_title', tags: 'ranked_tags', body: 'ranked_body' };
type RankedText = { [K in keyof SearchText as `ranked_${K}`]: string[] };
type WordsText = { [K in keyof SearchText as `words_${K}`]: string[] };

/**
 * One paper as indexed: the filter and sort keys, one `wildcard` field per field group holding the
 * normalised values (an array, so a term never matches across two values), the same values split
 * into words (`words_*`: keyword mode's whole-word evidence) and analyzed for ranked retrieval
 * (`ranked_*`), and the paper itself.
 */
export interface PaperDocument extends SearchText, WordsText, RankedText {
  id: string;
  year: number | null;
  topic: Paper['topic'];
  lang: Paper['lang'];
  venue_type: Paper['venue_type'];
  shelf: Paper['shelf'];
  draft_score: Paper['draft_score'];
  /** When the record was first added to the corpus (the `since` filter); null for a record saved before it had one. */
  created_at: string | null;
  /** Every name key its authors are found by (`authorKeysOf`), computed here as in the embedded engine: the `author` filter. */
  author_keys: string[];
  /** What `sort=cited_by` orders by (`citationsKnown`), stored rather than scripted; null (missing: last) when neither count is known. */
  citations_known: number | null;
  /** The work the record is a version of, and its kind of venue's place in the preference (`venueRank`): `collapse=versions`. */
  work_id: string;
  venue_rank: number;
  paper: Paper;
}

/** The part of a search request that depends on the query (the index is the caller's business). */
export type SearchBody = Required<
  Pick<estypes.SearchRequest, 'query' | 'sort' | 'from' | 'size' | 'track_total_hits' | 'track_scores' | '_source'>
> &
  Pick<estypes.SearchRequest, 'aggs' | 'search_after' | 'collapse'>;

export function paperDocument(paper: Paper): PaperDocument {
  // Elasticsearch has no NFKC without the ICU plugin, so the application normalises and the index stores the result.
  const text = searchTextOf(paper);
  // A repeated title (title, title_en) is one occurrence, as in the embedded engine; every body value
  // counts, as the model sums the body's occurrences and words.
  const title = [...new Set(text.title)];
  const tags = [...new Set(text.tags)];
  const words: WordsText = { [WORD_FIELDS.title]: title, [WORD_FIELDS.tags]: tags, [WORD_FIELDS.body]: text.body } as WordsText;
  return {
    id: paper.id,
    year: paper.year,
    topic: paper.topic,
    lang: paper.lang,
    venue_type: paper.venue_type,
    shelf: paper.shelf,
    draft_score: paper.draft_score,
    created_at: paper.created_at ?? null,
    author_keys: authorKeysOf(paper),
    citations_known: citationsKnown(paper),
    work_id: paper.work_id ?? paper.id,
    venue_rank: venueRank(paper.venue_type),
    ...text,
    ...words,
    ranked_title: title,
    ranked_tags: tags,
    ranked_body: [...new Set(text.body)],
    paper,
  };
}

/**
 * The match of one query term: a substring of a value of some field group. The AND of these decides
 * the match set and `total`, exactly as in every engine; they sit in `bool.filter`, so that the
 * order is the scoring clauses' alone.
 */
export function termMatch(term: string): estypes.QueryDslQueryContainer {
  return { bool: { should: FIELD_GROUP_NAMES.map((group) => wildcardQuery(group, term)), minimum_should_match: 1 } };
}

/** Filters narrow the matches without adding to the score, hence `bool.filter`. */
export function filterQueries(filters: KeywordQuery['filters']): estypes.QueryDslQueryContainer[] {
  const out: estypes.QueryDslQueryContainer[] = [];
  if (filters.topic !== undefined) out.push({ term: { topic: filters.topic } });
  // The key the value is looked up by among each document's name keys (the one rule of person-name.ts).
  if (filters.author !== undefined) out.push({ term: { author_keys: askedNameKey(filters.author) } });
  // An empty list matches nothing, as it does in the embedded engine.
  if (filters.langs !== undefined) out.push({ terms: { lang: [...filters.langs] } });
  if (filters.shelf !== undefined) out.push({ term: { shelf: filters.shelf } });
  // A bound of 0 or less admits papers without a score, as in the embedded engine.
  if (filters.minDraftScore !== undefined && filters.minDraftScore > 0) out.push({ range: { draft_score: { gte: filters.minDraftScore } } });
  if (filters.yearFrom !== undefined || filters.yearTo !== undefined) out.push({ range: { year: { ...(filters.yearFrom !== undefined && { gte: filters.yearFrom }), ...(filters.yearTo !== undefined && { lte: filters.yearTo }) } } });
  if (filters.venueType !== undefined) out.push({ term: { venue_type: filters.venueType } });
  // A document without created_at fails a range on it, as a missing value does in the embedded engine.
  if (filters.addedSince !== undefined) out.push({ range: { created_at: { gte: filters.addedSince } } });
  return out;
}

/** The tie order of `compareTies`, after the score (or the citation count). */
export function sortOrder(sort: KeywordSort = 'relevance'): estypes.SortCombinations[] {
  const ties: estypes.SortCombinations[] = [{ year: { order: 'desc', missing: '_last' } }, { id: { order: 'asc' } }];
  // Newest: the tie order alone (publication year descending, then id), as in every engine.
  if (sort === 'newest') return ties;
  // Most cited first, papers with neither count (no value) last, then the tie order.
  if (sort === 'cited_by') return [{ citations_known: { order: 'desc', missing: '_last' } }, ...ties];
  return [{ _score: { order: 'desc' } }, ...ties];
}

/** Elasticsearch's sort value of a missing year under `missing: _last` in a descending sort. */
const MISSING_YEAR_DESC = '-9223372036854775808';

/** The newest-first sort values of a key, for `search_after` (a paper without a year sorts last). */
export const searchAfter = (key: SortKey): estypes.SortResults => [key.year ?? MISSING_YEAR_DESC, key.id];

/**
 * Terms aggregations counting the match set by each facet, with a `missing` bucket so the counts add
 * up to the total; `byWork` (`collapse=versions`): each bucket counts its distinct works instead.
 */
export function facetAggregations(facets: readonly FacetName[], byWork = false): Record<string, estypes.AggregationsAggregationContainer> {
  const works = byWork ? { aggs: { [WORKS_AGGREGATION]: worksCardinality() } } : {};
  return Object.fromEntries(
    facets.flatMap((facet) => [
      [`facet_${facet}`, { terms: { field: facet, size: FACET_BUCKETS }, ...works }],
      [`facet_${facet}_missing`, { missing: { field: facet }, ...works }],
    ]),
  );
}

/** The aggregation counting works (`collapse=versions`), at the top level for `total` and in each facet bucket. */
export const WORKS_AGGREGATION = 'works';

/**
 * Distinct works of the match set. Elasticsearch's cardinality is HyperLogLog++: up to
 * `precision_threshold` (here its maximum, 40,000) it keeps the values' hashes and is "expected to be
 * close to accurate" (off only by a hash collision), so below that many works it equals the embedded
 * engine's count; above it, it is an estimate (docs/public-search.md says so).
 */
export const worksCardinality = (): estypes.AggregationsAggregationContainer => ({ cardinality: { field: 'work_id', precision_threshold: WORKS_PRECISION } });
export const WORKS_PRECISION = 40_000;

/** The record of a work shown for it (`collapse=versions`): by kind of venue (`venue_rank`), then the newest, then the id. */
export const PREFERRED_RECORD_SORT: estypes.SortCombinations[] = [{ venue_rank: { order: 'asc' } }, { year: { order: 'desc', missing: '_last' } }, { id: { order: 'asc' } }];

/** The inner hits of a collapsed group that carry its preferred record. */
export const PREFERRED_HITS = 'preferred';

/**
 * `collapse=versions`: one hit per work, the group's place being its best match's in the sort, with
 * its preferred record as inner hit (the groups' own top hit is what the proximity rescoring reads).
 */
export const versionsCollapse = (): estypes.SearchFieldCollapse => ({
  field: 'work_id',
  inner_hits: { name: PREFERRED_HITS, size: 1, sort: PREFERRED_RECORD_SORT, _source: [PAPER_FIELD] },
});

/** More values than any facet has (25 topics, 3 languages, 5 venue types, years 1000–2100). */
const FACET_BUCKETS = 1200;

type Works = { [WORKS_AGGREGATION]?: { value: number } };
type FacetAnswer = Record<string, ({ buckets?: ({ key: string | number; doc_count: number } & Works)[]; doc_count?: number } & Works) | undefined>;

/** The facet counts of an answer's aggregations, in the order every engine gives them; `byWork`, the works counted in each bucket. */
export function facetsFromAggregations(facets: readonly FacetName[], aggregations: FacetAnswer | undefined, byWork = false): FacetCounts {
  const count = (bucket: { doc_count?: number } & Works) => (byWork ? (bucket[WORKS_AGGREGATION]?.value ?? 0) : (bucket.doc_count ?? 0));
  return Object.fromEntries(
    facets.map((facet) => {
      const counts = new Map<string | number | null, number>((aggregations?.[`facet_${facet}`]?.buckets ?? []).map((b) => [b.key, count(b)]));
      const missing = aggregations?.[`facet_${facet}_missing`];
      if (missing && count(missing) > 0) counts.set(null, count(missing));
      return [facet, orderFacet(counts)];
    }),
  );
}

/** The number of works an answer counted (`collapse=versions`: the `works` aggregation). */
export const worksOf = (aggregations: unknown): number => (aggregations as Works | undefined)?.[WORKS_AGGREGATION]?.value ?? 0;

/**
 * The match set of a query with its filters, and the scoring clauses if any. Without a term, as in the
 * model: with an author the filters alone (every score 0, so the tie order, newest first, is the
 * relevance order); else nothing. A term written twice is matched once (the AND is the same).
 */
function matchQuery(query: Pick<KeywordQuery, 'terms' | 'filters'>, scoring?: estypes.QueryDslQueryContainer[]): estypes.QueryDslQueryContainer {
  if (query.terms.length === 0) return query.filters.author === undefined ? { match_none: {} } : { bool: { filter: filterQueries(query.filters) } };
  return { bool: { filter: [...[...new Set(query.terms)].map(termMatch), ...filterQueries(query.filters)], ...(scoring && { should: scoring }) } };
}

/**
 * The terms a keyword search is scored on: those that carry its topic (`rankedTerms`: every term but
 * those that frame a question, which only match), at most the first `MAX_SCORED_TERMS` of them. Each
 * scored term adds some fifteen leaf queries (`termScoring`) and three statistics buckets
 * (`corpusStatsAggregation`), and Lucene refuses a query of more leaves than the node's clause limit
 * (at least 1,024, larger with the heap): the data API's keyword mode takes as many terms as 1,000
 * characters hold (up to 333), all matched (three wildcard leaves each), so a longer query is ranked
 * on its first 32 only.
 */
export const MAX_SCORED_TERMS = 32;
export const scoredTerms = (terms: readonly string[]): string[] => rankedTerms(terms).scored.slice(0, MAX_SCORED_TERMS);

/**
 * A page of keyword matches, ordered by the scoring of `elasticsearch-ranking.ts` with the idf of
 * each scored term (`scoredTerms`, `idfsFromCorpusStats`). With `corpusStats` the same request counts
 * the statistics: for a query with one scored term, whose order does not depend on the idf, the
 * caller sends 1 and scales afterwards.
 */
export function searchBody(query: KeywordQuery, idfs: number[], options: { corpusStats?: boolean } = {}): SearchBody {
  const byWork = query.collapse === 'versions';
  const scored = scoredTerms(query.terms);
  const aggs = {
    ...(options.corpusStats && scored.length > 0 ? corpusStatsAggregation(scored) : {}),
    ...(query.facets?.length ? facetAggregations(query.facets, byWork) : {}),
    ...(byWork ? { [WORKS_AGGREGATION]: worksCardinality() } : {}),
  };
  return {
    query: matchQuery(query, scored.map((term, i) => termScoring(term, idfs[i] ?? 1))),
    sort: sortOrder(query.after ? 'newest' : query.sort),
    from: query.after ? 0 : query.offset,
    ...(query.after && { search_after: searchAfter(query.after) }),
    size: query.limit,
    track_total_hits: true,
    // Hits carry `_score` whatever the sort; without it Elasticsearch may leave it null under a field sort.
    track_scores: true,
    _source: [PAPER_FIELD],
    ...(byWork && { collapse: versionsCollapse() }),
    ...(Object.keys(aggs).length > 0 && { aggs }),
  };
}

/** Only the number of matches (a page of none): no scoring, no statistics; under `collapse=versions`, the works counted. */
export function countBody(query: Pick<KeywordQuery, 'terms' | 'filters' | 'collapse'>): Required<Pick<estypes.SearchRequest, 'query' | 'size' | 'track_total_hits'>> & Pick<estypes.SearchRequest, 'aggs'> {
  return { query: matchQuery(query), size: 0, track_total_hits: true, ...(query.collapse === 'versions' && { aggs: { [WORKS_AGGREGATION]: worksCardinality() } }) };
}

/**
 * The `_msearch` items counting each set of terms with the same filters (`countEach`): for each, an
 * empty header (the index is the request's) and its `countBody`, in order.
 */
export function countEachSearches(termSets: readonly string[][], filters: KeywordQuery['filters'], collapse?: KeywordQuery['collapse']): estypes.MsearchRequestItem[] {
  return termSets.flatMap((terms) => [{}, countBody({ terms, filters, collapse })]);
}

/** The request counting the statistics of the terms' idf, over every paper (no hit is read). */
export function corpusStatsBody(terms: string[]): Required<Pick<estypes.SearchRequest, 'size' | 'track_total_hits' | 'aggs'>> {
  return { size: 0, track_total_hits: false, aggs: corpusStatsAggregation(terms) };
}

/** The part of a ranked search request that depends on the query. */
export type RankBody = Required<Pick<estypes.SearchRequest, 'query' | 'sort' | 'size' | 'track_total_hits' | '_source'>>;

/**
 * Ranked any-term retrieval: `combined_fields` is BM25F (Lucene's `CombinedFieldQuery`): a field's
 * boost (at least 1) weighs its term frequencies and its length as if its text were repeated, which
 * is what the embedded engine does with `RANKED_FIELD_WEIGHTS` (a title counts five times), with
 * Elasticsearch's BM25 defaults (k1 1.2, b 0.75) and the `gx_ranked` analyzer. The text is the
 * question's subject, as the embedded engine ranks it (`topicText`: the words that frame a question
 * left out), normalised as the index's text was (`gx_ranked` has no NFKC); it goes in as text,
 * never as query syntax.
 */
export function rankBody(query: RankedQuery): RankBody {
  const fields = (Object.keys(RANKED_FIELDS) as (keyof SearchText)[]).map((g) => `${RANKED_FIELDS[g]}^${RANKED_FIELD_WEIGHTS[g]}`);
  return {
    query: {
      bool: {
        must: [query.moreLikeThis ? moreLikeThis(query.text, query.moreLikeThis.maxTerms) : { combined_fields: { query: normalizeText(topicText(query.text)), fields, operator: 'or' } }],
        filter: filterQueries(query.filters),
      },
    },
    sort: sortOrder(),
    size: query.limit,
    track_total_hits: false,
    _source: [PAPER_FIELD],
  };
}

/**
 * A "more like this" query (`RankedQuery.moreLikeThis`): Elasticsearch's own `more_like_this`, whose
 * term selection is the embedded engine's (count in the text × idf, terms at least two papers hold,
 * at most `maxTerms`), ranked as any-term BM25 over the ranked fields. It weighs the fields alike
 * (the query takes no field boosts), where the embedded engine counts a title word five times.
 */
function moreLikeThis(text: string, maxTerms: number): estypes.QueryDslQueryContainer {
  return {
    more_like_this: {
      fields: Object.values(RANKED_FIELDS),
      like: normalizeText(text),
      max_query_terms: maxTerms,
      min_term_freq: 1,
      min_doc_freq: 2,
      minimum_should_match: '1',
    },
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
