import type { KeywordFilters, KeywordHit, KeywordIndex, KeywordQuery } from '../../modules/keyword-index/keyword-index.port';
import { countFacets } from '../../modules/keyword-index/facet-counts';
import { compareTies, passesFilters } from '../../modules/keyword-index/relevance';
import { normalizeText, splitTerms } from '../../shared/text/normalize';
import { subsetSuggestion } from '../../modules/keyword-index/subset-suggestion';
import type { Paper } from '../../shared/papers/paper.schema';
import { referenceSearch } from '../support/reference-search';
import { CONNECTED_PAPERS, CONTRACT_QUERIES, FIXTURE_PAPERS, fixtureId, ORDER_GUARANTEES, paper } from './fixture-papers';

async function* batches<T>(items: T[], size = 4): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** More than the fixture holds: the whole match set in one page. */
const ALL = 1_000;

export interface KeywordContractOptions {
  /** The engine implements `relevance.ts` exactly (the embedded one): same order and scores as the reference, to 1e-9. */
  exactModel?: boolean;
}

/**
 * The behaviour every KeywordIndex adapter must have (DESIGN §3, §4a). What must agree between engines:
 * - **match set and `total`** of every query: exactly the reference's (the AND of substring matches), every adapter;
 * - **order and scores**: exactly the reference's (`referenceSearch`, the model of `relevance.ts`) for an
 *   engine that implements the model (`exactModel`: the embedded one); an engine that approximates it
 *   (Elasticsearch: its adapter's doc comment says how) must give the orders the model decides by a
 *   wide margin (`ORDER_GUARANTEES`: a whole word above part of a word, a short title above a body, a
 *   rare term above a common one, adjacent terms in order above distant or reversed ones), and be
 *   consistent: scores never rise down the list, equal scores are in tie order (year descending,
 *   then id), and pages are slices of one ranking;
 * - **ranked retrieval** (`rank`): any of the words finds a paper, English words by their stem, Japanese
 *   by its bigrams; filters apply; an obvious best paper comes first; best first, ties in tie order.
 *   Scores and the order of close calls are the engine's.
 */
export function keywordIndexContract(makeIndex: () => Promise<KeywordIndex>, options: KeywordContractOptions = {}): void {
  let index: KeywordIndex;

  beforeAll(async () => {
    index = await makeIndex();
    await index.init();
    await index.rebuild(batches(FIXTURE_PAPERS));
  });
  afterAll(async () => {
    await index.close();
  });

  const queryOf = (q: (typeof CONTRACT_QUERIES)[number]): KeywordQuery => ({
    terms: q.terms,
    filters: { topic: q.topic ?? undefined, langs: q.langs, shelf: q.shelf, minDraftScore: q.minDraftScore },
    offset: q.offset ?? 0,
    limit: q.limit ?? 50,
  });

  it('holds every paper it was built from', async () => {
    expect(await index.count()).toBe(FIXTURE_PAPERS.length);
  });

  it.each(CONTRACT_QUERIES)('matches exactly the papers the reference matches: $name', async (q) => {
    const query = queryOf(q);
    expect((await index.search(query)).total).toBe(referenceSearch(FIXTURE_PAPERS, query).total);
    const whole = { ...query, offset: 0, limit: ALL };
    const result = await index.search(whole);
    const expected = referenceSearch(FIXTURE_PAPERS, whole);
    expect(result.total).toBe(expected.total);
    expect(result.hits.map((h) => h.paper.id).sort()).toEqual([...expected.ids].sort());
  });

  it.each(CONTRACT_QUERIES)('orders by score, ties by year then id, and pages within one ranking: $name', async (q) => {
    const query = queryOf(q);
    const whole = (await index.search({ ...query, offset: 0, limit: ALL })).hits;
    expectBestFirst(whole);
    const page = await index.search(query);
    expect(page.hits.map((h) => h.paper.id)).toEqual(whole.slice(query.offset, query.offset + query.limit).map((h) => h.paper.id));
  });

  if (options.exactModel) {
    it.each(CONTRACT_QUERIES)('gives the order and scores of the reference: $name', async (q) => {
      const query = queryOf(q);
      const expected = referenceSearch(FIXTURE_PAPERS, query);
      const result = await index.search(query);
      expect(result.hits.map((h) => h.paper.id)).toEqual(expected.ids);
      result.hits.forEach((h, i) => expect(h.score).toBeCloseTo(expected.scores[i]!, 9));
    });
  }

  it.each(ORDER_GUARANTEES)('ranks as the model decides: $name', async ({ terms, above, below }) => {
    const query: KeywordQuery = { terms, filters: {}, offset: 0, limit: ALL };
    const ids = (await index.search(query)).hits.map((h) => h.paper.id);
    // The reference agrees, so the fixture shows what it claims.
    const expected = referenceSearch(FIXTURE_PAPERS, query).ids;
    expect(expected.indexOf(above)).toBeLessThan(expected.indexOf(below));
    expect(ids).toContain(below);
    expect(ids.indexOf(above)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(above)).toBeLessThan(ids.indexOf(below));
  });

  it('finds two-character Japanese terms where a trigram index could not', async () => {
    const result = await index.search({ terms: splitTerms('水素'), filters: {}, offset: 0, limit: 50 });
    const titles = result.hits.map((h) => h.paper.title);
    expect(titles).toContain('水素エネルギーの社会実装');
    // A match in an AI summary only (f15) and in a Japanese title translation only (f05) count too.
    expect(titles).toContain('Electric vehicles and the grid');
    expect(titles).toContain('碳排放交易市场研究');
  });

  it('treats full-width and half-width, upper and lower case alike', async () => {
    const a = await index.search({ terms: splitTerms('ＣＯ２'), filters: {}, offset: 0, limit: 50 });
    const b = await index.search({ terms: splitTerms('co2'), filters: {}, offset: 0, limit: 50 });
    expect(a.total).toBeGreaterThan(1);
    expect(a.hits.map((h) => h.paper.id)).toEqual(b.hits.map((h) => h.paper.id));
  });

  it('returns the whole stored paper', async () => {
    const result = await index.search({ terms: ['碳排放交易'], filters: {}, offset: 0, limit: 1 });
    expect(result.hits[0]!.paper).toEqual(FIXTURE_PAPERS.find((p) => p.title === '碳排放交易市场研究'));
  });

  describe('rank (ranked retrieval)', () => {
    const rank = (text: string, filters: KeywordQuery['filters'] = {}, limit = 20) => index.rank({ text, filters, limit });
    const ids = (hits: KeywordHit[]) => hits.map((h) => h.paper.id);
    const [f02, g03, g04, g05, g06, g10] = ['f02', 'g03', 'g04', 'g05', 'g06', 'g10'].map(fixtureId);

    beforeAll(async () => {
      // A process-local engine prepares ranked retrieval only when asked.
      await index.prepareRanking?.();
    });

    it('finds a paper holding any one of the words', async () => {
      const found = ids(await rank('peatland methanol'));
      expect(found).toEqual(expect.arrayContaining([g03, g04, g05, g06]));
    });

    it('finds an English word by its stem (emissions finds emission)', async () => {
      expect(ids(await rank('emissions'))).toContain(g10);
    });

    it('finds a Japanese paper from a Japanese query without spaces', async () => {
      expect(ids(await rank('水素エネルギー'))).toContain(f02);
    });

    it('applies the filters', async () => {
      const filters: KeywordQuery['filters'] = { topic: 'hydrogen', langs: ['en', 'mul'] };
      const hits = await rank('hydrogen', filters);
      expect(hits.length).toBeGreaterThan(0);
      for (const h of hits) expect(passesFilters(h.paper, filters)).toBe(true);
      expect(await rank('hydrogen', { langs: [] })).toEqual([]);
    });

    it('puts the obvious best paper first, best first, ties in tie order, at most limit', async () => {
      const hits = await rank('peatland restoration');
      expect(hits[0]!.paper.id).toBe(g03);
      expectBestFirst(hits);
      expect(await rank('hydrogen', {}, 2)).toHaveLength(2);
    });

    it('reads the text as words, never as query syntax', async () => {
      expect(ids(await rank('title:peatland OR *'))).toContain(g03);
      expect(await rank('nonexistentterm')).toEqual([]);
    });
  });

  describe('facets, newest first, and the year and venue-type filters', () => {
    const FACETS = ['topic', 'lang', 'year', 'venue_type'] as const;

    it('counts the whole match set by each facet, exactly as the reference does, adding up to total', async () => {
      const cases: [string[], KeywordFilters][] = [[['carbon'], {}], [['水素'], {}], [['finance'], { langs: ['en'] }], [['climate'], { yearFrom: 2020 }]];
      for (const [terms, filters] of cases) {
        const query = { terms, filters, offset: 0, limit: 3, facets: FACETS };
        const result = await index.search(query);
        const expected = referenceSearch(FIXTURE_PAPERS, query);
        expect(result.total).toBe(expected.total);
        expect(result.facets).toEqual(countFacets(expected.matches, FACETS));
        for (const facet of FACETS) expect(result.facets![facet]!.reduce((n, b) => n + b.count, 0)).toBe(result.total);
      }
    });

    it('orders newest first (publication year descending, then the tie order) when asked, with the same match set', async () => {
      const query = { terms: ['carbon'], filters: {}, offset: 0, limit: ALL, sort: 'newest' as const };
      const result = await index.search(query);
      expect(result.hits.map((h) => h.paper.id)).toEqual(referenceSearch(FIXTURE_PAPERS, query).ids);
      const years = result.hits.map((h) => h.paper.year ?? -Infinity);
      expect(years).toEqual([...years].sort((a, b) => b - a));
      const page = await index.search({ ...query, offset: 2, limit: 3 });
      expect(page.hits.map((h) => h.paper.id)).toEqual(result.hits.slice(2, 5).map((h) => h.paper.id));
    });

    it('pages by keyset (after the last key seen) through exactly the newest-first order, whatever the page size', async () => {
      const whole = await index.search({ terms: ['carbon'], filters: {}, offset: 0, limit: ALL, sort: 'newest' });
      for (const size of [1, 2, 3]) {
        const seen: string[] = [];
        let after: { year: number | null; id: string } | undefined;
        for (;;) {
          const page = await index.search({ terms: ['carbon'], filters: {}, offset: 0, limit: size, sort: 'newest', ...(after && { after }) });
          expect(page.total).toBe(whole.total);
          if (page.hits.length === 0) break;
          seen.push(...page.hits.map((h) => h.paper.id));
          const last = page.hits.at(-1)!.paper;
          after = { year: last.year, id: last.id };
        }
        expect(seen).toEqual(whole.hits.map((h) => h.paper.id));
      }
    });

    it('filters by a year range and a venue type like the reference', async () => {
      for (const filters of [{ yearFrom: 2021 }, { yearTo: 2019 }, { yearFrom: 2018, yearTo: 2022 }, { venueType: 'journal' as const }, { venueType: 'preprint' as const, yearFrom: 2020 }]) {
        const query = { terms: ['carbon'], filters, offset: 0, limit: ALL };
        const result = await index.search(query);
        expect({ filters, ids: result.hits.map((h) => h.paper.id).sort() }).toEqual({ filters, ids: [...referenceSearch(FIXTURE_PAPERS, query).ids].sort() });
      }
    });
  });

  it('pages contiguously: two pages of two equal the first four', async () => {
    const q = (offset: number, limit: number) => index.search({ terms: ['finance'], filters: {}, offset, limit });
    const [p1, p2, all] = await Promise.all([q(0, 2), q(2, 2), q(0, 4)]);
    expect([...p1.hits, ...p2.hits].map((h) => h.paper.id)).toEqual(all.hits.map((h) => h.paper.id));
    expect(p1.total).toBe(all.total);
  });

  describe('connected papers: author, since, sort=cited_by, collapse=versions', () => {
    const ALL_PAPERS = [...FIXTURE_PAPERS, ...CONNECTED_PAPERS];
    const ids = (...names: string[]) => names.map(fixtureId).sort();
    const found = async (query: KeywordQuery) => (await index.search(query)).hits.map((h) => h.paper.id).sort();
    const adaptation = (filters: KeywordFilters = {}, extra: Partial<KeywordQuery> = {}): KeywordQuery => ({ terms: ['adaptation'], filters, offset: 0, limit: ALL, ...extra });

    beforeAll(async () => {
      await index.upsert(CONNECTED_PAPERS);
      await index.prepareRanking?.();
    });
    afterAll(async () => {
      await index.remove(CONNECTED_PAPERS.map((p) => p.id));
    });

    it.each([
      ['Hasegawa', ['c01', 'c02', 'c03']],
      ['hasegawa', ['c01', 'c02', 'c03']],
      ['Misaki Hasegawa', ['c01', 'c02']],
      // The asked value is one key: written family-first after a comma, it is that whole name (the rule of person-name.ts).
      ['Hasegawa, Misaki', ['c02']],
      ['muller', ['c01', 'c02', 'c09', 'c10']],
      ['Müller', ['c01', 'c02', 'c09', 'c10']],
      ['MULLER', ['c01', 'c02', 'c09', 'c10']],
      ['Anna Muller', ['c09', 'c10']],
      ['Ｓｍｉｔｈ', ['c06', 'c07']],
      ['john smith', ['c06', 'c07']],
      ['長谷川', ['c04', 'c05']],
      ['長谷川 美咲', ['c04', 'c05']],
      ['長谷川美咲', ['c04', 'c05']],
      ['田中', ['c04']],
      ['Hasegawa-Lee', ['c08']],
      ['Lee', []],
      ['Misaki', []],
      ['adaptation', []],
    ])('author %s: exactly the papers with an author of that name', async (author, expected) => {
      const query = adaptation({ author });
      const result = await index.search(query);
      expect(result.hits.map((h) => h.paper.id).sort()).toEqual(ids(...expected));
      expect(result.total).toBe(expected.length);
      expect(result.total).toBe(referenceSearch(ALL_PAPERS, query).total);
    });

    it('author with the other filters and the terms, as the reference; q never searches authors', async () => {
      for (const filters of [{ author: 'muller', venueType: 'journal' as const }, { author: 'Hasegawa', yearFrom: 2022 }, { author: '長谷川', langs: ['en' as const] }, { author: 'smith', addedSince: '2026-01-01T00:00:00.000Z' }]) {
        const query = adaptation(filters);
        expect({ filters, ids: await found(query) }).toEqual({ filters, ids: [...referenceSearch(ALL_PAPERS, query).ids].sort() });
      }
      if (options.exactModel) {
        for (const query of [adaptation({ author: 'muller' }), adaptation({ author: 'Hasegawa' }, { terms: ['coastal', 'finance'] }), adaptation({ author: 'smith', addedSince: '2020-01-01T00:00:00.000Z' }, { offset: 1, limit: 1 })]) {
          const expected = referenceSearch(ALL_PAPERS, query);
          const result = await index.search(query);
          expect(result.hits.map((h) => h.paper.id)).toEqual(expected.ids);
          result.hits.forEach((h, i) => expect(h.score).toBeCloseTo(expected.scores[i]!, 9));
        }
      }
      expect((await index.search(adaptation({}, { terms: ['hasegawa'] }))).total).toBe(0);
      expect((await index.search(adaptation({ author: 'Hasegawa' }, { terms: ['coastal', 'finance'] }))).total).toBe(3);
    });

    describe('author alone (no term)', () => {
      const byAuthor = (filters: KeywordFilters, extra: Partial<KeywordQuery> = {}): KeywordQuery => ({ terms: [], filters, offset: 0, limit: ALL, ...extra });
      /** Newest first: year descending, then the tie order. */
      const newestFirst = (names: string[]) => names.map((n) => ALL_PAPERS.find((p) => p.id === fixtureId(n))!).sort(compareTies).map((p) => p.id);

      it('matches exactly the papers with an author of that name, newest first (the relevance order is the tie order), total counting them', async () => {
        for (const [author, expected] of [['Hasegawa', ['c01', 'c02', 'c03']], ['muller', ['c01', 'c02', 'c09', 'c10']], ['長谷川', ['c04', 'c05']], ['Lee', []]] as const) {
          const query = byAuthor({ author });
          const result = await index.search(query);
          expect({ author, ids: result.hits.map((h) => h.paper.id) }).toEqual({ author, ids: newestFirst([...expected]) });
          expect(result.total).toBe(expected.length);
          expect(result.hits.map((h) => h.paper.id)).toEqual(referenceSearch(ALL_PAPERS, query).ids);
          expect((await index.search({ ...query, sort: 'newest' })).hits.map((h) => h.paper.id)).toEqual(result.hits.map((h) => h.paper.id));
        }
      });

      it('applies the other filters, pages as slices, counts facets over the whole set', async () => {
        const query = byAuthor({ author: 'muller', venueType: 'journal' });
        expect(await found(query)).toEqual([...referenceSearch(ALL_PAPERS, query).ids].sort());
        const whole = (await index.search(byAuthor({ author: 'muller' }))).hits.map((h) => h.paper.id);
        for (const [offset, limit] of [[0, 2], [2, 2], [3, 5]]) {
          const page = await index.search(byAuthor({ author: 'muller' }, { offset, limit }));
          expect(page.hits.map((h) => h.paper.id)).toEqual(whole.slice(offset, offset + limit));
          expect(page.total).toBe(4);
        }
        const faceted = await index.search(byAuthor({ author: 'muller' }, { facets: ['venue_type'], limit: 0 }));
        expect(faceted.total).toBe(4);
        expect(faceted.facets!.venue_type!.reduce((n, b) => n + b.count, 0)).toBe(4);
      });

      it('pages newest first after a key (cursor paging)', async () => {
        const whole = (await index.search(byAuthor({ author: 'muller' }))).hits.map((h) => h.paper);
        const after = await index.search(byAuthor({ author: 'muller' }, { sort: 'newest', after: { year: whole[1]!.year, id: whole[1]!.id } }));
        expect(after.hits.map((h) => h.paper.id)).toEqual(whole.slice(2).map((p) => p.id));
      });

      it('sort=cited_by and collapse=versions work as with terms', async () => {
        expect((await index.search(byAuthor({ author: 'muller' }, { sort: 'cited_by' }))).hits.map((h) => h.paper.id)).toEqual(['c02', 'c01', 'c09', 'c10'].map(fixtureId));
        const collapsed = await index.search(byAuthor({ author: 'Hasegawa' }, { collapse: 'versions' }));
        // c01, c02 and c03 are versions of one work, shown by its journal record.
        expect(collapsed.hits.map((h) => h.paper.id)).toEqual(ids('c02'));
        expect(collapsed.total).toBe(1);
        for (const sort of ['relevance', 'newest', 'cited_by'] as const) {
          const query = byAuthor({ author: 'muller' }, { collapse: 'versions', sort });
          const expected = referenceSearch(ALL_PAPERS, query);
          const result = await index.search(query);
          expect({ sort, ids: result.hits.map((h) => h.paper.id) }).toEqual({ sort, ids: expected.ids });
          expect(result.total).toBe(expected.total);
        }
      });

      it('matches nothing with no term and no author, whatever the other filters', async () => {
        expect((await index.search(byAuthor({}))).total).toBe(0);
        expect((await index.search(byAuthor({ venueType: 'journal' }))).hits).toEqual([]);
      });
    });

    it('rank honours author like the other filters', async () => {
      const hits = await index.rank({ text: 'adaptation pathways', filters: { author: 'Muller' }, limit: 50 });
      expect(hits.map((h) => h.paper.id).sort()).toEqual(ids('c01', 'c02', 'c09', 'c10'));
    });

    it('sort=cited_by: most cited first by the greater of the two counts, ties in tie order, neither count last; pages are slices', async () => {
      const query = adaptation({}, { sort: 'cited_by' });
      const whole = (await index.search(query)).hits.map((h) => h.paper.id);
      // c07 100, c02 40 (corpus 2), c01 max(12, 1) and c09 12 (2021 before 2018), c06 7, c04 5 (corpus only), c05 3, c10 0 (2022) and c03 0 (corpus), c08 neither.
      expect(whole).toEqual(['c07', 'c02', 'c01', 'c09', 'c06', 'c04', 'c05', 'c10', 'c03', 'c08'].map(fixtureId));
      expect(whole).toEqual(referenceSearch(ALL_PAPERS, query).ids);
      for (const [offset, limit] of [[0, 3], [3, 3], [8, 5]]) {
        const page = await index.search({ ...query, offset, limit });
        expect(page.hits.map((h) => h.paper.id)).toEqual(whole.slice(offset, offset + limit));
        expect(page.total).toBe(10);
      }
      const filtered = adaptation({ author: 'muller' }, { sort: 'cited_by' });
      expect((await index.search(filtered)).hits.map((h) => h.paper.id)).toEqual(['c02', 'c01', 'c09', 'c10'].map(fixtureId));
    });

    describe('collapse=versions', () => {
      const byId = new Map(ALL_PAPERS.map((p) => [p.id, p]));
      /** The works among some papers, counted here from their work_id alone. */
      const worksAmong = (papers: Paper[]) => new Set(papers.map((p) => p.work_id)).size;

      it('answers one record per work, total counting works (computed from the papers\' work_id), without collapse total counting papers', async () => {
        const plain = await index.search(adaptation());
        expect(plain.total).toBe(CONNECTED_PAPERS.length);
        const collapsed = await index.search(adaptation({}, { collapse: 'versions' }));
        expect(collapsed.total).toBe(worksAmong(CONNECTED_PAPERS));
        expect(collapsed.total).toBe(7);
        const shown = collapsed.hits.map((h) => h.paper.id);
        expect(shown).toHaveLength(7);
        expect(new Set(shown.map((id) => byId.get(id)!.work_id)).size).toBe(7);
        // The journal record of each work: c02 over c01 (preprint) and c03 (conference), c06 over c07 (preprint).
        expect(shown.sort()).toEqual(ids('c02', 'c04', 'c05', 'c06', 'c08', 'c09', 'c10'));
        expect(collapsed.hits.map((h) => h.paper)).toEqual(collapsed.hits.map((h) => byId.get(h.paper.id)));
      });

      it('names each hit\'s paper and work beside it (search, collapsed search and rank alike), versions of a work included', async () => {
        await index.prepareRanking?.();
        const hits = [
          ...(await index.search(adaptation())).hits,
          ...(await index.search(adaptation({}, { collapse: 'versions' }))).hits,
          ...(await index.rank({ text: 'adaptation', filters: {}, limit: 50 })),
        ];
        expect(hits.length).toBeGreaterThan(CONNECTED_PAPERS.length);
        expect(new Set(hits.map((h) => h.work_id)).size).toBeLessThan(new Set(hits.map((h) => h.id)).size);
        for (const h of hits) expect({ id: h.id, work_id: h.work_id }).toEqual({ id: h.paper.id, work_id: byId.get(h.paper.id)!.work_id });
      });

      it('shows the preferred record among the matches only, and counts only the works the filters leave', async () => {
        const since = await index.search(adaptation({ addedSince: '2025-06-01T12:00:00.000Z' }, { collapse: 'versions' }));
        // Of work A only c03 (conference) was added since, of work B only c07 (preprint).
        expect(since.hits.map((h) => h.paper.id).sort()).toEqual(ids('c03', 'c04', 'c05', 'c07'));
        expect(since.total).toBe(4);
        const hasegawa = await index.search(adaptation({ author: 'Hasegawa' }, { collapse: 'versions' }));
        expect(hasegawa.hits.map((h) => h.paper.id)).toEqual(ids('c02'));
        expect(hasegawa.total).toBe(1);
        const preprints = await index.search(adaptation({ venueType: 'preprint' }, { collapse: 'versions' }));
        expect(preprints.hits.map((h) => h.paper.id).sort()).toEqual(ids('c01', 'c07'));
      });

      it('places each work where its best match stands, in every order, and pages through works', async () => {
        const cited = await index.search(adaptation({}, { collapse: 'versions', sort: 'cited_by' }));
        // Work B by c07's 100 citations, shown as c06; work A by c02's 40.
        expect(cited.hits.map((h) => h.paper.id)).toEqual(['c06', 'c02', 'c09', 'c04', 'c05', 'c10', 'c08'].map(fixtureId));
        for (const sort of ['relevance', 'newest', 'cited_by'] as const) {
          const query = adaptation({}, { collapse: 'versions', sort });
          const whole = await index.search(query);
          const expectedOrder = referenceSearch(ALL_PAPERS, query).ids;
          if (options.exactModel || sort !== 'relevance') expect({ sort, ids: whole.hits.map((h) => h.paper.id) }).toEqual({ sort, ids: expectedOrder });
          else expect(whole.hits.map((h) => h.paper.id).sort()).toEqual([...expectedOrder].sort());
          for (let i = 1; i < whole.hits.length && sort === 'relevance'; i++) expect(whole.hits[i - 1]!.score).toBeGreaterThanOrEqual(whole.hits[i]!.score);
          for (const [offset, limit] of [[0, 2], [2, 2], [4, 10], [7, 3]]) {
            const page = await index.search({ ...query, offset, limit });
            expect({ sort, offset, ids: page.hits.map((h) => h.paper.id) }).toEqual({ sort, offset, ids: whole.hits.slice(offset, offset + limit).map((h) => h.paper.id) });
            expect(page.total).toBe(7);
          }
        }
      });

      it('countEach counts works, as a search under collapse totals them', async () => {
        const sets = [['adaptation'], ['adaptation', 'coastal'], ['zebra']];
        for (const filters of [{}, { author: 'Hasegawa' }, { venueType: 'preprint' as const }]) {
          const totals = await Promise.all(sets.map(async (terms) => (await index.search({ terms, filters, offset: 0, limit: 0, collapse: 'versions' })).total));
          expect({ filters, counts: await index.countEach(sets, filters, 'versions') }).toEqual({ filters, counts: totals });
        }
        expect(await index.countEach([['adaptation']], {}, 'versions')).toEqual([7]);
        expect(await index.countEach([['adaptation']], {})).toEqual([CONNECTED_PAPERS.length]);
      });

      it('counts facets by work: each value the works with a match of that value (what filtering by it totals)', async () => {
        const FACETS = ['venue_type', 'year', 'lang'] as const;
        const result = await index.search(adaptation({}, { collapse: 'versions', facets: FACETS, limit: 1 }));
        for (const facet of FACETS) {
          const works = new Map<string | number | null, Set<string>>();
          for (const p of CONNECTED_PAPERS) works.set(p[facet], (works.get(p[facet]) ?? new Set()).add(p.work_id));
          const expected = [...works].map(([value, set]) => ({ value, count: set.size }));
          expect({ facet, counts: [...result.facets![facet]!].sort((a, b) => String(a.value).localeCompare(String(b.value))) }).toEqual({
            facet,
            counts: expected.sort((a, b) => String(a.value).localeCompare(String(b.value))),
          });
        }
        const journal = result.facets!.venue_type!.find((b) => b.value === 'journal')!;
        expect(journal.count).toBe(3);
        expect((await index.search(adaptation({ venueType: 'journal' }, { collapse: 'versions' }))).total).toBe(journal.count);
      });
    });

    it('since: only papers first added at or after the instant, the bound itself included; a paper without created_at never', async () => {
      expect(await found(adaptation({ addedSince: '2025-06-01T12:00:00.000Z' }))).toEqual(ids('c03', 'c04', 'c05', 'c07'));
      // The same instant written with an offset.
      expect(await found(adaptation({ addedSince: '2025-06-01T21:00:00+09:00' }))).toEqual(ids('c03', 'c04', 'c05', 'c07'));
      expect(await found(adaptation({ addedSince: '2025-06-01T11:59:59.999Z' }))).toEqual(ids('c03', 'c04', 'c05', 'c06', 'c07'));
      expect(await found(adaptation({ addedSince: '1970-01-01T00:00:00.000Z' }))).not.toContain(fixtureId('c08'));
      expect((await index.search(adaptation({ addedSince: '2030-01-01T00:00:00.000Z' }))).total).toBe(0);
      const query = adaptation({ addedSince: '2025-03-01T00:00:00.000Z', langs: ['en'] });
      const result = await index.search(query);
      expect(result.total).toBe(referenceSearch(ALL_PAPERS, query).total);
      expect(await found(query)).toEqual([...referenceSearch(ALL_PAPERS, query).ids].sort());
    });

    it('rank honours since like the other filters', async () => {
      const hits = await index.rank({ text: 'adaptation pathways', filters: { addedSince: '2025-06-01T12:00:00.000Z' }, limit: 50 });
      expect(hits.map((h) => h.paper.id).sort()).toEqual(ids('c03', 'c04', 'c05', 'c07'));
    });
  });

  describe("many terms (the data API's keyword mode), counting sets of terms, the largest set that matches", () => {
    const FACETS = ['topic', 'lang', 'year', 'venue_type'] as const;
    const f06 = FIXTURE_PAPERS.find((p) => p.id === fixtureId('f06'))!;
    /** f06's words, one of them twice. */
    const words = splitTerms(`${f06.title} ${f06.abstract}`);
    /** 40 distinct two-character pieces of f06's words: more terms than Elasticsearch scores (it matches on all of them). */
    const pieces = [...new Set(words.flatMap((w) => Array.from({ length: w.length - 1 }, (_, i) => w.slice(i, i + 2))).filter((t) => /^[a-z]{2}$/.test(t)))].slice(0, 40);
    const whole = (terms: string[], extra: Partial<KeywordQuery> = {}): KeywordQuery => ({ terms, filters: {}, offset: 0, limit: ALL, ...extra });

    it('matches exactly the papers holding every one of many terms, as the reference', async () => {
      expect(words.length).toBeGreaterThan(8);
      expect(pieces).toHaveLength(40);
      for (const terms of [words, pieces, [...pieces].reverse()]) {
        const query = whole(terms);
        const result = await index.search(query);
        const expected = referenceSearch(FIXTURE_PAPERS, query);
        expect(result.total).toBe(expected.total);
        expect(result.hits.map((h) => h.paper.id).sort()).toEqual([...expected.ids].sort());
        expect(result.hits.map((h) => h.paper.id)).toContain(f06.id);
        expectBestFirst(result.hits);
        if (options.exactModel) {
          expect(result.hits.map((h) => h.paper.id)).toEqual(expected.ids);
          result.hits.forEach((h, i) => expect(h.score).toBeCloseTo(expected.scores[i]!, 9));
        }
      }
    });

    it('answers a long AND whose first terms share no paper with no match, no page and empty facets, in every order', async () => {
      const terms = ['electrolysis', 'peatland', ...words, ...pieces];
      for (const extra of [{ facets: FACETS }, { sort: 'newest' as const }, { sort: 'cited_by' as const }, { collapse: 'versions' as const, facets: FACETS }]) {
        const result = await index.search(whole(terms, extra));
        expect({ extra, total: result.total, hits: result.hits }).toEqual({ extra, total: 0, hits: [] });
        if (extra.facets) expect(result.facets).toEqual(countFacets([], FACETS));
      }
      expect(referenceSearch(FIXTURE_PAPERS, whole(terms)).total).toBe(0);
    });

    it('countEach gives each set of terms the total its search gives, with the same filters', async () => {
      const sets = [['carbon'], ['carbon', 'pricing'], ['水素', '炭素'], ['zebra'], ['hydrogen', 'zebra'], words, pieces, []];
      for (const filters of [{}, { langs: ['en' as const] }, { topic: 'hydrogen' as const, minDraftScore: 90 }]) {
        const expected = sets.map((terms) => referenceSearch(FIXTURE_PAPERS, whole(terms, { filters })).total);
        expect({ filters, counts: await index.countEach(sets, filters) }).toEqual({ filters, counts: expected });
        for (const [i, terms] of sets.entries()) expect((await index.search(whole(terms, { filters, limit: 0 }))).total).toBe(expected[i]);
      }
      expect(await index.countEach([], {})).toEqual([]);
    });

    /**
     * The suggestion's answer counted the plain way: every set of the query's distinct terms, by the
     * reference; the largest that matches, then the one matching most papers, then the earlier terms.
     */
    const largestByReference = (q: string) => {
      const written = q.split(/\s+/u).filter((t, i, all) => all.findIndex((o) => normalizeText(o) === normalizeText(t)) === i);
      const matching: { kept: number[]; total: number }[] = [];
      for (let mask = 1; mask < 1 << written.length; mask++) {
        const kept = written.flatMap((_, i) => (mask & (1 << i) ? [i] : []));
        const total = referenceSearch(FIXTURE_PAPERS, whole(kept.map((i) => normalizeText(written[i]!)))).total;
        if (total > 0) matching.push({ kept, total });
      }
      const earlier = (a: number[], b: number[]) => {
        const i = a.findIndex((x, k) => x !== b[k]);
        return i < 0 ? 0 : a[i]! - b[i]!;
      };
      const best = matching.sort((a, b) => b.kept.length - a.kept.length || b.total - a.total || earlier(a.kept, b.kept))[0];
      if (!best) return undefined;
      return { kind: 'subset', q: best.kept.map((i) => written[i]).join(' '), total: best.total, dropped: written.filter((_, i) => !best.kept.includes(i)), reason: expect.any(String) };
    };

    it.each(['carbon pricing hydrogen peatland zebra', '水素 炭素 森林 peatland', 'climate finance flows Japan bonds issuance', 'Carbon markets channel climate finance Japan'])(
      'suggests for %s the largest set of its terms that matches together, as counting every set finds',
      async (q) => {
        const total = (await index.search(whole(splitTerms(q), { limit: 0 }))).total;
        expect(total).toBe(0);
        const suggestion = await subsetSuggestion(index, { query: q, total, filters: {} }, { maxTerms: Infinity, minTermChars: 2, maxChars: 1000 });
        expect(suggestion).toEqual(largestByReference(q));
        expect(suggestion!.total).toBe((await index.search(whole(splitTerms(suggestion!.q), { limit: 0 }))).total);
      },
    );
  });

  describe('writes', () => {
    it('upsert replaces a paper: its old text no longer matches, its new text does', async () => {
      const changed = paper({ id: 'f14', title: 'Ammonia co-firing', abstract: 'A short note.', year: 2018, topic: 'other', lang: 'en' }, '2026-02-01T00:00:00.000Z');
      await index.upsert([changed]);
      const hydrogen = await index.search({ terms: ['hydrogen'], filters: {}, offset: 0, limit: 50 });
      expect(hydrogen.hits.map((h) => h.paper.id)).not.toContain(changed.id);
      const ammonia = await index.search({ terms: ['ammonia'], filters: {}, offset: 0, limit: 50 });
      expect(ammonia.hits.map((h) => h.paper)).toEqual([changed]);
      expect(await index.count()).toBe(FIXTURE_PAPERS.length);
    });

    it('upsert adds a new paper and remove takes it away', async () => {
      const added = paper({ id: 'f99', title: 'Geothermal heat pumps', year: 2026, lang: 'en' });
      await index.upsert([added]);
      expect((await index.search({ terms: ['geothermal'], filters: {}, offset: 0, limit: 5 })).total).toBe(1);
      await index.remove([added.id, 'p_unknown']);
      expect((await index.search({ terms: ['geothermal'], filters: {}, offset: 0, limit: 5 })).total).toBe(0);
      expect(await index.count()).toBe(FIXTURE_PAPERS.length);
    });

    it('rebuild replaces the whole content', async () => {
      const only = [paper({ id: 'r1', title: 'Offshore wind', year: 2020, lang: 'en' }), paper({ id: 'r2', title: '洋上風力', year: 2021, lang: 'ja' })];
      await index.rebuild(batches(only));
      expect(await index.count()).toBe(2);
      expect((await index.search({ terms: ['hydrogen'], filters: {}, offset: 0, limit: 5 })).total).toBe(0);
      expect((await index.search({ terms: ['風力'], filters: {}, offset: 0, limit: 5 })).hits.map((h) => h.paper.id)).toEqual([only[1]!.id]);
    });
  });
}

/** Scores never rise down the list; equal scores are in tie order. */
function expectBestFirst(hits: KeywordHit[]): void {
  for (let i = 1; i < hits.length; i++) {
    const [a, b] = [hits[i - 1]!, hits[i]!];
    expect(a.score).toBeGreaterThanOrEqual(b.score);
    if (a.score === b.score) expect(compareTies(a.paper, b.paper)).toBeLessThan(0);
  }
}
