import type { KeywordIndex, KeywordQuery } from '../../shared/keyword-index/keyword-index.port';
import { splitTerms } from '../../shared/text/normalize';
import { referenceSearch } from '../support/reference-search';
import { CONTRACT_QUERIES, FIXTURE_PAPERS, paper } from './fixture-papers';

async function* batches<T>(items: T[], size = 4): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * The behaviour every KeywordIndex adapter must have (DESIGN §3): the same total, ids and order as
 * the reference computation of the formula, for the same queries.
 */
export function keywordIndexContract(makeIndex: () => Promise<KeywordIndex>): void {
  let index: KeywordIndex;

  beforeAll(async () => {
    index = await makeIndex();
    await index.init();
    await index.rebuild(batches(FIXTURE_PAPERS));
  });
  afterAll(async () => {
    await index.close();
  });

  it('holds every paper it was built from', async () => {
    expect(await index.count()).toBe(FIXTURE_PAPERS.length);
  });

  it.each(CONTRACT_QUERIES)('answers like the reference: $name', async (q) => {
    const query: KeywordQuery = {
      terms: q.terms,
      filters: { topic: q.topic ?? undefined, langs: q.langs, shelf: q.shelf, minDraftScore: q.minDraftScore },
      offset: q.offset ?? 0,
      limit: q.limit ?? 50,
    };
    const expected = referenceSearch(FIXTURE_PAPERS, query);
    const result = await index.search(query);
    expect(result.total).toBe(expected.total);
    expect(result.hits.map((h) => h.paper.id)).toEqual(expected.ids);
    expect(result.hits.map((h) => h.score)).toEqual(expected.scores);
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

  it('pages contiguously: two pages of two equal the first four', async () => {
    const q = (offset: number, limit: number) => index.search({ terms: ['finance'], filters: {}, offset, limit });
    const [p1, p2, all] = await Promise.all([q(0, 2), q(2, 2), q(0, 4)]);
    expect([...p1.hits, ...p2.hits].map((h) => h.paper.id)).toEqual(all.hits.map((h) => h.paper.id));
    expect(p1.total).toBe(all.total);
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
