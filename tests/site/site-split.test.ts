import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';
import { idOf, JA_PAPER, loadFixtures } from './site-fixtures';

const BASE = 'https://papers.example.org';

/** The site's paths reach public-search when it runs in its own process (its module's `serves.paths`). */
describe('paper pages, citations and sitemap through a gateway in front of a separate public-search', () => {
  let database: TestDatabase;
  let service: TestProcess;
  let gateway: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadFixtures(database.db, [JA_PAPER]);
    service = await startTestProcess({ DATABASE_URL: database.url, PUBLIC_BASE_URL: BASE, SERVICE_TOKEN: 'site-split-token-0123' }, 'public-search');
    gateway = await startTestProcess({ DATABASE_URL: database.url, PUBLIC_BASE_URL: BASE, PUBLIC_SEARCH_URL: service.url, SERVICE_TOKEN: 'site-split-token-0123', PUBLIC_RATE_LIMIT: '1000' }, 'gateway');
  });
  afterAll(async () => {
    await gateway?.stop();
    await service?.stop();
    await database?.drop();
  });

  it.each([
    [`/papers/${idOf(JA_PAPER)}`, 200, 'text/html; charset=utf-8'],
    [`/papers/${idOf(JA_PAPER)}.bib`, 200, 'application/x-bibtex; charset=utf-8'],
    [`/papers/${idOf(JA_PAPER)}.ris`, 200, 'application/x-research-info-systems; charset=utf-8'],
    [`/papers/${idOf(JA_PAPER)}.json`, 200, 'application/vnd.citationstyles.csl+json; charset=utf-8'],
    ['/papers/p_doesnotexist0000', 404, 'text/html; charset=utf-8'],
    ['/papers/p_doesnotexist0000.bib', 404, 'application/problem+json; charset=utf-8'],
    ['/sitemap.xml', 200, 'application/xml; charset=utf-8'],
    ['/sitemaps/papers-1.xml', 200, 'application/xml; charset=utf-8'],
    ['/robots.txt', 200, 'text/plain; charset=utf-8'],
  ])('the gateway forwards %s (%i, %s)', async (path, status, contentType) => {
    const direct = await request(service.url).get(path);
    const viaGateway = await request(gateway.url).get(path);
    expect([viaGateway.status, viaGateway.headers['content-type']]).toEqual([status, contentType]);
    expect(viaGateway.headers['x-ratelimit-limit']).toBe('1000');
    if (status === 200) {
      expect(viaGateway.text).toBe(direct.text);
      if (!path.startsWith('/sitemaps/')) expect(viaGateway.headers.etag).toBe(direct.headers.etag);
    }
  });

  it('answers a browser on an unknown path with the site\'s HTML 404, and a program with problem+json', async () => {
    const browser = await request(gateway.url).get('/about').set('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8').set('Accept-Language', 'ja');
    expect([browser.status, browser.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    expect(browser.text).toContain('ページが見つかりません');
    expect(browser.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    const program = await request(gateway.url).get('/about').set('Accept', '*/*');
    expect([program.status, program.headers['content-type'], program.body.code]).toEqual([404, 'application/problem+json; charset=utf-8', 'not_found']);
    // The API's paths stay the API's, whatever the client accepts.
    const api = await request(gateway.url).get('/api/v1/nothing').set('Accept', 'text/html');
    expect(api.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });

  it('keeps the page\'s security headers through the proxy and at the edge', async () => {
    // `?hl=` names the language, so the edge may keep the page (without it, it varies by Accept-Language).
    const path = `/papers/${idOf(JA_PAPER)}?split=edge&hl=ja`;
    const first = await request(gateway.url).get(path).expect(200);
    expect(first.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    const hit = await waitFor('the page to be kept at the edge', async () => {
      const r = await request(gateway.url).get(path);
      return r.headers['x-cache'] === 'HIT' ? r : undefined;
    });
    expect(hit.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    await request(gateway.url).get(path).set('If-None-Match', first.headers.etag!).expect(304);
  });
});
