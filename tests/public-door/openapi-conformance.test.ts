import { vectorIndexReady } from '../semantic/demo-search-api';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { freshRedisUrl, testRedisBaseUrl } from '../support/test-redis';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { freshIp, openDoor, type Door } from './openapi-conformance.support';

/**
 * Real answers of both doors (target all, demo data, Postgres and Redis) checked against each door's
 * own `/openapi.json` by an independent validator: a documented status, a body valid against its
 * schema with no field outside it, the required headers and no undocumented one.
 */
describe('both doors answer as their OpenAPI documents say', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let pub: Door;
  let api: Door;
  const auth: Record<'internal' | 'researcher' | 'demo', string> = { internal: '', researcher: '', demo: '' };

  beforeAll(async () => {
    database = await createTestDatabase();
    const keys = testKeys(database.db);
    auth.internal = (await keys.create('internal')).auth;
    auth.researcher = (await keys.create('researcher')).auth;
    auth.demo = (await keys.create('demo', { daily_limit: 1 })).auth;
    app = await startTestProcess({
      DATABASE_URL: database.url,
      ...(testRedisBaseUrl() ? { REDIS_URL: await freshRedisUrl() } : {}),
      DEMO_DATA: 'true',
      TRUST_PROXY: '1',
      PUBLIC_RATE_LIMIT: '2',
      PUBLIC_RATE_BURST: '0',
      KEY_APPLICATION_RATE_LIMIT: '2',
      API_KEY_CACHE_SECONDS: '0',
      PLAN_BURST_PER_SECOND: 'internal=100000,researcher=100000,demo=100000',
    });
    await vectorIndexReady(app);
    pub = await openDoor(app.url);
    api = await openDoor(app.apiUrl!);
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  describe('the public door', () => {
    const search = (query: Record<string, string | string[]>, expect: number, ip = freshIp()) =>
      pub.send('GET', '/api/v1/papers/search', { query, expect, ip });

    it('answers searches, from the edge cache too', async () => {
      expect((await search({ q: 'hydrogen' }, 200)).problems).toEqual([]);
      const again = await search({ q: 'hydrogen' }, 200);
      expect(again.problems).toEqual([]);
      expect((await search({ q: '水素 輸送', lang: 'ja', topic: 'hydrogen', limit: '50', offset: '0' }, 200)).problems).toEqual([]);
    });

    it.each([
      [{ format: 'bibtex' }, undefined],
      [{ format: 'ris' }, undefined],
      [{ format: 'csl-json' }, undefined],
      [{ format: 'csv' }, undefined],
      [{}, 'text/csv'],
      [{}, 'application/x-bibtex'],
    ])('answers a search page as a file (%j, Accept %s), with the headers it documents', async (format, accept) => {
      const res = await pub.send('GET', '/api/v1/papers/search', { query: { q: 'hydrogen', limit: '5', ...format }, accept, expect: 200, ip: freshIp() });
      expect(res.problems).toEqual([]);
      expect(typeof res.body).toBe('string');
      const bad = await search({ q: 'hydrogen', format: 'xml' }, 400);
      expect([bad.problems, bad.body.code]).toEqual([[], 'invalid_format']);
    });

    it('answers an unspaced Japanese query that finds nothing with its suggestion', async () => {
      const res = await search({ q: '炭素税の効果' }, 200);
      expect(res.problems).toEqual([]);
      expect(res.body.suggestion).toMatchObject({ q: '炭素税 効果' });
    });

    it.each([
      ['missing_query', {}],
      ['missing_query', { q: ['ab', 'cd'] }],
      ['query_too_long', { q: 'x'.repeat(501) }],
      ['too_many_terms', { q: 'aa bb cc dd ee ff' }],
      ['term_too_short', { q: 'carbon x' }],
      ['invalid_topic', { q: 'carbon', topic: 'nope' }],
      ['invalid_lang', { q: 'carbon', lang: 'fr' }],
      ['invalid_limit', { q: 'carbon', limit: '51' }],
      ['invalid_offset', { q: 'carbon', offset: '9999', limit: '2' }],
    ])('answers 400 %s as documented', async (code, query) => {
      const res = await search(query as Record<string, string>, 400);
      expect(res.problems).toEqual([]);
      expect(res.body.code).toBe(code);
    });

    it('answers one paper by id as documented: 200, 400 invalid_id, 404 not_found', async () => {
      const found = await search({ q: 'hydrogen', limit: '1' }, 200);
      const id = (found.body.results as { id: string }[])[0]!.id;
      const paper = await pub.send('GET', `/api/v1/papers/${id}`, { expect: 200, ip: freshIp() });
      expect(paper.problems).toEqual([]);
      expect(paper.body).toEqual(found.body.results[0]);
      const malformed = await pub.send('GET', `/api/v1/papers/${encodeURIComponent('bad id!')}`, { expect: 400, ip: freshIp() });
      expect([malformed.problems, malformed.body.code]).toEqual([[], 'invalid_id']);
      const unknown = await pub.send('GET', '/api/v1/papers/p_does-not-exist', { expect: 404, ip: freshIp() });
      expect([unknown.problems, unknown.body.code]).toEqual([[], 'not_found']);
    });

    it('answers a batch lookup as documented: 200 with nulls in place, 400 too_many_ids and invalid_ids', async () => {
      const found = await search({ q: 'hydrogen', limit: '2' }, 200);
      const ids = (found.body.results as { id: string }[]).map((r) => r.id);
      const batch = (body: object, expect: number) => pub.send('POST', '/api/v1/papers/batch', { body, expect, ip: freshIp() });
      const answer = await batch({ ids: [ids[1], 'p_does-not-exist', ids[0], ids[1]] }, 200);
      expect(answer.problems).toEqual([]);
      expect(answer.body.results).toEqual([found.body.results[1], null, found.body.results[0], found.body.results[1]]);
      const tooMany = await batch({ ids: Array.from({ length: 51 }, (_, i) => `p_${i}`) }, 400);
      expect([tooMany.problems, tooMany.body.code]).toEqual([[], 'too_many_ids']);
      const malformed = await batch({ ids: ['p_1', 'doi:nope'] }, 400);
      expect([malformed.problems, malformed.body.code, malformed.body.invalid_positions]).toEqual([[], 'invalid_ids', [1]]);
    });

    it('answers 429 past the per-IP limit, with Retry-After', async () => {
      const ip = freshIp();
      for (let i = 0; i < 2; i++) expect((await search({ q: `carbon${i}` }, 200, ip)).problems).toEqual([]);
      const limited = await search({ q: 'carbon' }, 429, ip);
      expect(limited.problems).toEqual([]);
      expect(limited.body['violated-policies']).toEqual(['minute']);
    });

    it('answers 414 for a URL and 431 for headers over the size limit, as documented', async () => {
      const long = 'a'.repeat(20_000);
      expect((await search({ lang: long }, 414)).problems).toEqual([]);
      const large = await pub.send('GET', '/api/v1/papers/search', { query: { q: 'carbon' }, accept: long, expect: 431, ip: freshIp() });
      expect([large.problems, large.body.code]).toEqual([[], 'headers_too_large']);
    });
  });

  describe('the data-API door', () => {
    const get = (path: string, expect: number, options: { query?: Record<string, string>; auth?: string; as?: string } = {}) =>
      api.send('GET', path, { auth: auth.researcher, ...options, expect });
    const ok = async (p: Promise<{ problems: string[]; body: any }>) => { // eslint-disable-line @typescript-eslint/no-explicit-any
      const res = await p;
      expect(res.problems).toEqual([]);
      return res.body;
    };

    it('serves its document without a key', async () => {
      await ok(api.send('GET', '/openapi.json', { expect: 200 }));
    });

    it('answers company data, and its 400s and 404s', async () => {
      const list = await ok(get('/api/v1/companies', 200, { query: { limit: '5' } }));
      const code: string = list.data[0].code;
      await ok(get('/api/v1/companies', 200, { query: { industry: list.data[0].industry.code } }));
      expect((await ok(get('/api/v1/companies', 400, { query: { industry: 'shipbuilding' } }))).code).toBe('invalid_industry');
      expect((await ok(get('/api/v1/companies', 400, { query: { limit: '501' } }))).code).toBe('invalid_limit');
      await ok(get(`/api/v1/companies/${code}`, 200, { as: '/api/v1/companies/{code}' }));
      expect((await ok(get('/api/v1/companies/12345', 400, { as: '/api/v1/companies/{code}' }))).code).toBe('invalid_id');
      expect((await ok(get('/api/v1/companies/9ZZZ', 404, { as: '/api/v1/companies/{code}' }))).code).toBe('not_found');
      const reports = await ok(get(`/api/v1/companies/${code}/reports`, 200, { as: '/api/v1/companies/{code}/reports' }));
      expect((await ok(get(`/api/v1/companies/${code}/reports`, 400, { query: { type: 'annual' }, as: '/api/v1/companies/{code}/reports' }))).code).toBe('invalid_type');
      await ok(get('/api/v1/companies/9ZZZ/reports', 404, { as: '/api/v1/companies/{code}/reports' }));
      await ok(get(`/api/v1/companies/${code}/gx-metrics`, 200, { query: { include_raw: '1' }, as: '/api/v1/companies/{code}/gx-metrics' }));
      const range = await ok(get(`/api/v1/companies/${code}/gx-metrics`, 400, { query: { year_from: '2024', year_to: '2020' }, as: '/api/v1/companies/{code}/gx-metrics' }));
      expect(range.code).toBe('invalid_year_range');
      await ok(get(`/api/v1/reports/${reports.data[0].id}`, 200, { as: '/api/v1/reports/{report_id}' }));
      await ok(get('/api/v1/reports/rpt_9ZZZ_2020_csr', 404, { as: '/api/v1/reports/{report_id}' }));
      await ok(get('/api/v1/reports/report-1', 400, { as: '/api/v1/reports/{report_id}' }));
      await ok(get('/api/v1/gx-metrics', 200, { query: { sbt_status: '1.5C', limit: '50' } }));
      expect((await ok(get('/api/v1/gx-metrics', 400, { query: { sbt_status: '3C' } }))).code).toBe('invalid_sbt_status');
    });

    it.each(['vector', 'keyword', 'hybrid'])('answers the paper search in %s mode', async (mode) => {
      const body = await ok(get('/api/v1/papers/search', 200, { query: { q: 'hydrogen storage', mode, limit: '10' } }));
      expect(body.count).toBeGreaterThan(0);
    });

    it.each(['bibtex', 'ris', 'csl-json', 'csv'])('answers a search page as %s, in any mode', async (format) => {
      for (const mode of ['keyword', 'vector']) expect(typeof (await ok(get('/api/v1/papers/search', 200, { query: { q: 'hydrogen storage', mode, limit: '5', format } })))).toBe('string');
      expect((await ok(get('/api/v1/papers/search', 400, { query: { q: 'hydrogen', format: 'jsonl' } }))).code).toBe('invalid_format');
    });

    it('streams an export as JSON Lines and CSV, with its cost and count, and answers its 400s', async () => {
      const jsonl = await ok(get('/api/v1/papers/export', 200, { query: { q: 'hydrogen storage' } }));
      expect(jsonl.trimEnd().split('\n').length).toBeGreaterThan(1);
      expect(await ok(api.send('GET', '/api/v1/papers/export', { auth: auth.researcher, query: { q: 'hydrogen storage', limit: '20' }, accept: 'text/csv', expect: 200 }))).toMatch(/^\ufeffid,/);
      expect((await ok(get('/api/v1/papers/export', 400, { query: { q: 'hydrogen', format: 'bibtex' } }))).code).toBe('invalid_format');
      expect((await ok(get('/api/v1/papers/export', 400, { query: { q: 'hydrogen', cursor: 'x' } }))).code).toBe('invalid_cursor');
    });

    it('answers a keyword search for an unspaced Japanese query that finds nothing with its suggestion', async () => {
      const body = await ok(get('/api/v1/papers/search', 200, { query: { q: '炭素税の効果', mode: 'keyword' } }));
      expect(body.suggestion).toMatchObject({ kind: 'split', q: '炭素税 効果' });
    });

    it('answers a keyword search of many terms that find nothing together with the largest set of them that does', async () => {
      const body = await ok(get('/api/v1/papers/search', 200, { query: { q: 'hydrogen storage zqxjvk aa bb cc dd', mode: 'keyword' } }));
      expect(body.suggestion).toMatchObject({ kind: 'subset', dropped: expect.arrayContaining(['zqxjvk']) });
    });

    it.each([
      ['missing_query', { q: 'a' }],
      ['invalid_mode', { q: 'hydrogen', mode: 'semantic' }],
      ['invalid_shelf', { q: 'hydrogen', shelf: 'attic' }],
      ['invalid_min_score', { q: 'hydrogen', min_score: '101' }],
      ['term_too_short', { q: 'aa bb c', mode: 'keyword' }],
    ])('answers the paper search 400 %s', async (code, query) => {
      expect((await ok(get('/api/v1/papers/search', 400, { query }))).code).toBe(code);
    });

    it('answers a batch lookup as documented: 200, 400, and a 429 for a batch that counts for more than the key has left', async () => {
      const batch = (body: object, expect: number, key = auth.researcher) => api.send('POST', '/api/v1/papers/batch', { auth: key, body, expect });
      const found = await ok(get('/api/v1/papers/search', 200, { query: { q: 'hydrogen', mode: 'keyword', limit: '1' } }));
      const answer = await ok(batch({ ids: [found.data[0].id, 'p_does-not-exist', `doi:${found.data[0].doi ?? '10.9999/none'}`] }, 200));
      expect(answer.results.map((r: { id: string } | null) => r?.id ?? null)).toEqual([found.data[0].id, null, found.data[0].doi ? found.data[0].id : null]);
      expect((await ok(batch({ ids: Array.from({ length: 501 }, (_, i) => `p_${i}`) }, 400))).code).toBe('too_many_ids');
      expect((await ok(batch({ ids: ['p_1'], limit: 3 }, 400))).code).toBe('invalid_field:limit');
      const small = (await testKeys(database.db).create('demo', { daily_limit: 2 })).auth;
      const refused = await ok(batch({ ids: Array.from({ length: 101 }, (_, i) => `p_${i}`) }, 429, small));
      expect(refused).toMatchObject({ 'violated-policies': ['daily'], request_cost: 3 });
    });

    it('answers intelligence events: record, read, move, and their errors', async () => {
      const input = { event_type: 'paper.published', subject_kind: 'paper', subject_id: 'p_conformance', occurred_at: '2025-04-01T00:00:00Z', summary: { n: 1 } };
      const post = (body: unknown, expect: number, key = auth.internal) => api.send('POST', '/api/v1/intelligence-events', { auth: key, body, expect });
      const created = await ok(post(input, 201));
      expect((await ok(post({ ...input, event_type: undefined }, 400))).code).toBe('missing_field:event_type');
      expect((await ok(post({ ...input, raw: [1] }, 400))).code).toBe('invalid_field:raw');
      expect((await ok(api.send('POST', '/api/v1/intelligence-events', { auth: auth.internal, raw: '{"event_type":', expect: 400 }))).code).toBe('invalid_body');
      expect((await ok(post(input, 403, auth.researcher))).code).toBe('forbidden');
      const item = '/api/v1/intelligence-events/{id}';
      await ok(get('/api/v1/intelligence-events', 200, { auth: auth.internal, query: { status: 'observed', limit: '1' } }));
      await ok(get('/api/v1/intelligence-events', 200, { query: { occurred_from: '2025-01-01' } }));
      expect((await ok(get('/api/v1/intelligence-events', 400, { query: { cursor: 'nope' } }))).code).toBe('invalid_cursor');
      await ok(get(`/api/v1/intelligence-events/${created.id}`, 200, { auth: auth.internal, as: item }));
      await ok(get(`/api/v1/intelligence-events/${created.id}`, 404, { as: item }));
      await ok(get('/api/v1/intelligence-events/evt_x', 400, { as: item }));
      const patch = (body: unknown, expect: number) => api.send('PATCH', `/api/v1/intelligence-events/${created.id}`, { auth: auth.internal, body, expect, as: item });
      await ok(patch({ status: 'verified' }, 200));
      expect((await ok(patch({ status: 'observed' }, 409))).code).toBe('invalid_transition');
      expect((await ok(patch({ status: 'gone' }, 400))).code).toBe('invalid_field:status');
    });

    it('answers key applications and key management, and their errors', async () => {
      const apply = (body: object, expect: number, ip = freshIp()) => api.send('POST', '/api/keys/applications', { body, expect, ip });
      const form = { email: 'conformance@example.org', name: 'A', organization: 'Lab', purpose: 'research' };
      const applied = await ok(apply(form, 201));
      expect((await ok(apply(form, 409))).code).toBe('duplicate_pending_application');
      expect((await ok(apply({ ...form, name: ' ' }, 400))).code).toBe('missing_field:name');
      expect((await ok(apply({ ...form, email: 'nobody' }, 400))).code).toBe('invalid_email');
      const ip = freshIp();
      await ok(apply({ ...form, email: 'a1@example.org' }, 201, ip));
      await ok(apply({ ...form, email: 'a2@example.org' }, 201, ip));
      expect((await ok(apply({ ...form, email: 'a3@example.org' }, 429, ip)))['violated-policies']).toEqual(['applications']);
      expect((await ok(get('/api/v1/companies', 403, { auth: `Bearer ${applied.key}` }))).code).toBe('key_not_approved');

      const admin = { auth: auth.internal };
      const one = '/api/v1/admin/keys/{id}';
      await ok(get('/api/v1/admin/keys', 200, { ...admin, query: { status: 'pending' } }));
      expect((await ok(get('/api/v1/admin/keys', 400, { ...admin, query: { status: 'sleeping' } }))).code).toBe('invalid_status');
      expect((await ok(get('/api/v1/admin/keys', 403))).code).toBe('forbidden');
      await ok(api.send('POST', '/api/v1/admin/keys', { ...admin, body: { plan: 'paid', daily_limit: 10 }, expect: 201 }));
      expect((await ok(api.send('POST', '/api/v1/admin/keys', { ...admin, body: { plan: 'gold' }, expect: 400 }))).code).toBe('invalid_field:plan');
      await ok(get(`/api/v1/admin/keys/${applied.key_id}`, 200, { ...admin, as: one }));
      await ok(get('/api/v1/admin/keys/key_doesnotexist', 404, { ...admin, as: one }));
      await ok(get('/api/v1/admin/keys/nonsense', 400, { ...admin, as: one }));
      const act = (id: string, action: string, expect: number) => api.send('POST', `/api/v1/admin/keys/${id}/${action}`, { ...admin, expect, as: `${one}/{action}` });
      await ok(act(applied.key_id, 'approve', 200));
      expect((await ok(act(applied.key_id, 'reissue', 200))).key).toMatch(/^gxk_/);
      expect((await ok(act(applied.key_id, 'approve', 409))).code).toBe('invalid_key_transition');
      const limits = (body: object, expect: number) => api.send('PATCH', `/api/v1/admin/keys/${applied.key_id}/limits`, { ...admin, body, expect, as: `${one}/limits` });
      await ok(limits({ daily_limit: 7 }, 200));
      expect((await ok(limits({ daily_limit: 1.5 }, 400))).code).toBe('invalid_field:daily_limit');
    });

    it('answers 401 without a valid key, 400 for a key in the URL, 429 past the allowance', async () => {
      expect((await ok(get('/api/v1/companies', 401, { auth: '' }))).code).toBe('missing_bearer');
      expect((await ok(get('/api/v1/companies', 401, { auth: 'Bearer gxk_unknown' }))).code).toBe('invalid_api_key');
      expect((await ok(get('/api/v1/companies', 400, { query: { api_key: 'gxk_x' } }))).code).toBe('credentials_in_query');
      await ok(get('/api/v1/gx-metrics', 200, { auth: auth.demo, query: { limit: '1' } }));
      const limited = await ok(get('/api/v1/gx-metrics', 429, { auth: auth.demo, query: { limit: '1' } }));
      expect(limited['violated-policies']).toEqual(['daily']);
    });

    it('answers 414 for a URL and 431 for headers over the size limit, as documented', async () => {
      const long = 'a'.repeat(20_000);
      expect((await ok(get('/api/v1/companies', 414, { query: { sector: long } }))).code).toBe('uri_too_long');
      expect((await ok(get('/api/v1/companies', 431, { auth: `Bearer ${long}` }))).code).toBe('headers_too_large');
    });
  });

  it('covered a spread of statuses on both doors', () => {
    const statuses = (door: Door) => new Set([...door.seen].map((s) => s.split(' ').pop()));
    expect([...statuses(pub)].sort()).toEqual(['200', '400', '404', '414', '429', '431']);
    expect([...statuses(api)].sort()).toEqual(['200', '201', '400', '401', '403', '404', '409', '414', '429', '431']);
  });
});
