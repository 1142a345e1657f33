import request from 'supertest';
import { loadConnectedCorpus } from '../support/connected-corpus';
import { schemaValidator } from '../support/openapi-validator';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';

interface Answer {
  total: number;
  results: { id: string; work_id: string; authors: string[]; venue_type: string | null }[];
  facets?: Record<string, { value: string | number | null; count: number }[]>;
}

/** The public search's author, since, sort=cited_by and collapse=versions parameters, through the gateway, on a corpus loaded as `gx load` would. */
describe('public search: author, since, sort=cited_by, collapse=versions (target all)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let id: Record<string, string>;
  let validate: ReturnType<typeof schemaValidator>;
  const search = (query: Record<string, string>) => request(app.url).get('/api/v1/papers/search').query({ q: 'resilience', limit: '50', ...query });
  const found = async (query: Record<string, string>) => ((await search(query).expect(200)).body as Answer).results.map((r) => r.id).sort();
  const ids = (...names: string[]) => names.map((n) => id[n]!).sort();

  beforeAll(async () => {
    database = await createTestDatabase();
    id = await loadConnectedCorpus(database);
    app = await startTestProcess({ DATABASE_URL: database.url });
    validate = schemaValidator((await request(app.url).get('/openapi.json')).body);
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('author finds a family name whatever its case, accents or width, Japanese spaced or not, and never through q', async () => {
    expect(await found({ author: 'Hasegawa' })).toEqual(ids('h1', 'h2'));
    expect(await found({ author: 'muller' })).toEqual(ids('h1', 'h5'));
    expect(await found({ author: 'Müller' })).toEqual(ids('h1', 'h5'));
    expect(await found({ author: '長谷川' })).toEqual(ids('h3', 'h4'));
    expect(await found({ author: '長谷川 美咲' })).toEqual(ids('h3', 'h4'));
    expect(await found({ author: 'smith' })).toEqual(ids('h6'));
    expect(await found({ author: '  Ｊｏｈｎ Ｓｍｉｔｈ ' })).toEqual(ids('h6'));
    expect(await found({ author: 'Lee' })).toEqual([]);
    const res = await search({ author: 'Hasegawa', facets: 'venue_type' }).expect(200);
    expect(validate('SearchResponse', res.body)).toEqual([]);
    expect(res.body.total).toBe(2);
    expect((await search({ q: 'hasegawa' }).expect(200)).body.total).toBe(0);
  });

  it('since keeps the papers first added at or after a date or an instant', async () => {
    expect(await found({ since: '2026-01-01' })).toEqual(ids('h4', 'h5', 'h6'));
    expect(await found({ since: '2026-03-01T09:00:00+09:00' })).toEqual(ids('h4', 'h5', 'h6'));
    expect(await found({ since: '2026-03-01T00:00:00.001Z' })).toEqual([]);
    expect(await found({ since: '2025-02-01', author: 'hasegawa' })).toEqual(ids('h2'));
  });

  it('sort=cited_by puts the most cited first: the greater of the source\'s count and the corpus\'s', async () => {
    const res = await search({ sort: 'cited_by' }).expect(200);
    // h6 100, h2 40 (and cited by h5), h1 12, h3 1 (cited by h5 only), then h4 and h5 with 0, newest first.
    expect((res.body as Answer).results.map((r) => r.id)).toEqual(['h6', 'h2', 'h1', 'h3', 'h4', 'h5'].map((n) => id[n]));
    const page = await search({ sort: 'cited_by', offset: '2', limit: '2' }).expect(200);
    expect((page.body as Answer).results.map((r) => r.id)).toEqual([id.h1, id.h3]);
    expect(page.body.total).toBe(6);
  });

  it('collapse=versions answers one record per work, the journal version, total counting works', async () => {
    const all = (await search({}).expect(200)).body as Answer;
    expect(all.total).toBe(6);
    const works = new Set(all.results.map((r) => r.work_id));
    expect(all.results.find((r) => r.id === id.h1)!.work_id).toBe(all.results.find((r) => r.id === id.h2)!.work_id);
    const res = await search({ collapse: 'versions', facets: 'venue_type' }).expect(200);
    expect(validate('SearchResponse', res.body)).toEqual([]);
    const collapsed = res.body as Answer;
    expect(collapsed.total).toBe(works.size);
    expect(collapsed.total).toBe(5);
    expect(collapsed.results.map((r) => r.id).sort()).toEqual(ids('h2', 'h3', 'h4', 'h5', 'h6'));
    // The work of h1 (preprint) and h2 (journal) counts under both kinds, once each.
    expect(collapsed.facets!.venue_type).toEqual(expect.arrayContaining([{ value: 'journal', count: 3 }, { value: 'preprint', count: 1 }]));
    const preprints = await search({ collapse: 'versions', venue_type: 'preprint' }).expect(200);
    expect((preprints.body as Answer).results.map((r) => r.id)).toEqual([id.h1]);
    expect((await search({ collapse: 'versions', sort: 'cited_by' }).expect(200)).body.results.map((r: { id: string }) => r.id)).toEqual(['h6', 'h2', 'h3', 'h4', 'h5'].map((n) => id[n]));
  });

  describe('author alone (no q): what the site\'s author links ask', () => {
    const byAuthor = (query: Record<string, string>) => request(app.url).get('/api/v1/papers/search').query({ limit: '50', ...query });
    const order = async (query: Record<string, string>) => ((await byAuthor(query).expect(200)).body as Answer).results.map((r) => r.id);

    it('answers every paper with an author of that name, newest first, total counting them, query echoed as ""', async () => {
      const res = await byAuthor({ author: 'Hasegawa' }).expect(200);
      expect(validate('SearchResponse', res.body)).toEqual([]);
      expect(res.body).toMatchObject({ query: '', total: 2, count: 2 });
      // h2 (2022) before h1 (2021).
      expect((res.body as Answer).results.map((r) => r.id)).toEqual([id.h2, id.h1]);
      expect(await order({ author: 'Hasegawa', sort: 'newest' })).toEqual([id.h2, id.h1]);
      expect(await order({ author: '長谷川' })).toEqual([id.h4, id.h3]);
      expect(await order({ author: 'muller' })).toEqual([id.h1, id.h5]);
      expect((await byAuthor({ author: 'Lee' }).expect(200)).body).toMatchObject({ query: '', total: 0, results: [] });
      // An empty q is an absent one.
      expect(await order({ author: 'Hasegawa', q: '' })).toEqual([id.h2, id.h1]);
    });

    it('takes the other filters, facets, highlight (nothing to mark) and cursor paging', async () => {
      expect(await order({ author: 'Hasegawa', venue_type: 'journal' })).toEqual([id.h2]);
      const faceted = await byAuthor({ author: 'muller', facets: 'venue_type', highlight: 'true' }).expect(200);
      expect(validate('SearchResponse', faceted.body)).toEqual([]);
      expect(faceted.body.facets.venue_type.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(2);
      expect(faceted.body.results.map((r: { highlights: unknown[] }) => r.highlights)).toEqual([[], []]);
      const first = await byAuthor({ author: '長谷川', cursor: '*', limit: '1' }).expect(200);
      expect(first.body.results.map((r: { id: string }) => r.id)).toEqual([id.h4]);
      const second = await byAuthor({ author: '長谷川', cursor: first.body.next_cursor, limit: '1' }).expect(200);
      expect(second.body.results.map((r: { id: string }) => r.id)).toEqual([id.h3]);
      expect(second.body.next_cursor).toBeUndefined();
    });

    it('with collapse=versions answers one record per work, and with sort=cited_by the most cited first', async () => {
      const collapsed = await byAuthor({ author: 'Hasegawa', collapse: 'versions' }).expect(200);
      expect(validate('SearchResponse', collapsed.body)).toEqual([]);
      expect(collapsed.body).toMatchObject({ total: 1, results: [{ id: id.h2 }] });
      // h1 12 citations, h5 none.
      expect(await order({ author: 'muller', sort: 'cited_by' })).toEqual([id.h1, id.h5]);
      expect(await order({ author: 'hasegawa', sort: 'cited_by', collapse: 'versions' })).toEqual([id.h2]);
    });

    it.each([[{}], [{ sort: 'newest' }], [{ venue_type: 'journal', collapse: 'versions' }], [{ q: '', author: '' }]])('without q and author, %j is still 400 missing_query', async (query) => {
      expect((await byAuthor(query as Record<string, string>).expect(400)).body).toMatchObject({ code: 'missing_query', status: 400 });
    });

    it('the feed still requires q', async () => {
      expect((await request(app.url).get('/feeds/papers.atom').query({ author: 'Hasegawa' }).expect(400)).body.code).toBe('unknown_parameter');
      expect((await request(app.url).get('/feeds/papers.atom').expect(400)).body.code).toBe('missing_query');
    });
  });

  it.each([
    [{ author: '   ' }, 'invalid_author'],
    [{ author: 'x'.repeat(201) }, 'invalid_author'],
    [{ since: 'yesterday' }, 'invalid_since'],
    [{ since: '2026-02-30' }, 'invalid_since'],
    [{ since: '2026-01-01T09:00:00' }, 'invalid_since'],
    [{ sort: 'citations' }, 'invalid_sort'],
    [{ collapse: 'works' }, 'invalid_collapse'],
    [{ cursor: '*', sort: 'cited_by' }, 'invalid_cursor'],
    [{ cursor: '*', collapse: 'versions' }, 'invalid_cursor'],
  ])('refuses %j with 400 %s', async (query, code) => {
    const res = await search(query as Record<string, string>).expect(400);
    expect(res.body).toMatchObject({ code, status: 400 });
  });
});
