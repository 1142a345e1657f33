import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, describeWithChromium, DESKTOP, launchChromium, PHONE, screenshot, screenshotDir, searchAnswer, watchedPage } from './chromium';
import { freePort } from '../support/services';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';

interface Bucket { value: string | number | null; count: number }
interface ApiPaper { id: string; url: string; year: number | null; venue_type: string | null; topic: string | null; abstract: string | null; abstract_ja?: string }
interface ApiEnvelope { total: number; count: number; results: ApiPaper[]; facets?: Record<string, Bucket[]>; next_cursor?: string }

const FITS_WIDTH = 'document.documentElement.scrollWidth <= window.innerWidth';

/**
 * The site in Japanese and English in Chromium (target all, the generated demo corpus): the
 * interface language from Accept-Language and from the switch, facet counts, the year, venue-type
 * and sort controls, the demo notice, the 404 page, and the paper page's labels and back link.
 */
describeWithChromium('the site in Japanese and English in Chromium (target all, demo corpus)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let browser: Browser;
  let en: BrowserContext;
  let ja: BrowserContext;
  let shots: string;
  const problems: string[] = [];

  const searchBy = (p: Page, action: () => Promise<unknown>) => searchAnswer<ApiEnvelope>(p, action);
  const newPage = (context: BrowserContext) => watchedPage(context, problems);
  const lang = (p: Page) => p.evaluate('document.documentElement.lang');

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const port = await freePort();
    app = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true', PUBLIC_PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, PUBLIC_RATE_LIMIT: '1000' });
    shots = screenshotDir();
    browser = await launchChromium();
    en = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
    ja = await browser.newContext({ ...DESKTOP, locale: 'ja-JP' });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await database?.drop();
  });

  it('speaks Japanese to a Japanese browser: labels, status, highlighted matches, facet counts, the demo notice', async () => {
    const p = await newPage(ja);
    await p.goto(`${app.url}/`);
    expect(await lang(p)).toBe('ja');
    expect(await p.locator('.brand').textContent()).toBe('GX研究論文検索');
    expect(await p.locator('#demo-notice').textContent()).toMatch(/デモデータ.*研究成果ではありません/);
    await p.getByLabel('キーワード', { exact: true }).fill('水素');
    const body = await searchBy(p, () => p.getByLabel('キーワード', { exact: true }).press('Enter'));
    expect(body.total).toBeGreaterThan(10);
    await p.locator('#status', { hasText: '件目を表示しています' }).waitFor();
    expect(await p.locator('#status').textContent()).toBe(`“水素” に一致する論文は ${body.total.toLocaleString('ja')} 件です。1〜10 件目を表示しています。`);
    expect((await p.locator('#results mark').allTextContents()).length).toBeGreaterThan(0);
    // A Japanese reader sees the Japanese title first; the others are one click away.
    expect(await p.locator('#results .paper-title a').first().getAttribute('lang')).toBe('ja');
    expect(await p.locator('#results .paper').first().locator('details summary').allTextContents()).toContain('英語タイトル');
    const hydrogen = body.facets!.topic!.find((b) => b.value === 'hydrogen')!.count;
    expect(await p.locator('#topic option[value="hydrogen"]').textContent()).toBe(`水素（${hydrogen.toLocaleString('ja')}）`);
    expect(await p.locator('#topic option[value=""]').textContent()).toBe(`すべてのトピック（${body.total.toLocaleString('ja')}）`);
    expect(await axeViolations(p)).toEqual([]);
    await screenshot(p, shots, 'search-ja-desktop');
    await p.close();
  });

  it('switches language with the visible switch, keeping the search in the URL and in the paper links', async () => {
    const p = await newPage(en);
    await p.goto(`${app.url}/?q=carbon`);
    await p.locator('#status', { hasText: 'Showing 1–10' }).waitFor();
    expect(await lang(p)).toBe('en');
    expect(await p.locator('#demo-notice').textContent()).toMatch(/^Demo data: .*not research\.$/);
    const switchLink = p.getByRole('link', { name: '日本語', exact: true });
    expect(new URL((await switchLink.getAttribute('href'))!, app.url).search).toBe('?q=carbon&hl=ja');
    await searchBy(p, () => switchLink.click());
    await p.locator('#status', { hasText: '件目を表示しています' }).waitFor();
    expect(await lang(p)).toBe('ja');
    expect(new URL(p.url()).search).toBe('?q=carbon&hl=ja');
    const href = (await p.locator('#results .paper-title a').first().getAttribute('href'))!;
    expect(new URL(href).searchParams.get('hl')).toBe('ja');
    // The choice stays through a new search, and the switch leads back to English.
    await p.getByLabel('キーワード', { exact: true }).fill('hydrogen');
    await searchBy(p, () => p.getByLabel('キーワード', { exact: true }).press('Enter'));
    expect(new URL(p.url()).searchParams.get('hl')).toBe('ja');
    expect(new URL((await p.locator('#language-switch').getAttribute('href'))!, app.url).search).toBe('?q=hydrogen&hl=en');
    await p.close();
  });

  it('filters by year range and venue type, sorts by newest, and keeps them in the URL', async () => {
    const p = await newPage(en);
    await p.goto(`${app.url}/`);
    await p.getByLabel('Keywords', { exact: true }).fill('carbon');
    const first = await searchBy(p, () => p.getByLabel('Keywords', { exact: true }).press('Enter'));
    const journals = first.facets!.venue_type!.find((b) => b.value === 'journal')!.count;
    await p.locator('#venue_type option[value="journal"]', { hasText: `(${journals.toLocaleString('en')})` }).waitFor({ state: 'attached' });
    await p.getByLabel('Year from', { exact: true }).fill('2019');
    await p.getByLabel('Year to', { exact: true }).fill('2022');
    await p.getByLabel('Venue type', { exact: true }).selectOption('journal');
    await p.getByLabel('Sort by', { exact: true }).selectOption('newest');
    const body = await searchBy(p, () => p.getByRole('button', { name: 'Search' }).click());
    expect(body.total).toBeGreaterThan(0);
    expect(body.results.every((r) => r.venue_type === 'journal' && r.year !== null && r.year >= 2019 && r.year <= 2022)).toBe(true);
    const years = body.results.map((r) => r.year!);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(new URL(p.url()).search).toBe('?q=carbon&year_from=2019&year_to=2022&venue_type=journal&sort=newest');
    await p.locator('#status', { hasText: '(years 2019–2022, Journal)' }).waitFor();
    // A filter that is set shows no counts of its own options (they would all be its own).
    expect(await p.locator('#venue_type option[value="journal"]').textContent()).toBe('Journal');

    // A shared link opens the same search with the same controls.
    const shared = await newPage(en);
    await shared.goto(p.url());
    await shared.locator('#status', { hasText: 'Showing 1–' }).waitFor();
    expect([await shared.getByLabel('Year from').inputValue(), await shared.getByLabel('Year to').inputValue(), await shared.getByLabel('Venue type').inputValue(), await shared.getByLabel('Sort by').inputValue()])
      .toEqual(['2019', '2022', 'journal', 'newest']);

    // Years the wrong way round: the API's code in words, the control marked.
    await shared.getByLabel('Year from').fill('2023');
    await shared.getByRole('button', { name: 'Search' }).click();
    await shared.locator('#error', { hasText: 'not before the first year' }).waitFor();
    expect(await shared.getByLabel('Year to').getAttribute('aria-invalid')).toBe('true');
    expect(await shared.locator('#error').textContent()).not.toMatch(/year_to|OpenAPI/);
    expect(await axeViolations(shared)).toEqual([]);
    await shared.close();
    await p.close();
  });

  it('shows each summary in the reader\'s language first, the other one click away', async () => {
    for (const [context, main, other] of [[en, null, 'Japanese summary (AI-generated)'], [ja, 'ja', '英語の要約・原文の抄録']] as const) {
      const p = await newPage(context);
      const body = await searchBy(p, () => p.goto(`${app.url}/?q=hydrogen`));
      const index = body.results.findIndex((r) => r.abstract_ja);
      expect(index).toBeGreaterThanOrEqual(0);
      const record = body.results[index]!;
      const item = p.locator('#results .paper').nth(index);
      await item.waitFor();
      expect(await item.locator('.paper-summary').textContent()).toBe(main === 'ja' ? record.abstract_ja : record.abstract);
      expect(await item.locator('.paper-summary').getAttribute('lang')).toBe(main);
      const details = item.locator('details.paper-alt-summary');
      expect(await details.locator('summary').textContent()).toBe(other);
      expect(await details.locator('.paper-alt-summary-text').isVisible()).toBe(false);
      await details.locator('summary').click();
      expect(await details.locator('.paper-alt-summary-text').textContent()).toBe(main === 'ja' ? record.abstract : record.abstract_ja);
      await p.close();
    }
  });

  it('pages newest first by cursor to the last page of a large result set, never repeating or skipping a paper, and back', async () => {
    const p = await newPage(ja);
    const pages: string[][] = [];
    let body = await searchBy(p, () => p.goto(`${app.url}/?q=${encodeURIComponent('エネルギー')}&sort=newest`));
    const total = body.total;
    expect(total).toBeGreaterThan(100); // more than ten pages
    for (;;) {
      pages.push(body.results.map((r) => r.id));
      await p.locator('#page-info', { hasText: `${pages.length} ページ目` }).waitFor();
      if (!body.next_cursor) break;
      expect(await p.locator('#next').isVisible()).toBe(true);
      body = await searchBy(p, () => p.getByRole('link', { name: '次へ' }).click());
    }
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(total);
    expect(pages.length).toBe(Math.ceil(total / 10));
    // The last page: no way further, its range and page count said, the cursor (not an offset) in the URL.
    expect(await p.locator('#next').isHidden()).toBe(true);
    const last = new URL(p.url()).searchParams;
    expect([last.has('cursor'), last.has('offset'), last.get('page')]).toEqual([true, false, String(pages.length)]);
    expect(await p.locator('#page-info').textContent()).toBe(`${pages.length.toLocaleString('ja')} ページ中 ${pages.length.toLocaleString('ja')} ページ目`);
    await p.locator('#results-heading', { hasText: `${total.toLocaleString('ja')} 件中` }).waitFor();
    await screenshot(p, shots, 'cursor-last-page-ja');
    // Previous goes back through the same pages.
    const back = await searchBy(p, () => p.getByRole('link', { name: '前へ' }).click());
    expect(back.results.map((r) => r.id)).toEqual(pages.at(-2));
    // A cursor page opened from a link cannot know the page before it: it offers the first page.
    const shared = await newPage(ja);
    await shared.goto(p.url());
    await shared.locator('#page-info', { hasText: `${pages.length - 1} ページ目` }).waitFor();
    const first = await searchBy(shared, () => shared.getByRole('link', { name: '最初のページ' }).click());
    expect(first.results.map((r) => r.id)).toEqual(pages[0]);
    await shared.close();
    await p.close();
  });

  it('charts the matches by year, and a bar opens that year\'s papers', async () => {
    const p = await newPage(en);
    const body = await searchBy(p, () => p.goto(`${app.url}/?q=carbon`));
    const years = body.facets!.year!.filter((b) => b.value !== null);
    const [peak] = years; // most frequent first
    const span = years.map((b) => Number(b.value));
    const [from, to] = [Math.min(...span), Math.max(...span)];
    await p.locator('#year-chart').waitFor();
    expect(await p.locator('#year-chart-caption').textContent()).toBe(`Papers by year, ${from}–${to}: most in ${peak!.value} (${peak!.count.toLocaleString('en')}). Choose a bar to see one year.`);
    expect(await p.locator('#year-bars .year-bar').count()).toBe(to - from + 1);
    expect(await p.locator(`#year-bars [data-year="${peak!.value}"]`).getAttribute('data-count')).toBe(String(peak!.count));
    const year = await searchBy(p, () => p.locator(`#year-bars [data-year="${peak!.value}"]`).click());
    expect(year.total).toBe(peak!.count);
    expect(new URL(p.url()).search).toBe(`?q=carbon&year_from=${peak!.value}&year_to=${peak!.value}`);
    expect(await p.getByLabel('Year from', { exact: true }).inputValue()).toBe(String(peak!.value));
    expect(await axeViolations(p)).toEqual([]);
    await p.close();
  });

  it('words problems in Japanese too (an unknown topic in a hand-made link)', async () => {
    const p = await newPage(ja);
    await p.goto(`${app.url}/?q=carbon&topic=nonsense`);
    await p.locator('#error', { hasText: 'そのトピックはありません' }).waitFor();
    expect(await p.locator('#error').textContent()).not.toMatch(/OpenAPI|slug/);
    await p.close();
  });

  it('shows a 404 page to a browser on an unknown path, in its language, and problem+json to curl', async () => {
    for (const [context, heading, link] of [[en, 'Page not found', 'Search the papers'], [ja, 'ページが見つかりません', '論文を検索する']] as const) {
      const p = await newPage(context);
      const response = await p.goto(`${app.url}/about`);
      expect(response?.status()).toBe(404);
      expect(await p.locator('h1').textContent()).toBe(heading);
      expect(await p.locator('#demo-notice').count()).toBe(1);
      expect(await p.getByRole('link', { name: link, exact: true }).count()).toBe(1);
      expect(await axeViolations(p)).toEqual([]);
      await screenshot(p, shots, `not-found-${await lang(p)}`);
      await p.close();
    }
    const curl = await fetch(`${app.url}/about`, { headers: { Accept: '*/*', 'User-Agent': 'curl/8.5.0' } });
    expect(curl.status).toBe(404);
    expect(curl.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  });

  it('labels the paper page in the reader\'s language and links back to the results', async () => {
    for (const [context, labels] of [[en, { back: 'Back to the results', topic: 'Topic', date: /^\d{1,2} [A-Z][a-z]+ \d{4}$/ }], [ja, { back: '検索結果に戻る', topic: 'トピック', date: /^\d{4}年\d{1,2}月\d{1,2}日$/ }]] as const) {
      const p = await newPage(context);
      await p.goto(`${app.url}/?q=hydrogen`);
      const searchUrl = p.url();
      await p.locator('#results .paper-title a').first().waitFor();
      await Promise.all([p.waitForURL(/\/papers\//), p.locator('#results .paper-title a').first().click()]);
      await p.locator('#back-link', { hasText: labels.back }).waitFor();
      expect(new URL((await p.locator('#back-link').getAttribute('href'))!, app.url).href).toBe(searchUrl);
      expect(await p.locator('dt', { hasText: labels.topic }).count()).toBeGreaterThan(0);
      const topic = p.locator('[data-field="topic"]');
      expect(await topic.textContent()).not.toBe(await topic.getAttribute('data-value'));
      expect(await p.locator('[data-field="updated_at"] time').textContent()).toMatch(labels.date);
      expect(await p.locator('#demo-notice').count()).toBe(1);
      expect(await p.locator('#abstract').count()).toBe(1);
      expect(await axeViolations(p)).toEqual([]);
      await screenshot(p, shots, `paper-${await lang(p)}-desktop`);
      await p.getByTestId('back-link').click();
      await p.locator('#status', { hasText: /Showing|表示/ }).waitFor();
      expect(p.url()).toBe(searchUrl);
      await p.close();
    }
  });

  it('fits a phone in Japanese: no sideways scrolling; screenshot saved', async () => {
    const phone = await browser.newContext({ ...PHONE, locale: 'ja-JP' });
    const p = await newPage(phone);
    await p.goto(`${app.url}/?q=carbon`);
    await p.locator('#status', { hasText: '件目を表示しています' }).waitFor();
    expect(await p.evaluate(FITS_WIDTH)).toBe(true);
    expect(await axeViolations(p)).toEqual([]);
    await screenshot(p, shots, 'search-ja-phone');
    await phone.close();
  });

  it('caused no Content-Security-Policy refusal or script error on any page', () => {
    expect(problems).toEqual([]);
  });
});
