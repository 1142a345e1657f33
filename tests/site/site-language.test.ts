import { parse } from 'node-html-parser';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { idOf, JA_PAPER, loadFixtures } from './site-fixtures';

const BASE = 'https://papers.example.org';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The site's two languages and its 404 negotiation, through the public door of `gx start --target all`. */
describe('the site in Japanese and English, and its 404 page (target all)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  const get = (path: string) => request(app.url).get(path);

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadFixtures(database.db, [JA_PAPER]);
    app = await startTestProcess({ DATABASE_URL: database.url, PUBLIC_BASE_URL: BASE, PUBLIC_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('serves the search page in the language of Accept-Language, or of ?hl=, with a switch that keeps it', async () => {
    const ja = parse((await get('/').set('Accept-Language', 'ja,en;q=0.5').expect(200).expect('Vary', /Accept-Language/)).text);
    expect(ja.querySelector('html')!.getAttribute('lang')).toBe('ja');
    expect(ja.querySelector('.brand')!.text).toBe('GX研究論文検索');
    expect(ja.querySelector('label[for="q"]')!.text).toBe('キーワード');
    expect(ja.querySelector('#language-switch')!.getAttribute('href')).toBe('/?hl=en');
    expect(ja.querySelector('#topic option[value="carbon_pricing"]')!.text).toBe('カーボンプライシング');
    const en = parse((await get('/').set('Accept-Language', 'fr').expect(200)).text);
    expect(en.querySelector('html')!.getAttribute('lang')).toBe('en');
    expect(en.querySelector('.brand')!.text).toBe('GX Research Paper Search');
    // ?hl= wins over Accept-Language.
    const chosen = parse((await get('/?hl=en').set('Accept-Language', 'ja').expect(200)).text);
    expect(chosen.querySelector('html')!.getAttribute('lang')).toBe('en');
    expect(chosen.querySelector('#language-switch')!.getAttribute('href')).toBe('/?hl=ja');
  });

  it('labels a paper page in the reader\'s language: topic, language, venue type, dates, back link, switch', async () => {
    const id = idOf(JA_PAPER);
    const res = await get(`/papers/${id}`).set('Accept-Language', 'en-GB,en;q=0.9').expect(200);
    // Its language came from Accept-Language: browsers may keep it, the edge cache may not.
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.vary).toMatch(/Accept-Language/);
    const doc = parse(res.text);
    expect(doc.querySelector('html')!.getAttribute('lang')).toBe('en');
    expect(doc.querySelector('h1')!.text).toBe(JA_PAPER.title_en);
    expect(doc.querySelector('[data-field="topic"]')!.text).toBe('Hydrogen');
    expect(doc.querySelector('[data-field="lang"]')!.text).toBe('Japanese');
    expect(doc.querySelector('[data-field="venue_type"]')!.text).toBe('Journal');
    expect(doc.querySelector('[data-field="publication_date"]')!.text).toBe('15 March 2024');
    expect(doc.querySelectorAll('.paper-page-summary').map((s) => s.id)).toEqual(['summary-en', 'summary-ja', 'abstract']);
    expect(doc.querySelector('#back-link')!.getAttribute('href')).toBe('/?hl=en');
    expect(doc.querySelector('#language-switch')!.getAttribute('href')).toBe(`/papers/${id}?hl=ja`);
    expect(doc.querySelector('.brand')!.text).toBe('GX Research Paper Search');
    expect(doc.querySelector('#demo-notice')).toBeNull(); // a loaded paper, not a generated one

    const ja = await get(`/papers/${id}?hl=ja`).set('Accept-Language', 'en').expect(200);
    expect(ja.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
    const jaDoc = parse(ja.text);
    expect(jaDoc.querySelector('html')!.getAttribute('lang')).toBe('ja');
    expect(jaDoc.querySelector('[data-field="topic"]')!.text).toBe('水素');
    expect(jaDoc.querySelector('#back-link')!.text).toBe('論文を検索');
    expect(jaDoc.querySelector('.brand')!.text).toBe('GX研究論文検索');
  });

  it.each([['/about', 'en', 'Page not found'], ['/about/us?x=1', 'ja', 'ページが見つかりません'], ['/papers/p_nothing0000', 'ja', '論文が見つかりません']])(
    'answers a browser asking for %s with the 404 page in its language (%s)', async (path, lang, heading) => {
      const res = await get(path).set('Accept', BROWSER_ACCEPT).set('Accept-Language', lang).expect(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
      const doc = parse(res.text);
      expect(doc.querySelector('html')!.getAttribute('lang')).toBe(lang);
      expect(doc.querySelector('h1')!.text).toBe(heading);
      expect(doc.querySelector('#not-found a')!.getAttribute('href')).toBe(`/?hl=${lang}`);
      expect(doc.querySelector('link[rel="stylesheet"]')!.getAttribute('href')).toMatch(/^\/assets\/site\.css\?v=/);
      const head = await request(app.url).head(path).set('Accept', BROWSER_ACCEPT).expect(404);
      expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    },
  );

  it.each([
    ['curl (*/*)', '/about', '*/*'],
    ['a JSON client', '/about', 'application/json'],
    ['no Accept at all', '/about', undefined],
    ['a browser under /api/', '/api/v1/nothing', BROWSER_ACCEPT],
    ['a browser under /api itself', '/api', BROWSER_ACCEPT],
  ])('answers %s with problem+json', async (_who, path, accept) => {
    const req = get(path);
    if (accept) req.set('Accept', accept);
    const res = await req.expect(404);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.body).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('answers a browser\'s POST to an unknown path with problem+json (only pages are pages)', async () => {
    const res = await request(app.url).post('/about').set('Accept', BROWSER_ACCEPT).send({}).expect(404);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });
});
