import fs from 'node:fs';
import path from 'node:path';
import type { estypes } from '@elastic/elasticsearch';
import { CONNECTED_PAPERS, CONTRACT_QUERIES, FIXTURE_PAPERS } from '../../tests/contract/fixture-papers';
import { ElasticsearchSemantics } from '../../tests/support/elasticsearch-semantics';
import { referenceSearch } from '../../tests/support/reference-search';
import type { Paper } from '../../shared/papers/paper.schema';
import { splitTerms } from '../../shared/text/normalize';
import { MAPPING_VERSION_KEY } from './elasticsearch-mapping-version';
import {
  aliasSwapActions,
  checkResultWindow,
  corpusStatsBody,
  countBody,
  countEachSearches,
  facetAggregations,
  facetsFromAggregations,
  filterQueries,
  MAX_SCORED_TERMS,
  paperDocument,
  rankBody,
  scoredTerms,
  searchBody,
  sortOrder,
  termMatch,
  versionsCollapse,
} from './elasticsearch-query';
import { corpusStatsAggregation, termScoring, wordsOf } from './elasticsearch-ranking';
import { loadIndexDefinition } from './keyword-index.elasticsearch';
import type { KeywordQuery, RankedQuery } from './keyword-index.port';
import { RANKED_FIELD_WEIGHTS } from './ranked-postings';
import { FIELD_GROUP_NAMES } from './relevance';
import { storedPaper } from '../../tests/support/paper-fixtures';

const paper = storedPaper;

const query = (text: string, extra: Partial<KeywordQuery> = {}): KeywordQuery => ({
  terms: splitTerms(text),
  filters: {},
  offset: 0,
  limit: 20,
  ...extra,
});

type Query = estypes.QueryDslQueryContainer;
const filterOf = (body: { query: Query }) => body.query.bool!.filter as Query[];
const substring = (value: string) => ({ bool: { should: FIELD_GROUP_NAMES.map((group) => ({ wildcard: { [group]: { value } } })), minimum_should_match: 1 } });

describe('searchBody: the match set', () => {
  it('puts each term in bool.filter as a substring of some field group, AND-combined in query order, then the filters', () => {
    const body = searchBody(query('CO2  ＰＲＩＣＩＮＧ　水素', { filters: { topic: 'hydrogen', langs: ['ja', 'mul'] } }), [1, 1, 1]);
    expect(filterOf(body)).toEqual([substring('*co2*'), substring('*pricing*'), substring('*水素*'), { term: { topic: 'hydrogen' } }, { terms: { lang: ['ja', 'mul'] } }]);
    expect(body.query.bool!.must).toBeUndefined();
  });

  it('keeps a two-character Japanese term whole, and escapes the wildcard syntax inside terms', () => {
    expect(filterOf(searchBody(query('排出'), [1]))[0]).toEqual(substring('*排出*'));
    expect(filterOf(searchBody(query('co*?\\'), [1]))[0]).toEqual(substring('*co\\*\\?\\\\*'));
  });

  it('scores in bool.should only, one clause per term with its idf, so the filters never change a score', () => {
    const body = searchBody(query('esg co2', { filters: { topic: 'esg' } }), [0.7, 2.5]);
    expect(body.query.bool!.should).toEqual([termScoring('esg', 0.7), termScoring('co2', 2.5)]);
    expect(JSON.stringify(body.query.bool!.should)).not.toMatch(/topic|lang/);
  });

  it('keeps the terms framing a question in the match set, but scores only the others (the question rule)', () => {
    const q = query('how does carbon pricing affect');
    const body = searchBody(q, [1.5, 2.5]);
    expect(filterOf(body)).toEqual(['how', 'does', 'carbon', 'pricing', 'affect'].map((t) => substring(`*${t}*`)));
    expect(body.query.bool!.should).toEqual([termScoring('carbon', 1.5), termScoring('pricing', 2.5)]);
    expect(searchBody(q, [1], { corpusStats: true }).aggs).toEqual(corpusStatsAggregation(['carbon', 'pricing']));
    expect(countBody(q).query).toEqual({ bool: { filter: filterOf(body) } });
    // Japanese function words too; and a query of framing words only is scored on all of them.
    expect(searchBody(query('炭素税 について'), [1]).query.bool!.should).toEqual([termScoring('炭素税', 1)]);
    expect(searchBody(query('what is'), [1, 1]).query.bool!.should).toEqual([termScoring('what', 1), termScoring('is', 1)]);
  });

  it('pages with from/size, counts every match, and returns only the stored paper with its score', () => {
    const body = searchBody(query('esg', { offset: 40, limit: 20 }), [1]);
    expect(body).toMatchObject({ from: 40, size: 20, track_total_hits: true, track_scores: true, _source: ['paper'] });
    expect(body.aggs).toBeUndefined();
  });

  it('asks for the corpus statistics in the same request when told (a one-term query)', () => {
    expect(searchBody(query('esg'), [1], { corpusStats: true }).aggs).toEqual(corpusStatsAggregation(['esg']));
  });

  it('orders by score, then year descending with missing years last, then id', () => {
    expect(searchBody(query('esg'), [1]).sort).toEqual([
      { _score: { order: 'desc' } },
      { year: { order: 'desc', missing: '_last' } },
      { id: { order: 'asc' } },
    ]);
  });

  it('matches nothing without a term, as the model scores nothing', () => {
    expect(searchBody(query('  '), []).query).toEqual({ match_none: {} });
    expect(countBody(query('  ')).query).toEqual({ match_none: {} });
    expect(searchBody(query('  ', { filters: { topic: 'esg' } }), []).query).toEqual({ match_none: {} });
  });

  it('without a term but with an author, matches by the filters alone: every score 0, so the order is the tie order (newest first)', () => {
    const q = query('  ', { filters: { author: 'Hasegawa', yearFrom: 2020 } });
    const body = searchBody(q, []);
    expect(body.query).toEqual({ bool: { filter: filterQueries(q.filters) } });
    expect(body.query.bool!.should).toBeUndefined();
    expect(body.aggs).toBeUndefined();
    expect(body.sort).toEqual(sortOrder('relevance'));
    expect(countBody(q).query).toEqual(body.query);
    expect(searchBody({ ...q, collapse: 'versions' }, []).collapse).toEqual(versionsCollapse());
  });
});

describe('searchBody: many terms', () => {
  it(`matches every distinct term (a term written twice once) and scores the first ${MAX_SCORED_TERMS} terms in query order`, () => {
    const terms = Array.from({ length: 50 }, (_, i) => `t${String(i).padStart(2, '0')}`);
    const body = searchBody(query('', { terms: [...terms, 't00', 't01'] }), terms.map((_, i) => i + 1));
    const bool = (body.query as { bool: { filter: unknown[]; should: unknown[] } }).bool;
    expect(bool.filter).toEqual(terms.map(termMatch));
    expect(bool.should).toEqual(terms.slice(0, MAX_SCORED_TERMS).map((t, i) => termScoring(t, i + 1)));
    expect(scoredTerms(['a1', 'a1', 'b2'])).toEqual(['a1', 'a1', 'b2']);
  });
});

describe('countEachSearches', () => {
  it('is an empty header (the index is the request\'s) and the countBody of each set of terms, in order, with the same filters and collapse', () => {
    const filters = { topic: 'hydrogen' as const, langs: ['ja' as const] };
    expect(countEachSearches([['水素'], ['hydrogen', 'storage'], []], filters, 'versions')).toEqual([
      {},
      countBody({ terms: ['水素'], filters, collapse: 'versions' }),
      {},
      countBody({ terms: ['hydrogen', 'storage'], filters, collapse: 'versions' }),
      {},
      countBody({ terms: [], filters, collapse: 'versions' }),
    ]);
    expect(countEachSearches([], {})).toEqual([]);
  });
});

describe('countBody and corpusStatsBody', () => {
  it('counts the match set alone: the same filter, no scoring, no page', () => {
    const q = query('esg co2', { filters: { shelf: 'curated' } });
    expect(countBody(q)).toEqual({ query: { bool: { filter: filterOf(searchBody(q, [1, 1])) } }, size: 0, track_total_hits: true });
  });

  it('reads no hit to count the statistics', () => {
    expect(corpusStatsBody(['esg', 'co2'])).toEqual({ size: 0, track_total_hits: false, aggs: corpusStatsAggregation(['esg', 'co2']) });
  });
});

describe('filterQueries: shelf and draft score', () => {
  it('filters by shelf and by a lower bound on draft_score, and a bound of 0 filters nothing', () => {
    expect(filterQueries({ shelf: 'curated', minDraftScore: 85 })).toEqual([
      { term: { shelf: 'curated' } },
      { range: { draft_score: { gte: 85 } } },
    ]);
    expect(filterQueries({ minDraftScore: 0 })).toEqual([]);
  });
});

describe('filterQueries: year range and venue type', () => {
  it('filters by an inclusive year range (either bound alone) and by venue type', () => {
    expect(filterQueries({ yearFrom: 2019, yearTo: 2022, venueType: 'journal' })).toEqual([{ range: { year: { gte: 2019, lte: 2022 } } }, { term: { venue_type: 'journal' } }]);
    expect(filterQueries({ yearTo: 2010 })).toEqual([{ range: { year: { lte: 2010 } } }]);
  });
});

describe('filterQueries: since and author', () => {
  it('filters by a lower bound on created_at (a date field), inclusive', () => {
    expect(filterQueries({ addedSince: '2025-06-01T12:00:00.000Z' })).toEqual([{ range: { created_at: { gte: '2025-06-01T12:00:00.000Z' } } }]);
  });

  it('filters by the asked name\'s key among the indexed name keys (a term on a keyword field), the value normalised as person-name.ts does', () => {
    expect(filterQueries({ author: '  Müller ' })).toEqual([{ term: { author_keys: 'muller' } }]);
    expect(filterQueries({ author: 'Ｓｍｉｔｈ' })).toEqual([{ term: { author_keys: 'smith' } }]);
    expect(filterQueries({ author: '長谷川 美咲' })).toEqual([{ term: { author_keys: '長谷川美咲' } }]);
  });
});

describe('sort=cited_by and collapse=versions', () => {
  it('sorts most cited first by the stored citations_known, papers without one last, then the tie order', () => {
    expect(sortOrder('cited_by')).toEqual([{ citations_known: { order: 'desc', missing: '_last' } }, { year: { order: 'desc', missing: '_last' } }, { id: { order: 'asc' } }]);
    expect(searchBody(query('co2', { sort: 'cited_by' }), [1]).sort).toEqual(sortOrder('cited_by'));
  });

  it('collapses on work_id with the preferred record as inner hit, and counts works with a cardinality aggregation', () => {
    const body = searchBody(query('co2', { collapse: 'versions', offset: 20, limit: 10 }), [1]);
    expect(body.collapse).toEqual({
      field: 'work_id',
      inner_hits: { name: 'preferred', size: 1, sort: [{ venue_rank: { order: 'asc' } }, { year: { order: 'desc', missing: '_last' } }, { id: { order: 'asc' } }], _source: ['paper'] },
    });
    expect(body).toMatchObject({ from: 20, size: 10 });
    expect(body.aggs).toEqual({ works: { cardinality: { field: 'work_id', precision_threshold: 40_000 } } });
    expect(searchBody(query('co2'), [1]).collapse).toBeUndefined();
    expect(countBody(query('co2', { collapse: 'versions' })).aggs).toEqual(body.aggs);
    expect(countBody(query('co2')).aggs).toBeUndefined();
  });

  it('counts each facet bucket by its works under collapse, and reads the works back', () => {
    expect(facetAggregations(['topic'], true)).toEqual({
      facet_topic: { terms: { field: 'topic', size: 1200 }, aggs: { works: { cardinality: { field: 'work_id', precision_threshold: 40_000 } } } },
      facet_topic_missing: { missing: { field: 'topic' }, aggs: { works: { cardinality: { field: 'work_id', precision_threshold: 40_000 } } } },
    });
    const answer = {
      facet_topic: { buckets: [{ key: 'esg', doc_count: 5, works: { value: 2 } }, { key: 'ccus', doc_count: 3, works: { value: 3 } }] },
      facet_topic_missing: { doc_count: 2, works: { value: 1 } },
    };
    expect(facetsFromAggregations(['topic'], answer, true)).toEqual({ topic: [{ value: 'ccus', count: 3 }, { value: 'esg', count: 2 }, { value: null, count: 1 }] });
    expect(facetsFromAggregations(['topic'], answer)).toEqual({ topic: [{ value: 'esg', count: 5 }, { value: 'ccus', count: 3 }, { value: null, count: 2 }] });
  });
});

describe('newest first and facets', () => {
  it('sorts by the tie order alone for newest, by score then ties for relevance', () => {
    expect(sortOrder('newest')).toEqual([{ year: { order: 'desc', missing: '_last' } }, { id: { order: 'asc' } }]);
    expect(sortOrder()[0]).toEqual({ _score: { order: 'desc' } });
    expect(searchBody({ terms: ['co2'], filters: {}, offset: 0, limit: 5, sort: 'newest' }, [1]).sort).toEqual(sortOrder('newest'));
  });

  it('pages by keyset with search_after on the newest-first sort, from 0 (a paper without a year at Elasticsearch\'s missing value)', () => {
    const body = searchBody({ terms: ['co2'], filters: {}, offset: 0, limit: 5, after: { year: 2021, id: 'p_x' } }, [1]);
    expect(body).toMatchObject({ sort: sortOrder('newest'), from: 0, search_after: [2021, 'p_x'] });
    expect(searchBody({ terms: ['co2'], filters: {}, offset: 0, limit: 5, after: { year: null, id: 'p_y' } }, [1]).search_after).toEqual(['-9223372036854775808', 'p_y']);
  });

  it("counts each facet with a terms aggregation and a missing bucket, and reads them back in the engines' order", () => {
    const body = searchBody({ terms: ['co2', 'esg'], filters: {}, offset: 0, limit: 5, facets: ['topic', 'year'] }, [1, 1]);
    expect(body.aggs).toEqual(facetAggregations(['topic', 'year']));
    expect(Object.keys(body.aggs!)).toEqual(['facet_topic', 'facet_topic_missing', 'facet_year', 'facet_year_missing']);
    const answer = {
      facet_topic: { buckets: [{ key: 'esg', doc_count: 2 }, { key: 'ccus', doc_count: 5 }, { key: 'ev', doc_count: 2 }] },
      facet_topic_missing: { doc_count: 1 },
      facet_year: { buckets: [{ key: 2020, doc_count: 3 }, { key: 2024, doc_count: 3 }] },
      facet_year_missing: { doc_count: 0 },
    };
    expect(facetsFromAggregations(['topic', 'year'], answer)).toEqual({
      topic: [{ value: 'ccus', count: 5 }, { value: 'esg', count: 2 }, { value: 'ev', count: 2 }, { value: null, count: 1 }],
      year: [{ value: 2024, count: 3 }, { value: 2020, count: 3 }],
    });
  });
});

describe('checkResultWindow', () => {
  it('accepts pages up to the result window and refuses pages beyond it', () => {
    expect(() => checkResultWindow({ offset: 9_980, limit: 20 }, 10_000)).not.toThrow();
    expect(() => checkResultWindow({ offset: 9_990, limit: 20 }, 10_000)).toThrow(/10000/);
  });
});

describe('rankBody', () => {
  const ranked = (text: string, extra: Partial<RankedQuery> = {}): RankedQuery => ({ text, filters: {}, limit: 30, ...extra });

  it('is one combined_fields (BM25F) query over the ranked fields, weighted as the embedded engine weighs them', () => {
    const body = rankBody(ranked('carbon pricing in Japan'));
    expect(body.query.bool!.must).toEqual([
      {
        combined_fields: {
          query: 'carbon pricing in japan',
          fields: [`ranked_title^${RANKED_FIELD_WEIGHTS.title}`, `ranked_tags^${RANKED_FIELD_WEIGHTS.tags}`, `ranked_body^${RANKED_FIELD_WEIGHTS.body}`],
          operator: 'or',
        },
      },
    ]);
    // combined_fields takes boosts as BM25F term-frequency weights, and refuses any below 1.
    expect(Object.values(RANKED_FIELD_WEIGHTS).every((w) => w >= 1)).toBe(true);
    expect(RANKED_FIELD_WEIGHTS.title).toBe(5);
  });

  it('filters in bool.filter, sorts best first with the tie order, returns the limit without counting', () => {
    const filters = { topic: 'hydrogen' as const, langs: ['en' as const, 'mul' as const], minDraftScore: 80, author: 'Müller', addedSince: '2026-01-01T00:00:00.000Z' };
    const body = rankBody(ranked('hydrogen', { filters, limit: 7 }));
    expect(body.query.bool!.filter).toEqual(filterQueries(filters));
    expect(body.query.bool!.filter).toEqual(expect.arrayContaining([{ term: { author_keys: 'muller' } }, { range: { created_at: { gte: '2026-01-01T00:00:00.000Z' } } }]));
    expect(body).toMatchObject({ size: 7, track_total_hits: false, _source: ['paper'], sort: searchBody(query('x'), [1]).sort });
  });

  it('ranks a question on its subject: the words framing it are left out of the text (the question rule)', () => {
    const text = (t: string) => (rankBody(ranked(t)).query.bool!.must as Query[])[0]!.combined_fields!.query;
    expect(text('How does carbon pricing affect emissions in Japan?')).toBe('carbon pricing emissions japan?');
    expect(text('カーボンプライシングは日本の排出量にどう影響するか')).toBe('カーボンプライシング 日本 排出量');
    // A "more like this" text is a paper's: taken as it is.
    const like = rankBody(ranked('How does it work', { moreLikeThis: { maxTerms: 5 } }));
    expect((like.query.bool!.must as Query[])[0]!.more_like_this!.like).toBe('how does it work');
  });

  it('sends the text as text: query syntax is only words to the analyzer, and the text is normalised like the index', () => {
    const body = rankBody(ranked('title:x OR * ＣＯ２'));
    expect((body.query.bool!.must as Query[])[0]!.combined_fields!.query).toBe('title:x or * co2');
    expect(JSON.stringify(body)).not.toMatch(/query_string|simple_query_string|script/);
  });
});

describe('paperDocument', () => {
  it('indexes the normalised values of each field group, split into words and for ranking, and keeps the paper as it is', () => {
    const p = paper({ id: 'p1', title: 'ＣＯ２排出量の推計', title_en: 'CO2 emission estimates', tags: ['Scope3', ''], topic: 'scope3', abstract: 'Hydrogen', year: 2023, lang: 'ja' });
    expect(paperDocument(p)).toEqual({
      id: 'p1',
      year: 2023,
      topic: 'scope3',
      lang: 'ja',
      venue_type: null,
      shelf: null,
      draft_score: null,
      created_at: '2024-05-01T00:00:00Z',
      author_keys: [],
      citations_known: 0,
      work_id: 'p1',
      venue_rank: 4,
      title: ['co2排出量の推計', 'co2 emission estimates'],
      tags: ['scope3', 'scope3'],
      body: ['hydrogen'],
      words_title: ['co2排出量の推計', 'co2 emission estimates'],
      words_tags: ['scope3'],
      words_body: ['hydrogen'],
      ranked_title: ['co2排出量の推計', 'co2 emission estimates'],
      ranked_tags: ['scope3'],
      ranked_body: ['hydrogen'],
      paper: p,
    });
  });

  it('computes what the author, since, cited_by and versions features read, as the embedded engine does', () => {
    const doc = paperDocument(paper({ id: 'p2', authors: ['Hasegawa, Misaki', '長谷川美咲'], cited_by_count: 4, cited_by_corpus_count: 9, work_id: 'p1', venue_type: 'preprint' }));
    expect(doc).toMatchObject({ work_id: 'p1', venue_rank: 3, citations_known: 9, created_at: '2024-05-01T00:00:00Z' });
    expect(doc.author_keys.sort()).toEqual(['hasegawa', 'hasegawa misaki', 'misaki hasegawa', '長谷', '長谷川', '長谷川美', '長谷川美咲'].sort());
    const old = { ...paper({ id: 'p3', cited_by_count: null }), created_at: undefined, cited_by_corpus_count: undefined } as unknown as Paper;
    expect(paperDocument(old)).toMatchObject({ created_at: null, citations_known: null, work_id: 'p3', venue_rank: 4 });
  });

  it('counts a repeated title once, and every body value (the model sums the body)', () => {
    const doc = paperDocument(paper({ id: 'p1', title: 'Hydrogen', title_en: 'Hydrogen', abstract: 'Same text', ai_summary_en: 'Same text' }));
    expect(doc.words_title).toEqual(['hydrogen']);
    expect(doc.words_body).toEqual(['same text', 'same text']);
    expect(doc.ranked_body).toEqual(['same text']);
  });
});

describe('aliasSwapActions', () => {
  it('moves the alias from every previous index to the new one in a single action list', () => {
    expect(aliasSwapActions('gx-papers', 'gx-papers-v2', ['gx-papers-v1'])).toEqual([
      { remove: { index: 'gx-papers-v1', alias: 'gx-papers', must_exist: true } },
      { add: { index: 'gx-papers-v2', alias: 'gx-papers' } },
    ]);
    expect(aliasSwapActions('gx-papers', 'gx-papers-v2', [])).toEqual([{ add: { index: 'gx-papers-v2', alias: 'gx-papers' } }]);
  });
});

describe('infra/elasticsearch/papers-index.json', () => {
  const file = path.resolve(__dirname, '../../infra/elasticsearch/papers-index.json');
  const definition = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    settings: { index: Record<string, unknown>; analysis: Record<string, Record<string, Record<string, unknown>>> };
    mappings: { dynamic: string; _meta: Record<string, unknown>; properties: Record<string, Record<string, unknown>> };
  };
  const { properties } = definition.mappings;
  const { analysis } = definition.settings;

  it('carries its mapping version, raised from the unversioned first release', () => {
    // 3: venue_type became a filter and a facet. 4: author_keys, created_at, citations_known, work_id and venue_rank (author, since, sort=cited_by, collapse=versions).
    expect(definition.mappings._meta[MAPPING_VERSION_KEY]).toBe(4);
  });

  it('maps every field group as a wildcard field, for substring matching of any length', () => {
    for (const group of FIELD_GROUP_NAMES) expect(properties[group]).toMatchObject({ type: 'wildcard' });
  });

  it('maps each group again as words (gx_words), scored by the saturation of relevance.ts in title and body', () => {
    expect(properties.words_title).toEqual({ type: 'text', analyzer: 'gx_words', similarity: 'gx_title' });
    expect(properties.words_tags).toEqual({ type: 'text', analyzer: 'gx_words', norms: false });
    expect(properties.words_body).toEqual({ type: 'text', analyzer: 'gx_words', similarity: 'gx_body' });
    // No lower-casing: the text is normalised already, and term queries must meet it unchanged.
    expect(analysis.analyzer!.gx_words).toEqual({ type: 'custom', tokenizer: 'gx_words', filter: ['gx_word_truncate'] });
    expect(analysis.tokenizer!.gx_words).toEqual({ type: 'pattern', pattern: '[^\\p{L}\\p{N}\\p{M}]+' });
    expect(wordsOf('a'.repeat(300))).toEqual(['a'.repeat(analysis.filter!.gx_word_truncate!.length as number)]);
  });

  it('analyzes the ranked fields like shared/text/analyzer.ts, with one analyzer (combined_fields needs it)', () => {
    for (const group of FIELD_GROUP_NAMES) expect(properties[`ranked_${group}`]).toEqual({ type: 'text', analyzer: 'gx_ranked', index_options: 'freqs' });
    const ranked = analysis.analyzer!.gx_ranked!;
    expect(ranked).toMatchObject({ tokenizer: 'standard', char_filter: ['gx_word_breaks'] });
    expect(analysis.char_filter!.gx_word_breaks).toEqual({ type: 'pattern_replace', pattern: '[^\\p{L}\\p{N}\\p{M}]+', replacement: ' ' });
    const filters = (ranked.filter as string[]).map((name) => analysis.filter![name] ?? name);
    expect(filters).toEqual([
      'cjk_width',
      'lowercase',
      { type: 'cjk_bigram', ignored_scripts: ['hangul'] },
      { type: 'stop', stopwords: '_english_' },
      // analyzer.ts stems only words of a–z letters.
      { type: 'keyword_marker', keywords_pattern: '.*[^a-z].*' },
      { type: 'stemmer', language: 'porter2' },
    ]);
  });

  it('maps the filter and sort keys as exact values and stores the paper without indexing it', () => {
    expect(properties).toMatchObject({
      id: { type: 'keyword' },
      year: { type: 'integer' },
      topic: { type: 'keyword' },
      lang: { type: 'keyword' },
      paper: { type: 'object', enabled: false },
    });
  });

  it('is strict and maps every field a paper document has (a strict index rejects unmapped fields)', () => {
    expect(definition.mappings.dynamic).toBe('strict');
    const doc = paperDocument(paper({ id: 'p1' }));
    expect(Object.keys(properties).sort()).toEqual(Object.keys(doc).sort());
  });

  it('keeps the default result window the API pages within', () => {
    expect(definition.settings.index).toMatchObject({ number_of_shards: 1, max_result_window: 10_000 });
  });
});

/**
 * The built requests read with Elasticsearch's semantics (`tests/support/elasticsearch-semantics.ts`):
 * whatever the idf, the match set and total are exactly the reference's.
 */
describe('the built request, read with Elasticsearch semantics, matches exactly what the model matches', () => {
  const extra: Paper[] = [
    paper({ id: 'a5', title: 'Wildcards: co* and c?2 in titles', abstract: 'escape \\ test', year: 2021, lang: 'en' }),
    paper({ id: 'a6', title: 'Cox2 and c22 are not co2', year: 2024, lang: 'en' }),
    paper({ id: 'a8', title: 'hydro', tags: ['gen'], year: 2020, lang: 'en' }),
  ];
  const papers = [...FIXTURE_PAPERS, ...CONNECTED_PAPERS, ...extra];
  const es = new ElasticsearchSemantics(papers.map(paperDocument), loadIndexDefinition());

  const cases: KeywordQuery[] = [
    ...CONTRACT_QUERIES.map((q) => ({
      terms: q.terms,
      filters: { topic: q.topic ?? undefined, langs: q.langs, shelf: q.shelf, minDraftScore: q.minDraftScore },
      offset: 0,
      limit: 1000,
    })),
    ...['co*', 'c?2', '\\', 'ro*en', 'hydrogen 水素', 'r&d', '2024', 'ai', 'emission', 'methanol shipping', 'district cooling'].map((text) => query(text, { limit: 1000 })),
    ...[{ author: 'muller' }, { author: '長谷川' }, { author: 'Ｓｍｉｔｈ', yearFrom: 2020 }, { addedSince: '2025-06-01T12:00:00.000Z' }].map((filters) => query('adaptation', { filters, limit: 1000 })),
    query('co2', { filters: { langs: [] }, limit: 1000 }),
    // A search by author alone (no term): the filters' papers.
    ...[{ author: 'Hasegawa' }, { author: 'muller', venueType: 'journal' as const }, { author: '長谷川' }, { author: 'Lee' }].map((filters) => query('', { filters, limit: 1000 })),
  ];

  it.each(cases.map((q) => [q.terms.join(' '), q] as const))('%s', (_, q) => {
    const idfs = q.terms.map((_, i) => 1 + i / 3);
    const answer = es.search(searchBody(q, idfs));
    const expected = referenceSearch(papers, q);
    expect((answer.hits.total as estypes.SearchTotalHits).value).toBe(expected.total);
    expect(answer.hits.hits.map((h) => h._id).sort()).toEqual([...expected.ids].sort());
    expect(es.search({ ...countBody(q), track_total_hits: true }).hits.total).toEqual(answer.hits.total);
  });

  it('orders a search by author alone as the model does: newest first, in every sort that falls back on it', () => {
    for (const sort of ['relevance', 'newest'] as const) {
      const q = query('', { filters: { author: 'muller' }, sort, limit: 1000 });
      const expected = referenceSearch(papers, q);
      expect(expected.total).toBeGreaterThan(1);
      expect({ sort, ids: es.search(searchBody(q, [])).hits.hits.map((h) => h._id) }).toEqual({ sort, ids: expected.ids });
    }
  });
});
