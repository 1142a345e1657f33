import request from 'supertest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { describeWithChromium, DESKTOP, launchChromium, PHONE, searchAnswer, watchedPage } from './chromium';
import { parseCitations } from '../formats/format-checks';
import { newPaper, paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { newDataDirPath, removeDir } from '../support/test-run';
import { waitFor } from '../support/wait-for';

interface ApiEnvelope { total: number; count: number; results: Array<{ id: string; title: string | null }> }

const FIRST = 'v0.3-2026Q3';
const storage = paperLine('as-of-storage', { title: 'Hydrogen storage in salt caverns', year: 2024 });
const pipelines = paperLine('as-of-pipelines', { title: 'Hydrogen pipelines for industry', year: 2025 });
const added = paperLine('as-of-added', { title: 'Hydrogen carriers compared', year: 2026 });

/**
 * The search page and dataset releases, in Chromium: a search made without `as_of` names the release
 * that answered and links itself as of it; opened after the corpus changed, that permanent link shows
 * the results of then, says so, and leads back to the current results.
 */
describeWithChromium('the search page as of a dataset release, in Chromium', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];
  const dataDir = newDataDirPath('search-as-of');

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadPapers(recordsAsLines([storage, pipelines]), new PaperRepository(database.db));
    // No edge cache: the search after the change is the corpus now at once.
    app = await startTestProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, RESPONSE_CACHE_TTL_SECONDS: '0' });
    await waitFor('the first release', async () => (await request(app.url).get('/api/v1/releases')).body.latest === FIRST);
    browser = await launchChromium();
    context = await browser.newContext({ ...DESKTOP, locale: 'en-US', acceptDownloads: true });
    page = await watchedPage(context, problems);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await database?.drop();
    removeDir(dataDir);
  });
  afterEach(() => expect(problems).toEqual([]));

  const open = async (url: string, p: Page = page) => {
    const body = await searchAnswer<ApiEnvelope>(p, () => p.goto(url));
    await p.locator('#status', { hasText: /\d/ }).waitFor();
    return body;
  };

  it('gives a permanent link as of the release that answered, which shows the results of then after the corpus changed', async () => {
    const then = await open(`${app.url}/?q=hydrogen`);
    expect(then.results.map((r) => r.id).sort()).toEqual([newPaper(storage).id, newPaper(pipelines).id].sort());
    // The address of a search without as_of stays as it was.
    expect(new URL(page.url()).search).toBe('?q=hydrogen');
    await page.locator('#cite-page-release', { hasText: `These results were given as of dataset release ${FIRST}.` }).waitFor();
    const permalink = (await page.locator('#cite-page-permalink').getAttribute('href'))!;
    expect(permalink).toBe(`${app.url}/?q=hydrogen&as_of=${FIRST}`);
    // The page's downloads are the permanent link's page.
    const bibHref = new URL((await page.locator('#page-bibtex').getAttribute('href'))!, app.url);
    expect(Object.fromEntries(bibHref.searchParams)).toEqual({ q: 'hydrogen', as_of: FIRST, limit: '10', format: 'bibtex' });
    expect(await page.locator('#as-of-note').isVisible()).toBe(false);

    // The corpus changes: a paper's title, and a paper added.
    await loadPapers(recordsAsLines([{ ...storage, title: 'Hydrogen storage in salt caverns, revised' }, added]), new PaperRepository(database.db));
    await waitFor('the unreleased changes to be searched', async () => {
      const res = await request(app.url).get('/api/v1/papers/search?q=hydrogen');
      return res.headers['x-dataset-version'] === `${FIRST}+unreleased` && res.body.total === 3;
    });
    // Another browser (this one may keep the search of a moment ago for its minute): changes no release holds have no permanent link.
    const other = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
    const fresh = await watchedPage(other, problems);
    const now = await open(`${app.url}/?q=hydrogen`, fresh);
    expect(now.total).toBe(3);
    await fresh.locator('#cite-page-release', { hasText: 'no permanent link' }).waitFor();
    expect(await fresh.locator('#cite-page-permalink').count()).toBe(0);
    expect(Object.fromEntries(new URL((await fresh.locator('#page-bibtex').getAttribute('href'))!, app.url).searchParams)).toEqual({ q: 'hydrogen', limit: '10', format: 'bibtex' });
    await other.close();

    // The permanent link: the results of then, said so, every call as of the release.
    const asOf = await open(permalink);
    expect(asOf.results).toEqual(then.results);
    expect(await page.locator('#results').textContent()).toContain('Hydrogen storage in salt caverns');
    expect(await page.locator('#results').textContent()).not.toContain('revised');
    await page.locator('#as-of-note', { hasText: `Results as of dataset release ${FIRST}.` }).waitFor();
    expect(await page.locator('#as-of-current').getAttribute('href')).toBe('/?q=hydrogen');
    expect(await page.locator('#cite-page-release').isVisible()).toBe(false);
    const paperLink = await page.locator('#results a[href*="/papers/"]').first().getAttribute('href');
    expect(new URL(paperLink!).searchParams.get('as_of')).toBe(FIRST);
    const file = new URL((await page.locator('#page-bibtex').getAttribute('href'))!, app.url);
    const bib = await request(app.url).get(file.pathname + file.search).expect(200);
    expect(parseCitations(bib.text, '@biblatex/text').map((i) => i.title)).toEqual(then.results.map((r) => r.title));
    expect(bib.text).toContain(`note = {Dataset release ${FIRST}}`);

    // A new search from that page stays as of the release; the note's link goes back to the corpus now.
    await page.locator('#q').fill('hydrogen carriers');
    const kept = await searchAnswer<ApiEnvelope>(page, () => page.locator('button[type="submit"]').click());
    expect(kept.total).toBe(0);
    expect(new URL(page.url()).searchParams.get('as_of')).toBe(FIRST);
    await open(permalink);
    await page.locator('#as-of-current').click();
    expect(new URL(page.url()).search).toBe('?q=hydrogen');
    await page.locator('#as-of-note').waitFor({ state: 'hidden' });
  });

  it('says when the release in its address is not one, in both languages', async () => {
    await searchAnswer(page, () => page.goto(`${app.url}/?q=hydrogen&as_of=1999-01-01`));
    await page.locator('#error', { hasText: 'There is no dataset release of that name.' }).waitFor();
    await page.locator('#as-of-note', { hasText: 'Results as of dataset release 1999-01-01.' }).waitFor();
    const phone = await browser.newContext({ ...PHONE, locale: 'ja-JP' });
    const p = await watchedPage(phone, problems);
    await open(`${app.url}/?q=hydrogen&as_of=${FIRST}&hl=ja`, p);
    await p.locator('#as-of-note', { hasText: `データセットリリース ${FIRST} 時点の検索結果です。` }).waitFor();
    expect(await p.locator('#as-of-current').getAttribute('href')).toBe('/?q=hydrogen&hl=ja');
    await phone.close();
  });
});
