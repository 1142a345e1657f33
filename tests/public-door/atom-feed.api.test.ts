import Parser from 'rss-parser';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';

/** The Atom feed of a saved search, read by a real feed parser. */
describe('the Atom feed of a search (target all, demo corpus)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  const parser = new Parser();

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    app = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true', PUBLIC_BASE_URL: 'https://papers.example.org' });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('lists the newest papers matching the query, each linking its page, and parses as Atom', async () => {
    const res = await request(app.url).get('/feeds/papers.atom').query({ q: 'hydrogen', lang: 'en' }).expect(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
    const feed = await parser.parseString(res.text);
    expect(feed.title).toBe('GX Research Paper Search: “hydrogen”');
    expect(feed.link).toBe('https://papers.example.org/?q=hydrogen&lang=en');
    const search = await request(app.url).get('/api/v1/papers/search').query({ q: 'hydrogen', lang: 'en', sort: 'newest', limit: '20' }).expect(200);
    expect(feed.items.map((i) => i.link)).toEqual(search.body.results.map((p: { url: string }) => p.url));
    expect(feed.items.map((i) => i.title)).toEqual(search.body.results.map((p: { title: string }) => p.title));
    expect(feed.items[0]!.id).toBe(search.body.results[0].url);
    // Cached like a search: the same feed again is a hit, and its ETag answers 304.
    const again = await request(app.url).get('/feeds/papers.atom').query({ q: 'hydrogen', lang: 'en' }).expect(200);
    expect(again.headers['x-cache']).toBe('HIT');
    await request(app.url).get('/feeds/papers.atom').query({ q: 'hydrogen', lang: 'en' }).set('If-None-Match', again.headers.etag!).expect(304);
  });

  it('keeps markup in papers as text and parses with no match at all', async () => {
    const empty = await request(app.url).get('/feeds/papers.atom').query({ q: 'zzqqxxyy' }).expect(200);
    const feed = await parser.parseString(empty.text);
    expect(feed.items).toEqual([]);
    expect(empty.text).not.toMatch(/<script/i);
  });

  it.each([
    [{}, 'missing_query'],
    [{ q: 'a b c d e f' }, 'too_many_terms'],
    [{ q: 'hydrogen', topic: 'astrology' }, 'invalid_topic'],
    [{ q: 'hydrogen', lang: 'fr' }, 'invalid_lang'],
  ])('refuses %j with %s as problem+json', async (query, code) => {
    const res = await request(app.url).get('/feeds/papers.atom').query(query).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe(code);
  });
});
