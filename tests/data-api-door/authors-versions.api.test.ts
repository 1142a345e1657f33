import request from 'supertest';
import { loadConnectedCorpus } from '../support/connected-corpus';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';

interface Answer {
  total: number;
  data: { id: string; work_id: string; keyword_score: number }[];
}

/**
 * The data API's keyword mode takes the public search's author, since, sort=cited_by and
 * collapse=versions with the same answers; vector and hybrid modes refuse them, naming the mode.
 */
describe('data API paper search: author, since, sort=cited_by, collapse=versions (target all)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let id: Record<string, string>;
  let auth = '';
  const search = (query: Record<string, string>) =>
    request(app.apiUrl!).get('/api/v1/papers/search').query({ q: 'resilience', mode: 'keyword', limit: '50', ...query }).set('Authorization', auth);
  const publicSearch = (query: Record<string, string>) => request(app.url).get('/api/v1/papers/search').query({ q: 'resilience', limit: '50', ...query });
  const found = async (query: Record<string, string>) => ((await search(query).expect(200)).body as Answer).data.map((r) => r.id).sort();
  const ids = (...names: string[]) => names.map((n) => id[n]!).sort();

  beforeAll(async () => {
    database = await createTestDatabase();
    id = await loadConnectedCorpus(database);
    app = await startTestProcess({ DATABASE_URL: database.url, PLAN_BURST_PER_SECOND: 'researcher=100000' });
    auth = (await testKeys(database.db).create('researcher')).auth;
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('filters by author in keyword mode: Hasegawa, muller finding Müller, 長谷川 finding both spellings', async () => {
    expect(await found({ author: 'Hasegawa' })).toEqual(ids('h1', 'h2'));
    expect(await found({ author: 'muller' })).toEqual(ids('h1', 'h5'));
    expect(await found({ author: '長谷川' })).toEqual(ids('h3', 'h4'));
    expect(await found({ author: 'ｓｍｉｔｈ' })).toEqual(ids('h6'));
  });

  it('filters by since in keyword mode', async () => {
    expect(await found({ since: '2026-01-01' })).toEqual(ids('h4', 'h5', 'h6'));
    expect(await found({ since: '2025-06-01T00:00:00Z' })).toEqual(ids('h3', 'h4', 'h5', 'h6'));
  });

  it('answers sort=cited_by and collapse=versions as the public search does, total counting works', async () => {
    const queries: Record<string, string>[] = [{ sort: 'cited_by' }, { collapse: 'versions' }, { collapse: 'versions', sort: 'cited_by', offset: '1', limit: '2' }, { author: 'hasegawa', collapse: 'versions' }];
    for (const query of queries) {
      const here = (await search(query).expect(200)).body as Answer;
      const pub = (await publicSearch(query).expect(200)).body as { total: number; results: { id: string }[] };
      expect({ query, total: here.total, ids: here.data.map((r) => r.id) }).toEqual({ query, total: pub.total, ids: pub.results.map((r) => r.id) });
    }
    const all = (await search({}).expect(200)).body as Answer;
    const collapsed = (await search({ collapse: 'versions' }).expect(200)).body as Answer;
    expect(collapsed.total).toBe(new Set(all.data.map((r) => r.work_id)).size);
    expect(collapsed.total).toBe(5);
    expect(collapsed.data.map((r) => r.id)).toContain(id.h2);
    expect(collapsed.data.map((r) => r.id)).not.toContain(id.h1);
    const cited = (await search({ sort: 'cited_by' }).expect(200)).body as Answer;
    expect(cited.data.map((r) => r.id)).toEqual(['h6', 'h2', 'h1', 'h3', 'h4', 'h5'].map((n) => id[n]));
    expect(cited.data.every((r) => r.keyword_score > 0)).toBe(true);
  });

  describe('author alone (no q), keyword mode only', () => {
    const byAuthor = (query: Record<string, string>) => request(app.apiUrl!).get('/api/v1/papers/search').query({ limit: '50', ...query }).set('Authorization', auth);

    it('answers the author\'s papers newest first, total counting them, as the public search does', async () => {
      const res = await byAuthor({ mode: 'keyword', author: 'Hasegawa' }).expect(200);
      expect(res.body).toMatchObject({ query: '', mode: 'keyword', total: 2 });
      expect((res.body as Answer).data.map((r) => r.id)).toEqual([id.h2, id.h1]);
      expect((res.body as Answer).data.map((r) => r.keyword_score)).toEqual([0, 0]);
      const queries: Record<string, string>[] = [{ author: 'muller' }, { author: 'muller', sort: 'cited_by' }, { author: 'Hasegawa', collapse: 'versions' }, { author: '長谷川', facets: 'year' }];
      for (const query of queries) {
        const here = (await byAuthor({ mode: 'keyword', ...query }).expect(200)).body as Answer & { facets?: unknown };
        const pub = (await request(app.url).get('/api/v1/papers/search').query({ limit: '50', ...query }).expect(200)).body as { total: number; results: { id: string }[]; facets?: unknown };
        expect({ query, total: here.total, ids: here.data.map((r) => r.id), facets: here.facets }).toEqual({ query, total: pub.total, ids: pub.results.map((r) => r.id), facets: pub.facets });
      }
      expect(((await byAuthor({ mode: 'keyword', author: 'Hasegawa', collapse: 'versions' }).expect(200)).body as Answer).data.map((r) => r.id)).toEqual([id.h2]);
    });

    it.each([
      [{}],
      [{ mode: 'keyword' }],
      [{ mode: 'keyword', sort: 'newest' }],
      // Vector (the default) and hybrid modes still need q, with or without an author.
      [{ author: 'Hasegawa' }],
      [{ mode: 'vector', author: 'Hasegawa' }],
      [{ mode: 'hybrid', author: 'Hasegawa' }],
    ])('%j is 400 missing_query', async (query) => {
      expect((await byAuthor(query as Record<string, string>).expect(400)).body).toMatchObject({ code: 'missing_query', status: 400 });
    });
  });

  it.each([
    [{ author: '   ' }, 'invalid_author'],
    [{ since: '01/01/2026' }, 'invalid_since'],
    [{ sort: 'most_cited' }, 'invalid_sort'],
    [{ collapse: 'version' }, 'invalid_collapse'],
    [{ cursor: '*', collapse: 'versions' }, 'invalid_cursor'],
  ])('refuses %j in keyword mode with 400 %s', async (query, code) => {
    expect((await search(query as Record<string, string>).expect(400)).body).toMatchObject({ code, status: 400 });
  });

  it.each([
    ['vector', { author: 'Hasegawa' }, 'invalid_author'],
    ['hybrid', { author: 'Hasegawa' }, 'invalid_author'],
    ['vector', { since: '2026-01-01' }, 'invalid_since'],
    ['hybrid', { collapse: 'versions' }, 'invalid_collapse'],
    ['vector', { sort: 'cited_by' }, 'invalid_sort'],
  ])('refuses keyword-only parameters in %s mode, naming the mode: %j', async (mode, query, code) => {
    const res = await search({ ...query, mode }).expect(400);
    expect(res.body).toMatchObject({ code, status: 400 });
    expect(res.body.detail).toContain(`${mode} mode`);
  });
});
