import express from 'express';
import request from 'supertest';
import pino from 'pino';
import { sitemapRoutes, SITEMAP_MAX_URLS } from '../../services/public-site/sitemap.routes';
import { errorHandler, notFoundHandler } from '../../shared/http/problem-response';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';
import { EN_PAPER, HOSTILE_PAPER, idOf, JA_PAPER, loadFixtures } from './site-fixtures';

const BASE = 'https://papers.example.org';
const FIVE = [JA_PAPER, EN_PAPER, HOSTILE_PAPER, { ...EN_PAPER, id: 'conf-2022-18', title: 'Fourth paper' }, { ...EN_PAPER, id: 'conf-2022-19', title: 'Fifth paper' }];

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const lastmods = (xml: string) => [...xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1]!);
const pathOf = (url: string) => url.slice(BASE.length);

/** The sitemap routes on their own over a real Postgres, with a child limit low enough to split five papers. */
describe('sitemap index and children (2 URLs a child)', () => {
  let database: TestDatabase;
  let app: express.Express;
  let repository: PaperRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadFixtures(database.db, FIVE);
    repository = new PaperRepository(database.db);
    app = express();
    app.use(sitemapRoutes({ papers: repository, publicBaseUrl: BASE, urlsPerSitemap: 2 }));
    app.use(notFoundHandler, errorHandler(pino({ level: 'silent' })));
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('splits the papers into children of at most 2 URLs that together list every paper page once, in id order', async () => {
    const index = await request(app).get('/sitemap.xml').expect(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const children = locs(index.text);
    expect(children).toEqual([`${BASE}/sitemaps/pages.xml`, `${BASE}/sitemaps/papers-1.xml`, `${BASE}/sitemaps/papers-2.xml`, `${BASE}/sitemaps/papers-3.xml`]);

    const listed: string[] = [];
    const childLastmods: string[] = [];
    for (const child of children.slice(1)) {
      const res = await request(app).get(pathOf(child)).expect(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.text).toMatch(/<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">[\s\S]*<\/urlset>\n$/);
      const urls = locs(res.text);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(2);
      listed.push(...urls);
      childLastmods.push([...lastmods(res.text)].sort().at(-1)!);
    }
    // Postgres's order of the ids (its collation, which is what keyset paging follows).
    const ids: string[] = [];
    for await (const batch of repository.allInBatches()) ids.push(...batch.map((p) => p.id));
    expect(ids.sort()).toEqual(FIVE.map(idOf).sort());
    const inDbOrder: string[] = [];
    for await (const batch of repository.allInBatches()) inDbOrder.push(...batch.map((p) => `${BASE}/papers/${p.id}`));
    expect(listed).toEqual(inDbOrder);
    // Each child's lastmod in the index is the newest update time of its papers.
    expect(lastmods(index.text)).toEqual(childLastmods);
  });

  it('gives each paper URL its update time as lastmod', async () => {
    const [paper] = await repository.findByIds([idOf(JA_PAPER)]);
    const all = await Promise.all([1, 2, 3].map((n) => request(app).get(`/sitemaps/papers-${n}.xml`)));
    const xml = all.map((r) => r.text).join('');
    expect(xml).toContain(`<url><loc>${BASE}/papers/${paper!.id}</loc><lastmod>${paper!.updated_at}</lastmod></url>`);
  });

  it('lists the search page in a child of its own', async () => {
    const res = await request(app).get('/sitemaps/pages.xml').expect(200);
    expect(locs(res.text)).toEqual([`${BASE}/`]);
  });

  it.each(['/sitemaps/papers-4.xml', '/sitemaps/papers-0.xml', '/sitemaps/papers-01.xml', '/sitemaps/papers-x.xml'])('answers %s with 404', async (path) => {
    const res = await request(app).get(path).expect(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('keeps the protocol limit as the default and refuses a larger one', () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(() => sitemapRoutes({ papers: repository, publicBaseUrl: BASE, urlsPerSitemap: 50_001 })).toThrow(/urlsPerSitemap/);
  });
});

describe('robots.txt and the sitemap through the public door (target all)', () => {
  let database: TestDatabase;
  let app: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadFixtures(database.db, [JA_PAPER, EN_PAPER]);
    app = await startTestProcess({ DATABASE_URL: database.url, PUBLIC_BASE_URL: BASE });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('allows the site, disallows /api/ and /mcp, and points at the sitemap by absolute URL', async () => {
    const res = await request(app.url).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text.split('\n')).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /mcp', '', `Sitemap: ${BASE}/sitemap.xml`, '']);
  });

  it('lists every paper by the same url its record has', async () => {
    const index = await request(app.url).get('/sitemap.xml').expect(200);
    expect(locs(index.text)).toEqual([`${BASE}/sitemaps/pages.xml`, `${BASE}/sitemaps/papers-1.xml`]);
    const child = await request(app.url).get('/sitemaps/papers-1.xml').expect(200);
    expect(child.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
    const search = await waitFor('the search to find the paper', async () => {
      const r = await request(app.url).get('/api/v1/papers/search').query({ q: 'fixtureja' });
      return r.body.total === 1 ? r : undefined;
    });
    expect(locs(child.text)).toContain(search.body.results[0].url);
    expect(locs(child.text)).toHaveLength(2);
  });
});
