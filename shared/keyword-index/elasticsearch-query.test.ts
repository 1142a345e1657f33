import fs from 'node:fs';
import path from 'node:path';
import type { estypes } from '@elastic/elasticsearch';
import type { Paper } from '../papers/paper';
import { splitTerms } from '../text/normalize';
import {
  aliasSwapActions,
  checkResultWindow,
  escapeWildcard,
  filterQueries,
  paperDocument,
  searchBody,
  type PaperDocument,
} from './elasticsearch-query';
import type { KeywordQuery } from './keyword-index.port';
import { compareTies, FIELD_GROUP_NAMES, FIELD_GROUPS, scorePaper, searchTextOf } from './relevance';

const paper = (fields: Partial<Paper> & { id: string }): Paper => ({
  doi: null,
  title: null,
  title_ja: null,
  title_en: null,
  authors: [],
  year: null,
  abstract: null,
  ai_summary_en: null,
  ai_summary_ja: null,
  source_url: null,
  venue: null,
  venue_type: null,
  topic: null,
  tags: [],
  lang: null,
  source: null,
  shelf: null,
  is_peer_reviewed: null,
  draft_score: null,
  publication_date: null,
  pdf_url: null,
  updated_at: '2024-05-01T00:00:00Z',
  ...fields,
});

const query = (text: string, extra: Partial<KeywordQuery> = {}): KeywordQuery => ({
  terms: splitTerms(text),
  filters: {},
  offset: 0,
  limit: 20,
  ...extra,
});

type Query = estypes.QueryDslQueryContainer;
const mustOf = (body: ReturnType<typeof searchBody>) => body.query.bool!.must as Query[];
const filterOf = (body: ReturnType<typeof searchBody>) => body.query.bool!.filter as Query[];

describe('searchBody', () => {
  it('gives each term one constant-score wildcard clause per field group, boosted as in FIELD_GROUPS', () => {
    const body = searchBody(query('CO2'));
    expect(mustOf(body)).toEqual([
      {
        bool: {
          should: FIELD_GROUP_NAMES.map((group) => ({
            constant_score: { filter: { wildcard: { [group]: { value: '*co2*' } } }, boost: FIELD_GROUPS[group].boost },
          })),
          minimum_should_match: 1,
        },
      },
    ]);
    expect(FIELD_GROUP_NAMES.map((g) => FIELD_GROUPS[g].boost)).toEqual([3, 2, 1]);
  });

  it('AND-combines several terms in bool.must, in query order, so their scores add up', () => {
    const must = mustOf(searchBody(query('carbon  ＰＲＩＣＩＮＧ　水素')));
    expect(must).toHaveLength(3);
    const patterns = must.map((clause) => JSON.stringify(clause).match(/"value":"([^"]*)"/)![1]);
    expect(patterns).toEqual(['*carbon*', '*pricing*', '*水素*']);
  });

  it('keeps a two-character Japanese term whole, as a substring pattern', () => {
    const [clause] = mustOf(searchBody(query('排出')));
    for (const should of clause!.bool!.should as Query[]) {
      expect(Object.values(should.constant_score!.filter.wildcard!)).toEqual([{ value: '*排出*' }]);
    }
  });

  it('escapes the wildcard operators and the escape character inside terms', () => {
    expect(escapeWildcard('a*b?c\\d')).toBe('a\\*b\\?c\\\\d');
    expect(escapeWildcard('水素*')).toBe('水素\\*');
    const [clause] = mustOf(searchBody(query('co*?\\')));
    expect(JSON.stringify(clause)).toContain(JSON.stringify('*co\\*\\?\\\\*'));
  });

  it('puts the topic and language filters in bool.filter, where they cannot change the score', () => {
    const body = searchBody(query('esg', { filters: { topic: 'hydrogen', langs: ['ja', 'mul'] } }));
    expect(filterOf(body)).toEqual([{ term: { topic: 'hydrogen' } }, { terms: { lang: ['ja', 'mul'] } }]);
    expect(JSON.stringify(mustOf(body))).not.toMatch(/topic|lang/);
    expect(filterOf(searchBody(query('esg')))).toEqual([]);
  });

  it('pages with from/size, counts every match, and returns only the stored paper', () => {
    const body = searchBody(query('esg', { offset: 40, limit: 20 }));
    expect(body).toMatchObject({ from: 40, size: 20, track_total_hits: true, _source: ['paper'] });
  });

  it('orders by score, then year descending with missing years last, then id', () => {
    expect(searchBody(query('esg')).sort).toEqual([
      { _score: { order: 'desc' } },
      { year: { order: 'desc', missing: '_last' } },
      { id: { order: 'asc' } },
    ]);
  });

  it('matches nothing without a term, as the formula scores nothing', () => {
    expect(searchBody(query('  ')).query).toEqual({ match_none: {} });
  });
});

describe('checkResultWindow', () => {
  it('accepts pages up to the result window and refuses pages beyond it', () => {
    expect(() => checkResultWindow({ offset: 9_980, limit: 20 }, 10_000)).not.toThrow();
    expect(() => checkResultWindow({ offset: 9_990, limit: 20 }, 10_000)).toThrow(/10000/);
  });
});

describe('paperDocument', () => {
  it('indexes the normalised values of each field group and keeps the paper as it is', () => {
    const p = paper({ id: 'p1', title: 'ＣＯ２排出量の推計', tags: ['Scope3', ''], topic: 'scope3', abstract: 'Hydrogen', year: 2023, lang: 'ja' });
    expect(paperDocument(p)).toEqual({
      id: 'p1',
      year: 2023,
      topic: 'scope3',
      lang: 'ja',
      shelf: null,
      draft_score: null,
      title: ['co2排出量の推計'],
      tags: ['scope3', 'scope3'],
      body: ['hydrogen'],
      paper: p,
    });
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
    settings: { index: Record<string, unknown> };
    mappings: { dynamic: string; properties: Record<string, Record<string, unknown>> };
  };
  const { properties } = definition.mappings;

  it('maps every field group as a wildcard field, for substring matching of any length', () => {
    for (const group of FIELD_GROUP_NAMES) expect(properties[group]).toMatchObject({ type: 'wildcard' });
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
 * An interpreter of the small part of the query DSL the builder uses, with Elasticsearch's
 * semantics (wildcard patterns over each value of a field; constant scores summed by bool), so the
 * built requests can be checked against the formula in relevance.ts without a cluster.
 */
describe('the built request, read with Elasticsearch semantics, ranks exactly as relevance.ts', () => {
  const wildcardRegExp = (pattern: string): RegExp => {
    let source = '';
    const chars = [...pattern];
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i]!;
      if (c === '\\' && i + 1 < chars.length) source += escapeRegExp(chars[++i]!);
      else if (c === '*') source += '.*';
      else if (c === '?') source += '.';
      else source += escapeRegExp(c);
    }
    return new RegExp(`^${source}$`, 'su');
  };
  const escapeRegExp = (c: string) => c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

  /** The score of a document, or null when the query does not match it. */
  const evaluate = (q: Query, doc: PaperDocument): number | null => {
    const field = (name: string) => (doc as unknown as Record<string, unknown>)[name];
    if (q.match_none) return null;
    if (q.constant_score) return evaluate(q.constant_score.filter, doc) === null ? null : (q.constant_score.boost ?? 1);
    if (q.wildcard) {
      const [name, spec] = Object.entries(q.wildcard)[0]!;
      const re = wildcardRegExp(typeof spec === 'string' ? spec : spec!.value!);
      return (field(name) as string[]).some((v) => re.test(v)) ? 1 : null;
    }
    if (q.term) {
      const [name, value] = Object.entries(q.term)[0]!;
      return field(name) === value ? 1 : null;
    }
    if (q.terms) {
      const [name, values] = Object.entries(q.terms)[0]!;
      return (values as unknown[]).includes(field(name)) ? 1 : null;
    }
    if (q.bool) {
      const list = (c: Query | Query[] | undefined) => (c === undefined ? [] : Array.isArray(c) ? c : [c]);
      let score = 0;
      for (const clause of list(q.bool.must)) {
        const s = evaluate(clause, doc);
        if (s === null) return null;
        score += s;
      }
      if (list(q.bool.filter).some((clause) => evaluate(clause, doc) === null)) return null;
      const should = list(q.bool.should).map((clause) => evaluate(clause, doc)).filter((s): s is number => s !== null);
      if (should.length < Number(q.bool.minimum_should_match ?? 0)) return null;
      return score + should.reduce((a, b) => a + b, 0);
    }
    throw new Error(`query not understood: ${JSON.stringify(q)}`);
  };

  const runOnElasticsearchSemantics = (papers: Paper[], q: KeywordQuery) => {
    const body = searchBody(q);
    const hits = papers
      .map(paperDocument)
      .map((doc) => ({ doc, score: evaluate(body.query, doc) }))
      .filter((h): h is { doc: PaperDocument; score: number } => h.score !== null);
    // The sort built by searchBody, read literally: _score desc, year desc (missing last), id asc.
    expect(body.sort).toEqual([
      { _score: { order: 'desc' } },
      { year: { order: 'desc', missing: '_last' } },
      { id: { order: 'asc' } },
    ]);
    hits.sort(
      (a, b) =>
        b.score - a.score ||
        (a.doc.year === null ? (b.doc.year === null ? 0 : 1) : b.doc.year === null ? -1 : b.doc.year - a.doc.year) ||
        (a.doc.id < b.doc.id ? -1 : a.doc.id > b.doc.id ? 1 : 0),
    );
    const page = hits.slice(body.from, body.from + body.size);
    return { total: hits.length, hits: page.map((h) => [h.doc.id, h.score]) };
  };

  const runFormula = (papers: Paper[], q: KeywordQuery) => {
    const { topic, langs } = q.filters;
    const hits = papers
      .filter((p) => (topic === undefined || p.topic === topic) && (langs === undefined || (p.lang !== null && langs.includes(p.lang))))
      .map((p) => ({ p, score: scorePaper(searchTextOf(p), q.terms) }))
      .filter((h) => h.score > 0)
      .sort((a, b) => b.score - a.score || compareTies(a.p, b.p));
    return { total: hits.length, hits: hits.slice(q.offset, q.offset + q.limit).map((h) => [h.p.id, h.score]) };
  };

  const corpus: Paper[] = [
    paper({ id: 'a1', title: 'Hydrogen economy outlook', tags: ['hydrogen'], topic: 'hydrogen', year: 2022, lang: 'en' }),
    paper({ id: 'a2', title_ja: '水素エネルギーの展望', abstract: '水素と炭素価格', topic: 'hydrogen', year: 2024, lang: 'ja' }),
    paper({ id: 'a3', title: 'ＣＯ２排出量の算定', ai_summary_ja: 'Scope3 の排出', topic: 'scope3', year: null, lang: 'ja' }),
    paper({ id: 'a4', title: 'Carbon pricing and CO2', abstract: 'co2 co2 co2', tags: ['carbon_pricing'], topic: 'carbon_pricing', year: 2024, lang: 'mul' }),
    paper({ id: 'a5', title: 'Wildcards: co* and c?2 in titles', abstract: 'escape \\ test', year: 2021, lang: 'en' }),
    paper({ id: 'a6', title: 'Cox2 and c22 are not co2', year: 2024, lang: 'en' }),
    paper({ id: 'a7', abstract: 'Emissions of CO2 from steel', tags: ['ESG', 'Steel'], topic: 'esg', year: 2024, lang: 'en' }),
    paper({ id: 'a0', abstract: 'Emissions of CO2 from cement', tags: ['ESG'], topic: 'esg', year: 2024, lang: null }),
    paper({ id: 'a8', title: 'hydro', tags: ['gen'], year: 2020, lang: 'en' }),
  ];

  it.each([
    ['co2'],
    ['ＣＯ２ 排出'],
    ['水素'],
    ['排出'],
    ['hydrogen'],
    ['hydrogen 水素'],
    ['esg co2'],
    ['co*'],
    ['c?2'],
    ['\\'],
    ['ro*en'],
    ['2024'],
  ])('query %p', (text) => {
    expect(runOnElasticsearchSemantics(corpus, query(text))).toEqual(runFormula(corpus, query(text)));
  });

  it('applies filters and paging the same way', () => {
    const cases: Partial<KeywordQuery>[] = [
      { filters: { topic: 'esg' } },
      { filters: { langs: ['en', 'mul'] } },
      { filters: { langs: [] } },
      { offset: 1, limit: 2 },
      { offset: 50, limit: 10 },
    ];
    for (const extra of cases) {
      expect(runOnElasticsearchSemantics(corpus, query('co2', extra))).toEqual(runFormula(corpus, query('co2', extra)));
    }
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
