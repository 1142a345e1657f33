import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { TOPIC_SLUGS } from '../../shared/papers/paper.schema';
import { createBaseApp, errorHandler, notFoundHandler } from '../../shared/http/base-app';
import { createLogger } from '../../shared/logging/logger';
import { HTML_SECURITY_HEADERS } from '../../services/public-site/html-headers';
import { ASSET_CACHE_CONTROL, PAGE_CACHE_CONTROL, SiteAssets, siteRoutes, VERSIONED_ASSET_CACHE_CONTROL } from '../../services/public-site/site.routes';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';

/** The site's routes on their own: the search page and its static files (no browser needed). */
describe('site routes: GET / and GET /assets/*', () => {
  const logger = createLogger({ level: 'silent' });
  const assets = SiteAssets.load();
  const app = createBaseApp({ logger, trustProxy: false, readiness: () => ({}) });
  app.use(siteRoutes(assets));
  app.use(notFoundHandler, errorHandler(logger));
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** A request with the path exactly as given (no client-side `..` normalisation). */
  const rawGet = (path: string) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }));
      }).on('error', reject);
    });

  it('serves the search page as HTML with the security headers, revalidated by ETag', async () => {
    const res = await request(app).get('/').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const [name, value] of Object.entries(HTML_SECURITY_HEADERS)) expect(res.headers[name.toLowerCase()]).toBe(value);
    expect(res.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    await request(app).get('/').set('If-None-Match', res.headers.etag!).expect(304);
    // The same page for any search in the query string (the script reads it).
    expect((await request(app).get('/?q=hydrogen&offset=10').expect(200)).headers.etag).toBe(res.headers.etag);
  });

  it('has every topic, versioned asset links, and nothing inline for the CSP to refuse', async () => {
    const html = (await request(app).get('/').expect(200)).text;
    for (const slug of TOPIC_SLUGS) expect(html).toContain(`<option value="${slug}">`);
    expect(html).toContain(`src="${assets.url('search.js')}"`);
    expect(html).toContain(`href="${assets.url('site.css')}"`);
    expect(html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1">/);
    // The one script element without src is the page's strings as JSON data, which never runs.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/i);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
  });

  it('serves assets with their content types; the versioned URL is immutable, the plain one is kept briefly', async () => {
    const js = await request(app).get(assets.url('search.js')).expect(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe(VERSIONED_ASSET_CACHE_CONTROL);
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    const css = await request(app).get('/assets/site.css').expect(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
    await request(app).get('/assets/site.css?v=stale').set('If-None-Match', css.headers.etag!).expect(304);
    expect((await request(app).get('/assets/favicon.svg').expect(200)).headers['content-type']).toBe('image/svg+xml');
    const head = await request(app).head('/assets/search.js').expect(200);
    expect(head.headers['content-length']).toBe(String(assets.get('search.js')!.body.length));
  });

  it.each([
    '/assets/nothing.js',
    '/assets/',
    '/assets/../site.routes.ts',
    '/assets/../../../../package.json',
    '/assets/..%2f..%2f..%2f..%2fpackage.json',
    '/assets/%2e%2e/index.html',
    '/assets/.%2e/index.html',
    '/assets/..\\index.html',
    '/assets/site.css%00.js',
    '/assets//etc/passwd',
  ])('refuses %s with a 404 problem', async (path) => {
    const res = await rawGet(path);
    expect(res.status).toBe(404);
    expect(res.type).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(res.body).code).toBe('not_found');
  });
});

/** The gateway proxies the site to public-search when that runs in a process of its own. */
describe('site routes through a gateway in front of a separate public-search', () => {
  let database: TestDatabase;
  let searchService: TestProcess;
  let gateway: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    searchService = await startTestProcess({ DATABASE_URL: database.url }, 'public-search');
    gateway = await startTestProcess({ DATABASE_URL: database.url, PUBLIC_SEARCH_URL: searchService.url, SERVICE_TOKEN: 'site-test-token-0123' }, 'gateway');
  });
  afterAll(async () => {
    await gateway?.stop();
    await searchService?.stop();
    await database?.drop();
  });

  it('serves the page and its assets with their headers, 304s and 404s', async () => {
    const page = await request(gateway.url).get('/?q=carbon').expect(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(HTML_SECURITY_HEADERS['Content-Security-Policy']);
    expect(page.headers['access-control-allow-origin']).toBe('*');
    await request(gateway.url).get('/').set('If-None-Match', page.headers.etag!).expect(304);
    const script = /src="(\/assets\/search\.js\?v=[\w-]+)"/.exec(page.text)![1]!;
    const js = await request(gateway.url).get(script).expect(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe(VERSIONED_ASSET_CACHE_CONTROL);
    const missing = await request(gateway.url).get('/assets/missing.js').expect(404);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(missing.body.code).toBe('not_found');
    // The search itself still answers through the same gateway.
    expect((await request(gateway.url).get('/api/v1/papers/search').query({ q: 'carbon' }).expect(200)).body.api_version).toBe('v1');
  });
});
