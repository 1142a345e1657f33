import request from 'supertest';
import { TOPIC_SLUGS } from '../../shared/papers/paper.schema';
import type { Highlight } from '../../shared/text/highlight';
import { normalizeText } from '../../shared/text/normalize';
import { schemaValidator } from '../support/openapi-validator';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';

/** The public search through the gateway, on a first start with the generated demo corpus. */
describe('public paper search (target all, demo corpus)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let validate: ReturnType<typeof schemaValidator>;
  const search = (query: Record<string, string>) => request(app.url).get('/api/v1/papers/search').query(query);

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    app = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true', PUBLIC_BASE_URL: 'https://papers.example.org' });
    validate = schemaValidator((await request(app.url).get('/openapi.json')).body);
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('answers the spec envelope with every Paper field, valid against its own OpenAPI schema', async () => {
    const res = await search({ q: 'hydrogen' }).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ api_version: 'v1', query: 'hydrogen', topic: null, lang: 'all', limit: 10, offset: 0 });
    expect(res.body.total).toBeGreaterThan(10);
    expect(res.body.count).toBe(10);
    expect(res.body.results).toHaveLength(10);
    expect(validate('SearchResponse', res.body)).toEqual([]);
  });

  it('with highlight=true, says where each term occurs in the text each record carries, by UTF-16 offsets into it', async () => {
    for (const q of ['水素 貯蔵', 'carbon pricing', 'ＣＯ２']) {
      const res = await search({ q, highlight: 'true', limit: '20' }).expect(200);
      expect(validate('SearchResponse', res.body)).toEqual([]);
      const terms = q.split(/\s+/).map(normalizeText);
      for (const paper of res.body.results as Array<Record<string, unknown> & { highlights: Highlight[] }>) {
        // Every term of an AND query occurs somewhere in what the record carries, or in text it leaves out.
        for (const h of paper.highlights) {
          const value = h.index === undefined ? paper[h.field] : (paper[h.field] as string[])[h.index];
          expect(typeof value).toBe('string');
          expect(normalizeText((value as string).slice(h.start, h.end))).toContain(h.term);
          expect(terms).toContain(h.term);
          expect(h.snippet).toContain((value as string).slice(h.start, h.end));
        }
      }
      // A match may lie only in text a record leaves out (the original abstract behind its summary): then it has none.
      if (q === 'carbon pricing') expect(res.body.results.every((p: { highlights: Highlight[] }) => p.highlights.length > 0)).toBe(true);
    }
  });

  it('leaves highlights out unless asked, and refuses a highlight that is not true or false', async () => {
    const plain = await search({ q: 'hydrogen' }).expect(200);
    expect(plain.body.results.every((p: object) => !('highlights' in p))).toBe(true);
    const bad = await search({ q: 'hydrogen', highlight: 'yes' }).expect(400);
    expect(bad.body).toMatchObject({ code: 'invalid_highlight', status: 400 });
  });

  it('counts the whole match set by facet, each facet adding up to total, and the counts hold as filters', async () => {
    const res = await search({ q: 'carbon', facets: 'topic,lang,year,venue_type' }).expect(200);
    expect(validate('SearchResponse', res.body)).toEqual([]);
    const { total, facets } = res.body;
    for (const name of ['topic', 'lang', 'year', 'venue_type']) expect(facets[name].reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(total);
    // A bucket's count is what filtering by its value finds.
    const journal = facets.venue_type.find((b: { value: string }) => b.value === 'journal');
    expect((await search({ q: 'carbon', venue_type: 'journal' }).expect(200)).body.total).toBe(journal.count);
    const year = facets.year.find((b: { value: number | null }) => b.value !== null);
    expect((await search({ q: 'carbon', year_from: String(year.value), year_to: String(year.value) }).expect(200)).body.total).toBe(year.count);
    expect('facets' in (await search({ q: 'carbon' }).expect(200)).body).toBe(false);
  });

  it('sorts newest first when asked: the same matches, publication year descending', async () => {
    const relevance = await search({ q: 'hydrogen', limit: '50' }).expect(200);
    const newest = await search({ q: 'hydrogen', limit: '50', sort: 'newest' }).expect(200);
    expect(newest.body.total).toBe(relevance.body.total);
    const years = newest.body.results.map((p: { year: number | null }) => p.year ?? -Infinity);
    expect(years).toEqual([...years].sort((a: number, b: number) => b - a));
    expect(years[0]).toBeGreaterThanOrEqual(Math.max(...relevance.body.results.map((p: { year: number | null }) => p.year ?? -Infinity)));
  });

  it.each([
    [{ facets: 'topic,colour' }, 'invalid_facets'],
    [{ sort: 'oldest' }, 'invalid_sort'],
    [{ year_from: '20x' }, 'invalid_year_from'],
    [{ year_to: '3000' }, 'invalid_year_to'],
    [{ year_from: '2024', year_to: '2020' }, 'invalid_year_to'],
    [{ venue_type: 'blog' }, 'invalid_venue_type'],
  ])('refuses %j with %s', async (params, code) => {
    const res = await search({ q: 'carbon', ...params }).expect(400);
    expect(res.body).toMatchObject({ code, status: 400 });
  });

  it('shows the generated demo corpus as such', async () => {
    const res = await search({ q: 'climate', limit: '50' }).expect(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    for (const paper of res.body.results) {
      expect(paper.venue).toMatch(/\(generated demo data\)$/);
      expect(paper.url).toBe(`https://papers.example.org/papers/${paper.id}`);
    }
  });

  it('applies the default limit the OpenAPI document states', async () => {
    const doc = (await request(app.url).get('/openapi.json')).body;
    const limit = doc.paths['/api/v1/papers/search'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    const res = await search({ q: 'carbon' }).expect(200);
    expect(res.body.limit).toBe(limit.schema.default);
    expect(res.body.count).toBe(limit.schema.default);
  });

  it.each(['水素', '炭素', '排出', '開示', '森林'])('finds the Japanese two-character term %s', async (term) => {
    const res = await search({ q: term, lang: 'ja' }).expect(200);
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.results.every((p: { lang: string }) => p.lang === 'ja' || p.lang === 'mul')).toBe(true);
  });

  it('gives every topic filter results, and only papers of that topic', async () => {
    for (const topic of TOPIC_SLUGS) {
      const res = await search({ q: 'climate', topic, limit: '50' });
      expect(res.status).toBe(200);
      expect(res.body.topic).toBe(topic);
      expect(res.body.total).toBeGreaterThan(0);
      expect(res.body.results.every((p: { topic: string }) => p.topic === topic)).toBe(true);
    }
  });

  it('treats full-width input and the ideographic space like their plain forms', async () => {
    const plain = await search({ q: 'CO2 排出' }).expect(200);
    const wide = await search({ q: 'ＣＯ２\u3000排出' }).expect(200);
    expect(plain.body.total).toBeGreaterThan(0);
    expect(wide.body.total).toBe(plain.body.total);
    expect(wide.body.results.map((p: { id: string }) => p.id)).toEqual(plain.body.results.map((p: { id: string }) => p.id));
  });

  it('counts total before paging and pages without overlap or gaps', async () => {
    const all = await search({ q: 'carbon', limit: '50' }).expect(200);
    const p1 = await search({ q: 'carbon', limit: '20', offset: '0' }).expect(200);
    const p2 = await search({ q: 'carbon', limit: '20', offset: '20' }).expect(200);
    expect(p1.body.total).toBe(all.body.total);
    expect(p2.body.offset).toBe(20);
    expect([...p1.body.results, ...p2.body.results].map((p: { id: string }) => p.id)).toEqual(all.body.results.slice(0, 40).map((p: { id: string }) => p.id));
    const past = await search({ q: 'carbon', offset: String(all.body.total) }).expect(200);
    expect(past.body).toMatchObject({ count: 0, results: [], total: all.body.total });
  });

  it('keeps every abstract within 600 characters and follows the citation rule', async () => {
    const res = await search({ q: 'climate', limit: '50', lang: 'ja' }).expect(200);
    for (const p of res.body.results) {
      if (p.abstract !== null) expect([...p.abstract].length).toBeLessThanOrEqual(600);
      expect(p.citation_url).toBe(p.doi ? `https://doi.org/${p.doi}` : (p.source_url ?? p.url));
    }
  });

  it('sends CORS and cache headers, and answers a repeated request from the cache', async () => {
    const first = await search({ q: 'policy design', limit: '7' }).expect(200);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await search({ q: 'policy design', limit: '7' }).expect(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toEqual(first.body);
  });

  it('never caches errors', async () => {
    const first = await search({ q: 'hydrogen', limit: '99' }).expect(400);
    const second = await search({ q: 'hydrogen', limit: '99' }).expect(400);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(second.headers['x-cache']).toBe('MISS');
    expect(second.headers['cache-control']).toBeUndefined();
  });

  it('answers CORS preflight requests', async () => {
    const res = await request(app.url).options('/api/v1/papers/search').set('Origin', 'https://agent.example').set('Access-Control-Request-Method', 'GET').expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('GET');
  });

  it('refuses unknown parameters, naming them and the accepted ones; accepts the cache-buster _', async () => {
    const refused = await search({ q: 'hydrogen', foo: 'bar', api_key: 'x' }).expect(400);
    expect(refused.body).toMatchObject({ code: 'unknown_parameter', accepted_parameters: expect.arrayContaining(['q', 'topic', 'lang', 'limit', 'offset']) });
    expect(refused.body.detail).toMatch(/^foo, api_key are not parameters of this endpoint; accepted: q, topic, lang, limit, offset, /);
    const a = await search({ q: 'hydrogen' }).expect(200);
    const b = await search({ q: 'hydrogen', _: '1700000000' }).expect(200);
    expect(b.body).toEqual(a.body);
  });

  it.each([
    [{}, 'missing_query'],
    [{ q: '' }, 'missing_query'],
    [{ q: 'a' }, 'missing_query'],
    [{ q: '  a  ' }, 'missing_query'],
    [{ q: 'x'.repeat(501) }, 'query_too_long'],
    [{ q: 'aa bb cc dd ee ff' }, 'too_many_terms'],
    [{ q: 'hydrogen a' }, 'term_too_short'],
    [{ q: 'hydrogen', limit: '0' }, 'invalid_limit'],
    [{ q: 'hydrogen', limit: '51' }, 'invalid_limit'],
    [{ q: 'hydrogen', limit: '5.5' }, 'invalid_limit'],
    [{ q: 'hydrogen', limit: 'ten' }, 'invalid_limit'],
    [{ q: 'hydrogen', offset: '-1' }, 'invalid_offset'],
    [{ q: 'hydrogen', offset: '1e3' }, 'invalid_offset'],
    [{ q: 'hydrogen', offset: '9995', limit: '10' }, 'invalid_offset'],
    [{ q: 'hydrogen', topic: 'nuclear' }, 'invalid_topic'],
    [{ q: 'hydrogen', lang: 'zh' }, 'invalid_lang'],
  ])('rejects %j with 400 %s as problem+json', async (query, code) => {
    const res = await search(query as Record<string, string>).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body).toMatchObject({ status: 400, code, title: 'Bad Request' });
    expect(res.body.request_id).toBe(res.headers['x-request-id']);
    expect(validate('Problem', res.body)).toEqual([]);
  });

  it('rejects a parameter given twice with that parameter\'s code', async () => {
    const res = await request(app.url).get('/api/v1/papers/search?q=hydrogen&limit=5&limit=6').expect(400);
    expect(res.body.code).toBe('invalid_limit');
  });

  it('accepts the deepest page that stays within 10,000', async () => {
    const res = await search({ q: 'climate', offset: '9990', limit: '10' }).expect(200);
    expect(res.body.offset).toBe(9990);
  });

  it('answers unknown paths with a problem+json 404, CORS included', async () => {
    const res = await request(app.url).get('/api/v1/nothing-here').expect(404);
    expect(res.body.code).toBe('not_found');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('never answers hostile input with a 500', async () => {
    const inputs = ['%', '\u0000\u0000', '\ud800\ud800', '"; DROP TABLE papers; --', '*?\\ *?', 'a'.repeat(500), '🌏🌏 水素', '<script>alert(1)</script>'];
    for (const q of inputs) {
      const res = await search({ q });
      expect(res.status).toBeLessThan(500);
    }
    const raw = await request(app.url).get('/api/v1/papers/search?q=%E0%A4%A&limit=%ZZ');
    expect(raw.status).toBeLessThan(500);
  });

  it('reports liveness and readiness', async () => {
    await request(app.url).get('/healthz').expect(200, { status: 'ok' });
    const ready = await request(app.url).get('/readyz').expect(200);
    // The in-process index reports its state and how far it is behind the change log.
    // (The vector index may still be building in the background: then the process is `degraded`, still 200.)
    expect(ready.body).toMatchObject({ checks: { database: 'ok', 'keyword-index': { state: 'ok', lag: { changes: 0, seconds: 0 } } } });
    expect(['ready', 'degraded']).toContain(ready.body.status);
  });
});
