import { parse, type HTMLElement } from 'node-html-parser';
import request from 'supertest';
import { HTML_CONTENT_SECURITY_POLICY } from '../../services/public-site/html-headers';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';
import { displayName, parseCitation } from './citation-parse';
import { EN_PAPER, HOSTILE_PAPER, HOSTILE_TITLE, idOf, JA_PAPER, loadFixtures } from './site-fixtures';

const BASE = 'https://papers.example.org';

/** Paper pages through the public door of `gx start --target all`, papers loaded through the loader. */
describe('paper pages (target all)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  const get = (path: string) => request(app.url).get(path);
  /** The paper's record exactly as the search API shows it (found by its unique tag). */
  const recordVia = async (tag: string) => {
    const res = await waitFor(`the search to find ${tag}`, async () => {
      const r = await get('/api/v1/papers/search').query({ q: tag });
      return r.body.total === 1 ? r : undefined;
    });
    return res.body.results[0] as Record<string, unknown> & { id: string; url: string; authors: string[]; tags: string[] };
  };
  const page = async (id: string, language?: string) => {
    const res = await get(`/papers/${id}`).set('Accept-Language', language ?? 'en').expect(200);
    return { res, html: res.text, doc: parse(res.text) };
  };
  const meta = (doc: HTMLElement, name: string) => doc.querySelectorAll(`meta[name="${name}"]`).map((m) => m.getAttribute('content'));
  const field = (doc: HTMLElement, name: string) => doc.querySelector(`[data-field="${name}"]`);

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadFixtures(database.db, [JA_PAPER, EN_PAPER, HOSTILE_PAPER]);
    app = await startTestProcess({ DATABASE_URL: database.url, PUBLIC_BASE_URL: BASE, PUBLIC_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('shows every field of the record, with the values the search API gives', async () => {
    const record = await recordVia('fixtureja');
    // A Japanese reader (Accept-Language): the Japanese interface, the Japanese title first.
    const { res, doc } = await page(record.id, 'ja-JP,ja;q=0.9,en;q=0.5');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(doc.querySelector('html')!.getAttribute('lang')).toBe('ja');
    expect(doc.querySelector('h1')!.text).toBe(record.title);
    expect(doc.querySelector('h1')!.getAttribute('lang')).toBe('ja');
    expect(field(doc, 'title_en')!.text).toBe(record.title_en);
    expect(field(doc, 'title_en')!.getAttribute('lang')).toBe('en');
    expect(doc.querySelectorAll('#paper-authors .author').map((a) => a.text)).toEqual(record.authors);
    expect(doc.querySelectorAll('[data-field="tags"] .tag').map((t) => t.text)).toEqual(record.tags);
    for (const name of ['id', 'year', 'venue', 'doi', 'source_url', 'url', 'citation_url']) {
      expect([name, field(doc, name)?.text.trim()]).toEqual([name, String(record[name])]);
    }
    // Slugs, codes and ISO dates are shown in words; the record's own value stays in data-value.
    for (const name of ['venue_type', 'topic', 'lang', 'updated_at']) {
      expect([name, field(doc, name)?.getAttribute('data-value')]).toEqual([name, String(record[name])]);
    }
    expect([field(doc, 'topic')!.text, field(doc, 'lang')!.text, field(doc, 'venue_type')!.text]).toEqual(['水素', '日本語', '学術誌']);
    expect(field(doc, 'updated_at')!.querySelector('time')!.getAttribute('datetime')).toBe(record.updated_at);
    expect(field(doc, 'doi')!.querySelector('a')!.getAttribute('href')).toBe(`https://doi.org/${record.doi}`);
    expect(field(doc, 'source_url')!.querySelector('a')!.getAttribute('href')).toBe(record.source_url);
    expect(field(doc, 'pdf_url')!.querySelector('a')!.getAttribute('href')).toBe('https://example.org/papers/h2.pdf');
    expect(field(doc, 'publication_date')!.text).toBe('2024年3月15日');
    expect(field(doc, 'publication_date')!.querySelector('time')!.getAttribute('datetime')).toBe('2024-03-15');
    // The record's abstract is the English AI summary; both summaries are shown in full, each in its
    // language, the reader's first, then the original abstract in full.
    expect(field(doc, 'abstract')!.querySelector('p')!.text).toBe(record.abstract);
    expect(doc.querySelector('#summary-en p')!.getAttribute('lang')).toBe('en');
    expect(doc.querySelector('#summary-ja p')!.text).toBe('水素サプライチェーンに関する日本語の要約。');
    expect(doc.querySelector('#summary-ja p')!.getAttribute('lang')).toBe('ja');
    expect(doc.querySelectorAll('.paper-page-summary').map((s) => s.id)).toEqual(['summary-ja', 'summary-en', 'abstract']);
    expect(doc.querySelector('#abstract p')!.text).toBe('原著の抄録。');
    expect(doc.querySelector('#licence')!.text).toMatch(/CC BY 4\.0[\s\S]*各出版社/);
  });

  it('gives an English paper without summaries its original abstract and lang="en"', async () => {
    const record = await recordVia('fixtureen');
    const { doc } = await page(record.id);
    expect(doc.querySelector('html')!.getAttribute('lang')).toBe('en');
    expect(doc.querySelector('#abstract p')!.text).toBe(record.abstract);
    expect(doc.querySelector('#summary-en')).toBeNull();
    expect(field(doc, 'doi')).toBeNull();
  });

  it('carries the citation meta tags, the canonical link and schema.org JSON-LD', async () => {
    const record = await recordVia('fixtureja');
    const { doc } = await page(record.id);
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(record.url);
    expect(record.url).toBe(`${BASE}/papers/${record.id}`);
    expect(meta(doc, 'citation_title')).toEqual([record.title]);
    expect(meta(doc, 'citation_author')).toEqual(record.authors);
    expect(meta(doc, 'citation_publication_date')).toEqual(['2024/03/15']);
    expect(meta(doc, 'citation_doi')).toEqual([record.doi]);
    expect(meta(doc, 'citation_journal_title')).toEqual([record.venue]);
    expect(meta(doc, 'citation_pdf_url')).toEqual(['https://example.org/papers/h2.pdf']);
    expect(meta(doc, 'citation_language')).toEqual(['ja']);
    expect(meta(doc, 'citation_abstract_html_url')).toEqual([record.url]);
    expect(meta(doc, 'citation_public_url')).toEqual([record.url]);
    const ld = doc.querySelectorAll('script[type="application/ld+json"]');
    expect(ld).toHaveLength(1);
    expect(JSON.parse(ld[0]!.rawText)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ScholarlyArticle',
      '@id': record.url,
      headline: record.title,
      author: record.authors.map((name) => ({ '@type': 'Person', name })),
      datePublished: '2024-03-15',
      inLanguage: 'ja',
      identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: record.doi },
      isPartOf: { '@type': 'Periodical', name: record.venue },
    });
  });

  it('has a citation block with copy buttons (an external script) and download links that parse', async () => {
    const record = await recordVia('fixtureja');
    const { doc } = await page(record.id);
    // One external script, linked by its content-hashed URL (a deploy is picked up at once), and it is served.
    const scripts = doc.querySelectorAll('script:not([type])').map((s) => [s.getAttribute('src'), s.rawText]);
    expect(scripts).toEqual([[expect.stringMatching(/^\/assets\/paper-page\.js\?v=[\w-]+$/), '']]);
    await request(app.url).get(scripts[0]![0]!).expect(200).expect('Content-Type', /javascript/);
    expect(doc.querySelectorAll('#cite button[data-copy-target]').map((b) => b.getAttribute('data-copy-target'))).toEqual(['citation-text', 'citation-bibtex']);
    expect(doc.querySelector('#citation-bibtex')!.text).toMatch(/^@article\{/);
    const formats = [
      ['download-bibtex', 'bib', 'application/x-bibtex; charset=utf-8', '@biblatex/text'],
      ['download-ris', 'ris', 'application/x-research-info-systems; charset=utf-8', '@ris/file'],
      ['download-csl-json', 'json', 'application/vnd.citationstyles.csl+json; charset=utf-8', '@csl/list+object'],
    ] as const;
    for (const [testId, extension, contentType, parser] of formats) {
      const a = doc.querySelector(`[data-testid="${testId}"]`)!;
      expect(a.getAttribute('href')).toBe(`/papers/${record.id}.${extension}`);
      expect(a.getAttribute('download')).toBe(`${record.id}.${extension}`);
      const res = await get(a.getAttribute('href')!).buffer(true).parse((r, done) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (text += c));
        r.on('end', () => done(null, text));
      }).expect(200);
      expect(res.headers['content-type']).toBe(contentType);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${record.id}.${extension}"`);
      expect(res.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
      expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const item = parseCitation(res.body as string, parser);
      expect([extension, item.title, (item.author ?? []).map(displayName), item.issued?.['date-parts']?.[0]?.[0], item.DOI])
        .toEqual([extension, record.title, record.authors, record.year, record.doi]);
    }
  });

  it('renders a hostile paper as text everywhere: HTML, attributes, JSON-LD', async () => {
    const id = idOf(HOSTILE_PAPER);
    const { res, html, doc } = await page(id);
    expect(html).not.toMatch(/<script>alert|<img src=x|<b>tag|<i>Venue/i);
    // The page's two scripts, the JSON-LD block and the connections' strings (data, not script).
    expect(html.match(/<script\b/g)).toHaveLength(4);
    expect(doc.querySelector('h1')!.text).toBe(HOSTILE_TITLE);
    expect(doc.querySelector('title')!.text).toContain(HOSTILE_TITLE);
    expect(meta(doc, 'citation_title')).toEqual([HOSTILE_TITLE]);
    expect(meta(doc, 'citation_author')).toEqual(HOSTILE_PAPER.authors);
    expect(doc.querySelectorAll('#paper-authors .author').map((a) => a.text)).toEqual(HOSTILE_PAPER.authors);
    expect(doc.querySelector('#abstract p')!.text).toBe(HOSTILE_PAPER.abstract);
    const ldText = doc.querySelector('script[type="application/ld+json"]')!.rawText;
    expect(ldText).not.toMatch(/[<>]/);
    const ld = JSON.parse(ldText);
    expect([ld.headline, ld.abstract, ld.author.map((a: { name: string }) => a.name)]).toEqual([HOSTILE_TITLE, HOSTILE_PAPER.abstract, HOSTILE_PAPER.authors]);
    expect(res.headers['content-security-policy']).toBe(HTML_CONTENT_SECURITY_POLICY);
  });

  it('sends the security headers on every HTML answer', async () => {
    const ok = await get(`/papers/${idOf(EN_PAPER)}`).expect(200);
    const missing = await get('/papers/p_doesnotexist0000').expect(404);
    for (const res of [ok, missing]) {
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['x-ratelimit-limit']).toBe('1000'); // pages count against the per-IP limit like searches
    }
  });

  it.each(['/papers/p_doesnotexist0000', '/papers/%E0%A4%A', '/papers/bad%2Fid', '/papers/a/b', '/papers/', '/papers/x.xml', `/papers/${'x'.repeat(300)}`])(
    'answers %s with the 404 page, never a 500', async (path) => {
      const res = await get(path).expect(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(parse(res.text).querySelector('h1')!.text).toBe('Paper not found');
      expect(res.headers['cache-control']).toBeUndefined();
      const head = await request(app.url).head(path).expect(404);
      expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(head.text ?? '').toBe('');
    },
  );

  it.each(['/papers/p_doesnotexist0000.bib', '/papers/p_doesnotexist0000.ris', '/papers/p_doesnotexist0000.json', '/papers/%ZZ.bib'])(
    'answers the citation %s of no paper with 404 problem+json', async (path) => {
      const res = await get(path).expect(404);
      expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(res.body).toMatchObject({ status: 404, code: 'not_found' });
    },
  );

  it('answers 304 from the route when If-None-Match names the current ETag', async () => {
    // A query string the edge cache has never seen, so the request reaches the route.
    // `?hl=` names the page's language, so shared caches may keep it (without it, it varies by Accept-Language).
    const path = `/papers/${idOf(EN_PAPER)}?from=route&hl=en`;
    const first = await get(path).expect(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
    expect(first.headers['x-cache']).toBe('MISS');
    const etag = first.headers.etag!;
    const again = await get(`/papers/${idOf(EN_PAPER)}?from=route-304&hl=en`).set('If-None-Match', `"other", ${etag}`).expect(304);
    expect(again.headers['x-cache']).toBe('MISS');
    expect(again.headers.etag).toBe(etag);
    expect(again.text ?? '').toBe('');
    await get(`/papers/${idOf(EN_PAPER)}?from=route-stale&hl=en`).set('If-None-Match', '"stale"').expect(200);
  });

  it('answers an edge-cache hit with 304 when the kept ETag matches, with the door\'s and the page\'s headers', async () => {
    const path = `/papers/${idOf(JA_PAPER)}?from=edge&hl=ja`;
    const first = await get(path).expect(200);
    const hit = await waitFor('the page to be kept at the edge', async () => {
      const r = await get(path);
      return r.headers['x-cache'] === 'HIT' ? r : undefined;
    });
    expect(hit.status).toBe(200);
    expect(hit.text).toBe(first.text);
    expect(hit.headers.etag).toBe(first.headers.etag);
    expect(hit.headers['content-security-policy']).toBe(HTML_CONTENT_SECURITY_POLICY);
    const notModified = await get(path).set('If-None-Match', first.headers.etag!).set('X-Request-Id', 'edge-304-request-0001').expect(304);
    expect(notModified.headers['x-cache']).toBe('HIT');
    expect(notModified.headers.etag).toBe(first.headers.etag);
    expect(notModified.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
    expect(notModified.headers['x-request-id']).toBe('edge-304-request-0001');
    expect(notModified.headers['access-control-allow-origin']).toBe('*');
    expect(notModified.headers['x-ratelimit-limit']).toBe('1000');
    expect(notModified.headers['content-length']).toBeUndefined();
    expect(notModified.text ?? '').toBe('');
    const stale = await get(path).set('If-None-Match', '"stale"').expect(200);
    expect(stale.headers['x-cache']).toBe('HIT');
  });
});
