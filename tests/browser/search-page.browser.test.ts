import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { HTML_SECURITY_HEADERS } from '../../services/public-site/html-headers';
import { axeViolations, describeWithChromium, DESKTOP, launchChromium, PHONE, screenshot, screenshotDir, searchAnswer, watchedPage } from './chromium';
import { freePort } from '../support/services';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';

interface ApiPaper { id: string; title: string | null; title_en?: string | null; url: string; topic: string | null; lang: string | null }
interface ApiEnvelope { total: number; count: number; offset: number; results: ApiPaper[]; suggestion?: { q: string; total: number; reason: string } }

/** In the page: true when nothing is wider than the window (no sideways scrolling). */
const FITS_WIDTH = 'document.documentElement.scrollWidth <= window.innerWidth';

/** A word no generated demo paper holds, so that only the hostile paper matches it. */
const HOSTILE_WORD = 'quokkazebra';
const HOSTILE_TITLE = `<script>window.__pwned = 'script'</script><img src="x" onerror="window.__pwned = 'img'"> ${HOSTILE_WORD} & "carbon" <b>bold</b>`;

/** The paper page (`/papers/{id}`, its `.bib` download) is another route of public-search: the steps that need it wait for it to be served. */
/**
 * The search page (`GET /`) in a real browser: Debian's Chromium driven by playwright-core,
 * against `--target all` with the generated demo corpus on real Postgres. Waits are for elements
 * and responses, never for times (playwright's own timeouts are off: jest's bounds each test).
 */
describeWithChromium('the search page in Chromium (target all, demo corpus)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let browser: Browser;
  let desktop: BrowserContext;
  let page: Page;
  let shots: string;
  /** What the browser reported that a page must never cause: CSP refusals, uncaught errors, dialogs. */
  const problems: string[] = [];

  const resultTitles = (p: Page = page) => p.locator('#results .paper-title').allTextContents();
  const statusText = (p: Page = page) => p.locator('#status').textContent();

  /** Runs `action` and resolves with the JSON body of the search request it caused. */
  const searchBy = (action: () => Promise<unknown>, p: Page = page) => searchAnswer<ApiEnvelope>(p, action);
  const newPage = (context: BrowserContext) => watchedPage(context, problems);

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    // The paper links (`url`) name PUBLIC_BASE_URL: the door must listen where they point.
    const port = await freePort();
    app = await startTestProcess({
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
      PUBLIC_PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      // The wait for the hostile paper below asks the same URL until it is found: the edge cache would keep the first answer.
      RESPONSE_CACHE_TTL_SECONDS: '0',
    });
    const report = await loadPapers(
      recordsAsLines([{
        id: 'browser-hostile-1',
        title: HOSTILE_TITLE,
        title_en: `${HOSTILE_TITLE} (English)`,
        authors: ['<img src=x onerror=alert(1)>', 'Ada "Quote" Lovelace'],
        year: 2024,
        abstract: `A summary with <script>alert('abstract')</script> markup, about ${HOSTILE_WORD}.`,
        venue: '<i>Venue</i>',
        topic: 'carbon_pricing',
        tags: ['<svg onload=alert(1)>', 'tag & more'],
        lang: 'en',
        source_url: 'https://example.org/papers/hostile',
      }]),
      new PaperRepository(database.db),
    );
    expect(report.inserted).toBe(1);
    await waitFor('the server to find the hostile paper', async () => {
      const res = await fetch(`${app.url}/api/v1/papers/search?q=${HOSTILE_WORD}`);
      return res.ok && ((await res.json()) as ApiEnvelope).total === 1;
    });
    shots = screenshotDir();
    browser = await launchChromium();
    // The English interface (Accept-Language); the Japanese one has its own suite (site-languages.browser.test.ts).
    desktop = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
    page = await newPage(desktop);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await database?.drop();
  });

  it('serves the page with its security headers, and the form is labelled and in landmarks', async () => {
    const response = await page.goto(`${app.url}/`);
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    for (const [name, value] of Object.entries(HTML_SECURITY_HEADERS)) expect(headers[name.toLowerCase()]).toBe(value);
    await page.locator('#q').waitFor();
    expect(await page.locator('header').count()).toBe(1);
    expect(await page.locator('main h1').textContent()).toBe('Search papers');
    expect(await page.getByRole('search').count()).toBe(1);
    expect(await page.getByLabel('Keywords', { exact: true }).count()).toBe(1);
    expect(await page.getByLabel('Topic', { exact: true }).locator('option').count()).toBe(26);
    expect(await page.getByLabel('Language', { exact: true }).locator('option').allTextContents()).toEqual(['All languages', 'English', 'Japanese']);
    // The search's status line, and the one that says "cite this page" copied its BibTeX (it speaks only then).
    expect(await page.locator('[role="status"][aria-live="polite"]').evaluateAll((els) => els.map((e) => e.id))).toEqual(['status', 'cite-page-status']);
    expect(await page.locator('[role="alert"]').count()).toBe(1);
  });

  it('searches: Enter in the query box shows the count and the first page, and puts the search in the URL', async () => {
    await page.getByLabel('Keywords', { exact: true }).fill('carbon');
    const body = await searchBy(() => page.getByLabel('Keywords', { exact: true }).press('Enter'));
    expect(body.total).toBeGreaterThan(20);
    await page.locator('#status', { hasText: 'Showing 1–10' }).waitFor();
    expect(await statusText()).toBe(`${body.total.toLocaleString('en')} papers match “carbon”. Showing 1–10.`);
    expect(await page.locator('#results > li').count()).toBe(10);
    expect(new URL(page.url()).search).toBe('?q=carbon');
    // Each result links its title to the paper's page (the record's url), in the API's order.
    const hrefs = await Promise.all((await page.locator('#results .paper-title a').all()).map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(body.results.map((p) => p.url));
    expect(await page.locator('#results .paper').first().locator('.paper-meta').textContent()).toMatch(/\(generated demo data\)/);
  });

  it('filters by topic and by language, and says so', async () => {
    await page.getByLabel('Topic', { exact: true }).selectOption('carbon_pricing');
    await page.getByLabel('Language', { exact: true }).selectOption('en');
    const body = await searchBy(() => page.getByRole('button', { name: 'Search' }).click());
    expect(body.total).toBeGreaterThan(0);
    expect(body.results.every((p) => p.topic === 'carbon_pricing' && (p.lang === 'en' || p.lang === 'mul'))).toBe(true);
    await page.locator('#status', { hasText: '(topic Carbon pricing, English)' }).waitFor();
    expect(new URL(page.url()).search).toBe('?q=carbon&topic=carbon_pricing&lang=en');
    const topics = await page.locator('#results .chip-topic').allTextContents();
    expect(topics.length).toBe(body.count);
    expect(new Set(topics)).toEqual(new Set(['Topic: Carbon pricing']));

    const ja = await searchBy(async () => {
      await page.getByLabel('Topic', { exact: true }).selectOption('');
      await page.getByLabel('Language', { exact: true }).selectOption('ja');
      await page.getByLabel('Keywords', { exact: true }).fill('水素');
      await page.getByLabel('Keywords', { exact: true }).press('Enter');
    });
    expect(ja.total).toBeGreaterThan(0);
    expect(ja.results.every((p) => p.lang === 'ja' || p.lang === 'mul')).toBe(true);
    await page.locator('#status', { hasText: '“水素” (Japanese)' }).waitFor();
    expect(new URLSearchParams(new URL(page.url()).search).get('q')).toBe('水素');
  });

  it('pages forward and back with Next, Previous and the browser history; a shared link opens the same page', async () => {
    await page.getByLabel('Language', { exact: true }).selectOption('all');
    await page.getByLabel('Keywords', { exact: true }).fill('carbon');
    const first = await searchBy(() => page.getByLabel('Keywords', { exact: true }).press('Enter'));
    await page.locator('#status', { hasText: 'Showing 1–10' }).waitFor();
    expect(await page.locator('#prev').isHidden()).toBe(true);
    const firstTitles = await resultTitles();

    const second = await searchBy(() => page.getByRole('link', { name: 'Next page' }).click());
    expect(second.offset).toBe(10);
    await page.locator('#status', { hasText: 'Showing 11–20' }).waitFor();
    expect(new URL(page.url()).search).toBe('?q=carbon&offset=10');
    expect(await resultTitles()).not.toEqual(firstTitles);
    expect(second.results.map((p) => p.id)).not.toContain(first.results[0]!.id);
    // The new page's heading takes the focus, so keyboard and screen-reader users start at its results.
    expect(await page.evaluate('document.activeElement?.id')).toBe('results-heading');
    expect(await page.locator('#page-info').textContent()).toBe('Page 2 of ' + Math.ceil(first.total / 10).toLocaleString('en'));

    await page.getByRole('link', { name: 'Previous page' }).click();
    await page.locator('#status', { hasText: 'Showing 1–10' }).waitFor();
    expect(new URL(page.url()).search).toBe('?q=carbon');

    await page.goBack();
    await page.locator('#status', { hasText: 'Showing 11–20' }).waitFor();
    expect(new URL(page.url()).search).toBe('?q=carbon&offset=10');
    await page.goBack();
    await page.locator('#status', { hasText: 'Showing 1–10' }).waitFor();
    expect(await resultTitles()).toEqual(firstTitles);
    await page.goForward();
    await page.locator('#status', { hasText: 'Showing 11–20' }).waitFor();

    const shared = await newPage(desktop);
    await shared.goto(`${app.url}/?q=carbon&topic=carbon_pricing&lang=en&offset=10`);
    await shared.locator('#status', { hasText: 'Showing 11–' }).waitFor();
    expect(await shared.getByLabel('Keywords', { exact: true }).inputValue()).toBe('carbon');
    expect(await shared.getByLabel('Topic', { exact: true }).inputValue()).toBe('carbon_pricing');
    expect(await shared.getByLabel('Language', { exact: true }).inputValue()).toBe('en');
    await shared.close();
  });

  it("words the API's problem for people (by its code, not its detail) for a one-character query, and marks the box invalid", async () => {
    const api = await fetch(`${app.url}/api/v1/papers/search?q=a`);
    expect(api.status).toBe(400);
    const { code } = (await api.json()) as { code: string };
    expect(code).toBe('missing_query');
    const message = 'Type at least 2 characters to search.';
    await page.getByLabel('Keywords', { exact: true }).fill('a');
    await page.getByLabel('Keywords', { exact: true }).press('Enter');
    await page.locator('#error', { hasText: message }).waitFor();
    expect(await page.locator('#error').textContent()).toBe(message);
    expect(await page.getByLabel('Keywords', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#results-section').isHidden()).toBe(true);
  });

  it("shows an unspaced Japanese query's split words' results when it finds nothing; the query as typed suggests them, and runs them when followed", async () => {
    await page.goto(`${app.url}/`);
    await page.getByLabel('Keywords', { exact: true }).fill('炭素税の効果');
    const none = await searchBy(() => page.getByLabel('Keywords', { exact: true }).press('Enter'));
    expect(none.total).toBe(0);
    const suggestion = none.suggestion!;
    expect(suggestion.q).toBe('炭素税 効果');
    const papers = `${suggestion.total} ${suggestion.total === 1 ? 'paper' : 'papers'}`;
    // The page asks again for the split words and shows their results, saying so.
    await page.locator('#status', { hasText: 'Showing results for 炭素税 効果' }).waitFor();
    expect(await statusText()).toBe(
      `Showing results for 炭素税 効果 (${papers}). No paper matches “炭素税の効果”: Japanese and Chinese have no spaces, so its words were searched apart. Search for “炭素税の効果” as typed`,
    );
    expect(await page.locator('#status .split-words').getAttribute('lang')).toBe('ja');
    expect(await page.locator('#results > li').count()).toBe(Math.min(10, suggestion.total));
    expect(new URLSearchParams(new URL(page.url()).search).get('q')).toBe('炭素税の効果');

    // The query as typed: its own answer (none) and the suggestion, as a link.
    await searchBy(() => page.locator('#status').getByRole('link', { name: 'Search for “炭素税の効果” as typed', exact: true }).click());
    await page.locator('#status', { hasText: 'Japanese and Chinese have no spaces: search' }).waitFor();
    expect(new URLSearchParams(new URL(page.url()).search).get('exact')).toBe('1');
    expect(await statusText()).toBe(`No papers match “炭素税の効果”. Japanese and Chinese have no spaces: search 炭素税 効果 (${papers}).`);
    const suggested = page.locator('#status').getByRole('link', { name: '炭素税 効果', exact: true });
    expect(await suggested.getAttribute('lang')).toBe('ja');
    expect(new URL((await suggested.getAttribute('href'))!, app.url).searchParams.get('q')).toBe('炭素税 効果');
    expect(await page.locator('#results-section').isHidden()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, shots, 'search-suggestion-desktop');

    const found = await searchBy(() => suggested.click());
    expect(found.total).toBe(suggestion.total);
    await page.locator('#status', { hasText: 'Showing 1–' }).waitFor();
    expect(await statusText()).toMatch(new RegExp(`^${papers} match “炭素税 効果”\\. Showing 1–`));
    expect(await page.locator('#results > li').count()).toBe(found.count);
    expect(new URLSearchParams(new URL(page.url()).search).get('q')).toBe('炭素税 効果');
    expect(await page.getByLabel('Keywords', { exact: true }).inputValue()).toBe('炭素税 効果');
    expect(await page.evaluate('document.activeElement?.id')).toBe('results-heading');
    // Back shows the query as typed and its suggestion again, and before it the split words' results.
    await page.goBack();
    await page.locator('#status', { hasText: 'Japanese and Chinese have no spaces: search' }).waitFor();
    expect(await page.getByLabel('Keywords', { exact: true }).inputValue()).toBe('炭素税の効果');
    await page.goBack();
    await page.locator('#status', { hasText: 'Showing results for 炭素税 効果' }).waitFor();
  });

  it('shows a suggestion holding markup as text (the API answer is stubbed in the browser)', async () => {
    const p = await newPage(desktop);
    const hostile = `<img src="x" onerror="window.__pwned = 'suggestion'">炭素 税`;
    await p.route((url) => url.pathname === '/api/v1/papers/search', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ api_version: 'v1', query: '炭素の税', topic: null, lang: 'all', total: 0, count: 0, limit: 10, offset: 0, results: [], suggestion: { q: hostile, total: 1, reason: 'stub' } }),
      }),
    );
    await p.goto(`${app.url}/?q=${encodeURIComponent('炭素の税')}`);
    await p.locator('#status', { hasText: '(1 paper)' }).waitFor();
    expect(await p.locator('#status a').textContent()).toBe(hostile);
    expect(await p.locator('#status img').count()).toBe(0);
    expect(await p.evaluate('window.__pwned')).toBeUndefined();
    await p.close();
  });

  it('says where relevance order ends on its last reachable page, and links the same search newest first (the API answer is stubbed)', async () => {
    const p = await newPage(desktop);
    await p.route((url) => url.pathname === '/api/v1/papers/search', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ api_version: 'v1', query: 'carbon', topic: null, lang: 'all', total: 12_345, count: 10, limit: 10, offset: 9_990, results: [] }),
      }),
    );
    await p.goto(`${app.url}/?q=carbon&offset=9990`);
    await p.locator('#window-note', { hasText: 'Relevance order reaches the first 10,000 matches. To go through all 12,345,' }).waitFor();
    expect(await p.locator('#next').isHidden()).toBe(true);
    expect(new URL((await p.locator('#window-note a').getAttribute('href'))!, app.url).search).toBe('?q=carbon&sort=newest');
    await p.close();
  });

  it('answers 429 and 5xx politely (the API answers are stubbed in the browser)', async () => {
    const p = await newPage(desktop);
    const searchUrl = (url: URL) => url.pathname === '/api/v1/papers/search';
    await p.route(searchUrl, (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '7', 'Content-Type': 'application/problem+json' },
        body: JSON.stringify({ status: 429, code: 'rate_limit_exceeded', detail: 'Rate limit exceeded.' }),
      }),
    );
    await p.goto(`${app.url}/?q=carbon`);
    await p.locator('#error', { hasText: 'Please wait 7 seconds and try again.' }).waitFor();
    await p.unroute(searchUrl);
    await p.route(searchUrl, (route) =>
      route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ status: 503, code: 'search_unavailable', request_id: 'req-123' }) }),
    );
    await p.getByLabel('Keywords', { exact: true }).press('Enter');
    await p.locator('#error', { hasText: 'The search is not available right now. Please try again in a moment. If it keeps happening, quote reference req-123.' }).waitFor();
    await p.close();
  });

  it('renders a paper whose title holds <script> as text, and runs none of it', async () => {
    await page.getByLabel('Keywords', { exact: true }).fill(HOSTILE_WORD);
    const body = await searchBy(() => page.getByLabel('Keywords', { exact: true }).press('Enter'));
    expect(body.total).toBe(1);
    await page.locator('#status', { hasText: '1 paper matches' }).waitFor();
    const paper = page.locator('#results .paper').first();
    // An English reader sees the English title first; the original is one click away.
    expect(await paper.locator('.paper-title').textContent()).toBe(`${HOSTILE_TITLE} (English)`);
    expect(await paper.locator('.paper-alt-title summary').textContent()).toBe('Original title');
    expect(await paper.locator('.paper-alt-title-text').textContent()).toBe(HOSTILE_TITLE);
    expect(await paper.locator('.paper-meta').textContent()).toBe('<img src=x onerror=alert(1)>, Ada "Quote" Lovelace · 2024 · <i>Venue</i>');
    expect(await paper.locator('.chip').allTextContents()).toEqual(['Topic: Carbon pricing', '<svg onload=alert(1)>', 'tag & more']);
    expect(await paper.locator('script, img, svg, b, i').count()).toBe(0);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
  });

  it('works with the keyboard: tab order, visible focus, results reachable', async () => {
    await page.goto(`${app.url}/`);
    await page.locator('#q').waitFor();
    const focusedId = () => page.evaluate("document.activeElement?.id || document.activeElement?.className || ''");
    await page.keyboard.press('Tab');
    expect(await focusedId()).toBe('skip-link');
    await page.keyboard.press('Tab'); // the site name
    await page.keyboard.press('Tab');
    expect(await focusedId()).toBe('language-switch');
    await page.keyboard.press('Tab');
    expect(await focusedId()).toBe('q');
    const outline = await page.evaluate('getComputedStyle(document.activeElement).outlineStyle');
    expect(outline).not.toBe('none');
    await page.keyboard.type('hydrogen');
    const body = await searchBy(() => page.keyboard.press('Enter'));
    await page.locator('#status', { hasText: 'Showing 1–10' }).waitFor();
    for (const id of ['topic', 'lang', 'year_from', 'year_to', 'venue_type', 'sort']) {
      await page.keyboard.press('Tab');
      expect(await focusedId()).toBe(id);
    }
    await page.keyboard.press('Tab'); // the Search button
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Search');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.href')).toBe(body.results[0]!.url);
  });

  it('has no serious or critical axe-core violations on the search page with results', async () => {
    await page.goto(`${app.url}/?q=carbon&lang=all`);
    await page.locator('#status', { hasText: 'Showing 1–10' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // and with an error shown
    await page.getByLabel('Keywords', { exact: true }).fill('a');
    await page.getByLabel('Keywords', { exact: true }).press('Enter');
    await page.locator('#error p').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('fits a phone (390×844) and a desktop (1280×800): no sideways scrolling; screenshots saved', async () => {
    const phone = await browser.newContext({ ...PHONE, locale: 'en-US' });
    const p = await newPage(phone);
    await p.goto(`${app.url}/?q=carbon`);
    await p.locator('#status', { hasText: 'Showing 1–10' }).waitFor();
    expect(await p.evaluate(FITS_WIDTH)).toBe(true);
    expect(await axeViolations(p)).toEqual([]);
    const phoneShot = await screenshot(p, shots, 'search-phone');
    await phone.close();

    await page.goto(`${app.url}/?q=carbon`);
    await page.locator('#status', { hasText: 'Showing 1–10' }).waitFor();
    expect(await page.evaluate(FITS_WIDTH)).toBe(true);
    const desktopShot = await screenshot(page, shots, 'search-desktop');
    for (const file of [phoneShot, desktopShot]) expect(fs.readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
  });

  it('opens a paper from the results and downloads its BibTeX', async () => {
    await page.goto(`${app.url}/?q=carbon`);
    await page.locator('#status', { hasText: 'Showing 1–10' }).waitFor();
    const first = page.locator('#results .paper-title a').first();
    const href = await first.getAttribute('href');
    expect(href).toMatch(/\/papers\/[^/]+$/);
    const [response] = await Promise.all([page.waitForResponse((r) => r.url() === href), first.click()]);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    expect(page.url()).toBe(href);
    await page.locator('h1').waitFor();

    const bib = page.locator('a[href$=".bib"]').first();
    const bibHref = new URL((await bib.getAttribute('href'))!, page.url()).href;
    const bibtex = await page.request.get(bibHref);
    expect(bibtex.status()).toBe(200);
    expect((await bibtex.text()).trimStart().startsWith('@')).toBe(true);

    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, shots, 'paper-desktop');
    const phone = await browser.newContext({ ...PHONE, locale: 'en-US' });
    const p = await newPage(phone);
    await p.goto(href!);
    await p.locator('h1').waitFor();
    expect(await axeViolations(p)).toEqual([]);
    await screenshot(p, shots, 'paper-phone');
    await phone.close();
  });

  it('marks where the terms occur in each title and summary (<mark>, text only), full-width and case-folded matches too', async () => {
    await page.goto(`${app.url}/`);
    await page.getByLabel('Keywords', { exact: true }).fill('ＣＡＲＢＯＮ pricing');
    const body = await searchBy(() => page.getByLabel('Keywords', { exact: true }).press('Enter'));
    expect(body.total).toBeGreaterThan(0);
    await page.locator('#status', { hasText: 'Showing 1–' }).waitFor();
    const marks = (await page.locator('#results .paper-title mark, #results .paper-summary mark, #results .paper-alt-title mark').allTextContents()).map((t) => t.toLowerCase());
    expect(marks.length).toBeGreaterThan(0);
    expect(new Set(marks)).toEqual(new Set(['carbon', 'pricing']));
    // Marking changes no text: the title reads as the record's.
    expect(await page.locator('#results .paper-title').first().textContent()).toBe(body.results[0]!.title_en ?? body.results[0]!.title);
  });

  it('links the Atom feed of the search it shows, and the feed answers', async () => {
    await page.goto(`${app.url}/?q=hydrogen&lang=en`);
    await page.locator('#results > li').first().waitFor();
    const href = await page.locator('#feed-link').getAttribute('href');
    expect(href).toBe('/feeds/papers.atom?q=hydrogen&lang=en');
    const feed = await page.request.get(new URL(href!, app.url).href);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  });

  it('caused no Content-Security-Policy refusal, script error or dialog on any page', () => {
    expect(problems).toEqual([]);
  });
});
