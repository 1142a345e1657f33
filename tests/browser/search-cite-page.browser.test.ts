import fs from 'node:fs';
import request from 'supertest';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { PUBLIC_PAPER_CSV_COLUMNS } from '../../shared/papers/public-paper';
import { axeViolations, describeWithChromium, DESKTOP, launchChromium, PHONE, screenshot, screenshotDir, searchAnswer, watchedPage } from './chromium';
import { expectCsvRecords, parseCitations } from '../formats/format-checks';
import { freePort } from '../support/services';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';

interface ApiPaper extends Record<string, unknown> { id: string; title: string | null; title_en: string | null; title_ja: string | null }
interface ApiEnvelope { total: number; count: number; offset: number; results: ApiPaper[] }

const titleOf = (p: ApiPaper) => p.title ?? p.title_en ?? p.title_ja;

/**
 * "Cite this page" on the search page in Chromium: the page's papers downloaded as BibTeX, RIS,
 * CSL-JSON and CSV (each read back by citation-js or csv-parse, holding exactly the papers shown),
 * and their BibTeX shown and copied, following the page through paging and languages.
 */
describeWithChromium('the search page: cite this page, in Chromium', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let shots: string;
  const problems: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const port = await freePort();
    app = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true', PUBLIC_PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}` });
    // The page's downloads are as of the release that answered: its search index is prepared just after the first start's cut (503 release_preparing until then).
    await waitFor('the first release\'s search index', async () => {
      const latest = (await request(app.url).get('/api/v1/releases')).body.latest as string | null;
      return latest !== null && (await request(app.url).get(`/api/v1/papers/search?q=hydrogen&as_of=${latest}`)).status === 200;
    });
    shots = screenshotDir();
    browser = await launchChromium();
    context = await browser.newContext({ ...DESKTOP, locale: 'en-US', acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    page = await watchedPage(context, problems);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await database?.drop();
  });

  /** Opens a search of the page and resolves with the API's answer it shows. */
  const open = async (query: string, p: Page = page) => {
    const body = await searchAnswer<ApiEnvelope>(p, () => p.goto(`${app.url}/?${query}`));
    await p.locator('#status', { hasText: body.total === 0 ? /./ : /\d/ }).waitFor();
    return body;
  };
  /** Clicks a download link and resolves with the file's name and text. */
  const download = async (id: string, p: Page = page): Promise<{ name: string; text: string }> => {
    const [file] = (await Promise.all([p.waitForEvent('download'), p.locator(`#${id}`).click()])) as [Download, unknown];
    const path = await file.path();
    return { name: file.suggestedFilename(), text: fs.readFileSync(path!, 'utf8') };
  };

  it('downloads the papers shown as BibTeX, RIS, CSL-JSON and CSV: exactly those papers, in their order', async () => {
    const body = await open('q=hydrogen');
    expect(body.count).toBe(10);
    await page.getByRole('heading', { name: 'Cite this page' }).waitFor();
    const titles = body.results.map(titleOf);

    const bib = await download('page-bibtex');
    expect(bib.name).toBe('search-hydrogen.bib');
    expect(parseCitations(bib.text, '@biblatex/text').map((i) => i.title)).toEqual(titles);
    const ris = await download('page-ris');
    expect(ris.name).toBe('search-hydrogen.ris');
    expect(parseCitations(ris.text, '@ris/file').map((i) => i.title)).toEqual(titles);
    const csl = await download('page-csl-json');
    expect(csl.name).toBe('search-hydrogen.json');
    expect(parseCitations(csl.text, '@csl/list+object').map((i) => i.id)).toEqual(body.results.map((p) => p.id));
    const csv = await download('page-csv');
    expect(csv.name).toBe('search-hydrogen.csv');
    expectCsvRecords(csv.text, body.results, PUBLIC_PAPER_CSV_COLUMNS);
    // The links carry the page's own search as of the release that answered (the permanent link's), never what only its JSON needs.
    const href = new URL((await page.locator('#page-bibtex').getAttribute('href'))!, app.url);
    const release = new URL((await page.locator('#cite-page-permalink').getAttribute('href'))!).searchParams.get('as_of');
    expect(Object.fromEntries(href.searchParams)).toEqual({ q: 'hydrogen', as_of: release, limit: '10', format: 'bibtex' });
  });

  it('shows the BibTeX of the page on request, and copies it', async () => {
    const body = await open('q=hydrogen+storage');
    const bib = await download('page-bibtex');
    await page.getByText('Show the BibTeX of this page').click();
    const box = page.getByLabel('BibTeX of the papers on this page');
    await page.waitForFunction("document.getElementById('cite-page-bibtex').value.length > 0");
    expect(await box.inputValue()).toBe(bib.text);
    await page.getByRole('button', { name: 'Copy BibTeX' }).click();
    await page.locator('#cite-page-status', { hasText: `BibTeX of ${body.count} papers copied to the clipboard.` }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(bib.text);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, shots, 'search-cite-page-desktop');
  });

  it('follows the page: the next page\'s files and BibTeX hold the next page\'s papers', async () => {
    await open('q=carbon');
    await page.getByText('Show the BibTeX of this page').click();
    await page.waitForFunction("document.getElementById('cite-page-bibtex').value.length > 0");
    const second = await searchAnswer<ApiEnvelope>(page, () => page.locator('#next').click());
    await page.locator('#status', { hasText: 'Showing 11–20' }).waitFor();
    await page.waitForFunction("document.getElementById('cite-page-bibtex').value.length > 0");
    expect(parseCitations(await page.locator('#cite-page-bibtex').inputValue(), '@biblatex/text').map((i) => i.title)).toEqual(second.results.map(titleOf));
    const ris = await download('page-ris');
    expect(parseCitations(ris.text, '@ris/file').map((i) => i.title)).toEqual(second.results.map(titleOf));
    // Newest first pages by cursor: the files follow the cursor.
    const newest = await open('q=carbon&sort=newest');
    expect(parseCitations((await download('page-csl-json')).text, '@csl/list+object').map((i) => i.id)).toEqual(newest.results.map((p) => p.id));
  });

  it('is hidden when nothing matches, and speaks Japanese on the Japanese page (the file named in Japanese)', async () => {
    await open('q=zzqqxx');
    expect(await page.locator('#cite-page').isVisible()).toBe(false);
    const phone = await browser.newContext({ ...PHONE, locale: 'ja-JP', acceptDownloads: true });
    const p = await watchedPage(phone, problems);
    const body = await open('q=水素&hl=ja', p);
    await p.getByRole('heading', { name: 'このページを引用' }).waitFor();
    const bib = await download('page-bibtex', p);
    expect(bib.name).toBe('search-水素.bib');
    expect(parseCitations(bib.text, '@biblatex/text').map((i) => i.title)).toEqual(body.results.map(titleOf));
    expect(await axeViolations(p)).toEqual([]);
    await screenshot(p, shots, 'search-cite-page-phone-ja');
    await phone.close();
    expect(problems).toEqual([]);
  });
});
