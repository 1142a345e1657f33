import type { estypes } from '@elastic/elasticsearch';
import { painlessAsJavaScript } from '../../tests/support/elasticsearch-semantics';
import {
  corpusStatsAggregation,
  escapeWildcard,
  idfsFromCorpusStats,
  partialQuality,
  rescoreWindow,
  saturationScript,
  termKind,
  termScoring,
  wordsOf,
} from './elasticsearch-ranking';
import { loadIndexDefinition } from './keyword-index.elasticsearch';
import { FIELD_GROUP_NAMES, FIELD_GROUPS, idf, matchQuality, occurrences, PROXIMITY, proximityBonus, saturate, searchTextOf } from './relevance';
import { storedPaper } from '../../tests/support/paper-fixtures';

type Query = estypes.QueryDslQueryContainer;

const paper = storedPaper;

const groupsOf = (q: Query) => q.bool!.should as Query[];
const evidence = (quality: number) => saturate(quality, 1, 1);

describe('wordsOf and the gx_words tokenizer', () => {
  const text = 'carbon_pricing r&d: co2排出量 in hokkaido, ai-driven u.s. 3.5% ｅ and naïve scope3';

  it('splits as the mapping tokenizer does', () => {
    const { pattern } = (loadIndexDefinition().settings.analysis as { tokenizer: Record<string, { pattern: string }> }).tokenizer.gx_words!;
    expect(wordsOf(text)).toEqual(text.split(new RegExp(pattern, 'u')).filter(Boolean));
  });

  it('makes a token of a term exactly where relevance.ts sees a whole word', () => {
    const normalised = searchTextOf(paper({ id: 'p', title: text })).title[0]!;
    for (const term of ['carbon', 'pricing', 'r', 'co2', 'hokkaido', 'ai', 'driven', 'u', 's', '3', '5', 'e', 'naïve', 'scope', 'scope3', 'in', 'kkai']) {
      const whole = occurrences(normalised, term).best === 1;
      expect([term, wordsOf(normalised).includes(term)]).toEqual([term, whole]);
    }
  });
});

describe('termKind', () => {
  it.each([
    ['co2', 'word'],
    ['hokkaido', 'word'],
    ['naïve', 'word'],
    ['水素', 'anywhere'],
    ['co2排出', 'anywhere'],
    ['(co2)', 'anywhere'],
    ['%', 'anywhere'],
    ['r&d', 'words'],
    ['50%', 'words'],
    ['c*2', 'words'],
    ['-free', 'words'],
  ])('%p is matched as %p', (term, kind) => {
    expect(termKind(term)).toBe(kind);
  });
});

describe('partialQuality', () => {
  it('ranks the start of a word above its inside, both below a whole word', () => {
    for (let length = 1; length < 30; length++) {
      expect(partialQuality(length, true)).toBeGreaterThan(partialQuality(length, false));
      expect(partialQuality(length, true)).toBeLessThan(1);
    }
  });

  it('is close to what the model gives common cases', () => {
    expect(partialQuality(8, true)).toBeCloseTo(matchQuality('emissions', 'emission', 0), 0);
    expect(Math.abs(partialQuality(2, false) - matchQuality('hokkaido', 'ai', 4))).toBeLessThan(0.05);
    expect(Math.abs(partialQuality(2, false) - matchQuality('increase', 'cr', 2))).toBeLessThan(0.05);
  });
});

describe('termScoring', () => {
  it('gives a word, in each group, the best of three tiers worth boost × idf × evidence', () => {
    const termIdf = 1.7;
    const [title, tags, body] = groupsOf(termScoring('ai', termIdf));
    const inside = evidence(partialQuality(2, false));
    const start = evidence(partialQuality(2, true));
    const tiers = (group: 'title' | 'tags' | 'body', field: string, whole: Query): Query => ({
      dis_max: {
        queries: [
          { constant_score: { filter: { bool: { filter: [{ wildcard: { [group]: { value: '*ai*' } } }], must_not: [{ prefix: { [field]: { value: 'ai' } } }] } }, boost: termIdf * FIELD_GROUPS[group].boost * inside } },
          { constant_score: { filter: { bool: { filter: [{ prefix: { [field]: { value: 'ai' } } }], must_not: [{ term: { [field]: 'ai' } }] } }, boost: termIdf * FIELD_GROUPS[group].boost * start } },
          whole,
        ],
      },
    });
    // Title and body: scored by the field's similarity (the saturation of relevance.ts); tags: not length-normalised.
    expect(title).toEqual(tiers('title', 'words_title', { term: { words_title: { value: 'ai', boost: termIdf * FIELD_GROUPS.title.boost } } }));
    expect(tags).toEqual(tiers('tags', 'words_tags', { constant_score: { filter: { term: { words_tags: 'ai' } }, boost: termIdf * 2 } }));
    expect(body).toEqual(tiers('body', 'words_body', { term: { words_body: { value: 'ai', boost: termIdf * 1 } } }));
  });

  it('gives a Japanese or Chinese term quality 1 wherever it occurs: one constant per group', () => {
    expect(groupsOf(termScoring('水素', 2))).toEqual(
      FIELD_GROUP_NAMES.map((group) => ({ constant_score: { filter: { wildcard: { [group]: { value: '*水素*' } } }, boost: 2 * FIELD_GROUPS[group].boost } })),
    );
  });

  it('matches several words as a phrase of tokens, only where the group holds the term, scored once per token', () => {
    const [title, tags] = groupsOf(termScoring('r&d', 1));
    const wildcard = (group: string) => ({ wildcard: { [group]: { value: '*r&d*' } } });
    expect(title).toEqual({
      dis_max: {
        queries: [
          { constant_score: { filter: wildcard('title'), boost: FIELD_GROUPS.title.boost * evidence(partialQuality(3, false)) } },
          { bool: { must: [{ match_phrase: { words_title: { query: 'r&d', boost: FIELD_GROUPS.title.boost / 2 } } }], filter: [wildcard('title')] } },
        ],
      },
    });
    expect((tags!.dis_max!.queries[1] as Query).constant_score).toEqual({ filter: { bool: { filter: [{ match_phrase: { words_tags: 'r&d' } }, wildcard('tags')] } }, boost: 2 });
  });

  it('escapes the wildcard syntax of the term and uses no query language', () => {
    expect(escapeWildcard('a*b?c\\d')).toBe('a\\*b\\?c\\\\d');
    const json = JSON.stringify(termScoring('co*?\\', 1));
    expect(json).toContain(JSON.stringify('*co\\*\\?\\\\*'));
    expect(json).not.toMatch(/query_string|script/);
  });
});

describe('corpus statistics', () => {
  const any = (make: (group: 'title' | 'tags' | 'body') => Query) => ({ bool: { should: FIELD_GROUP_NAMES.map(make), minimum_should_match: 1 } });

  it('counts, over every paper, who holds each term, and who starts a word with it or holds it as a word', () => {
    const aggs = corpusStatsAggregation(['ai', '水素', 'r&d']);
    expect(Object.keys(aggs)).toEqual(['corpus']);
    expect(aggs.corpus!.global).toEqual({});
    const filters = aggs.corpus!.aggs!.df!.filters!.filters as Record<string, Query>;
    expect(Object.keys(filters)).toEqual(['t0_any', 't0_start', 't0_whole', 't1_any', 't2_any', 't2_whole']);
    expect(filters.t0_any).toEqual(any((g) => ({ wildcard: { [g]: { value: '*ai*' } } })));
    expect(filters.t0_start).toEqual(any((g) => ({ prefix: { [`words_${g}`]: { value: 'ai' } } })));
    expect(filters.t0_whole).toEqual(any((g) => ({ term: { [`words_${g}`]: 'ai' } })));
    expect(filters.t2_whole).toMatchObject({ bool: { filter: [filters.t2_any], minimum_should_match: 1 } });
  });

  it('turns the counts into the idf of relevance.ts, a paper counted by its best match', () => {
    const buckets = { t0_any: { doc_count: 30 }, t0_start: { doc_count: 12 }, t0_whole: { doc_count: 10 }, t1_any: { doc_count: 4 }, t2_any: { doc_count: 6 }, t2_whole: { doc_count: 2 } };
    const idfs = idfsFromCorpusStats(['ai', '水素', 'r&d'], { corpus: { doc_count: 100, df: { buckets } } });
    expect(idfs[0]).toBeCloseTo(idf(10 + partialQuality(2, true) * 2 + partialQuality(2, false) * 18, 100), 12);
    expect(idfs[1]).toBeCloseTo(idf(4, 100), 12);
    expect(idfs[2]).toBeCloseTo(idf(2 + partialQuality(3, false) * 4, 100), 12);
  });

  it('refuses an answer without the statistics', () => {
    expect(() => idfsFromCorpusStats(['ai'], undefined)).toThrow(/corpus statistics/);
  });
});

describe('rescoreWindow', () => {
  const near = paper({ id: 'near', abstract: 'carbon leakage matters', year: 2000 });
  const far = paper({ id: 'far', abstract: 'carbon and many other words then leakage', year: 2020 });
  const terms = ['carbon', 'leakage'];
  const idfs = [1.2, 2.5];

  it('adds the proximity bonus of relevance.ts to the window and sorts it again, ties in tie order', () => {
    const hits = [
      { paper: far, score: 5 },
      { paper: near, score: 5 },
    ];
    const rescored = rescoreWindow(hits, terms, idfs);
    expect(rescored.map((h) => h.paper.id)).toEqual(['near', 'far']);
    expect(rescored[0]!.score).toBe(5 + proximityBonus(searchTextOf(near), terms, idfs));
    expect(rescored[1]!.score).toBe(5 + proximityBonus(searchTextOf(far), terms, idfs));
  });

  it('leaves the hits past the window and one-term queries alone', () => {
    const hits = Array.from({ length: PROXIMITY.window + 2 }, (_, i) => ({ paper: i < PROXIMITY.window ? far : near, score: 100 - i }));
    const rescored = rescoreWindow(hits, terms, idfs);
    expect(rescored.slice(PROXIMITY.window)).toEqual(hits.slice(PROXIMITY.window));
    expect(rescoreWindow(hits, ['carbon'], [1])).toBe(hits);
  });
});

describe('the similarities of the mapping', () => {
  const similarity = loadIndexDefinition().settings.similarity as Record<string, { type: string; script: { source: string } }>;

  it('are the scripts built from relevance.ts', () => {
    expect(similarity.gx_title).toEqual({ type: 'scripted', script: { source: saturationScript(false) } });
    expect(similarity.gx_body).toEqual({ type: 'scripted', script: { source: saturationScript(true) } });
  });

  it("compute relevance.ts's saturation: a title's whole word counts 1, a body's each occurrence", () => {
    const title = painlessAsJavaScript(similarity.gx_title!.script.source);
    const body = painlessAsJavaScript(similarity.gx_body!.script.source);
    const field = { docCount: 40, sumTotalTermFreq: 200 }; // a mean of 5 tokens
    for (const [freq, length] of [[1, 5], [1, 2], [3, 12], [7, 40]] as const) {
      expect(title({ boost: 3 }, field, { freq, length })).toBeCloseTo(3 * saturate(1, length, 5), 12);
      expect(body({ boost: 1.5 }, field, { freq, length })).toBeCloseTo(1.5 * saturate(freq, length, 5), 12);
    }
  });
});
