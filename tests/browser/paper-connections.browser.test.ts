import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { generateDemoPapers } from '../../modules/papers/demo/demo-papers';
import { parsePaperInput, type PaperInput } from '../../modules/papers/paper-input';
import { nameMatches } from '../../shared/text/person-name';
import { axeViolations, describeWithChromium, DESKTOP, launchChromium, PHONE, screenshot, screenshotDir, watchedPage } from './chromium';
import { freePort } from '../support/services';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';

const FITS_WIDTH = 'document.documentElement.scrollWidth <= window.innerWidth';

/** The demo corpus as the server loads it, each record with the id it is stored under. */
const demo = generateDemoPapers().map((input) => {
  const parsed = parsePaperInput(input);
  if (!parsed.ok) throw new Error(parsed.error);
  return { input, id: parsed.paper.id };
});
const byDoi = new Map(demo.filter((p) => p.input.doi).map((p) => [p.input.doi!, p]));
/** The demo papers citing a demo paper. */
const citing = (p: { input: PaperInput }) => demo.filter((q) => p.input.doi && (q.input.references ?? []).includes(p.input.doi));
/** How many demo papers cite a demo paper. */
const citedBy = (p: { input: PaperInput }) => demo.filter((q) => p.input.doi && (q.input.references ?? []).includes(p.input.doi)).length;
/** The demo's preprints that have a journal version (demo-graph.ts): [preprint, journal article]. */
const pairs = demo.flatMap((journal) => {
  const preprint = demo.find((p) => p !== journal && p.input.title === journal.input.title && p.input.venue_type === 'preprint');
  return preprint && journal.input.venue_type === 'journal' ? [[preprint, journal] as const] : [];
});
/** The showcase: the most cited preprint that has a journal version and lists references. */
const [showcase, showcaseJournal] = pairs
  .filter(([preprint]) => (preprint.input.references ?? []).length > 0)
  .sort(([a], [b]) => citedBy(b) - citedBy(a))[0]!;

/**
 * A demo paper's connections in Chromium (target all, the generated demo corpus): the versions of
 * the work and the counts the server renders, the lists the page script fills from the API (paging
 * Cited by forward and back), and the author links, in Japanese and English.
 */
describeWithChromium('a paper\'s connections in Chromium (target all, demo corpus)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let browser: Browser;
  let en: BrowserContext;
  let ja: BrowserContext;
  let shots: string;
  const problems: string[] = [];
  const newPage = (context: BrowserContext) => watchedPage(context, problems);
  const heading = (p: Page, id: string) => p.locator(`#${id}-heading`).evaluate((h) => h.textContent?.replace(/\s+/g, ' ').trim());

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

  it('shows the versions of the work and the counts of references and citing papers, in Japanese and English', async () => {
    const cited = citedBy(showcase);
    const refs = showcase.input.references!.length;
    expect(cited).toBeGreaterThan(20);
    for (const [context, labels] of [
      [en, { versions: 'Versions of this work (2)', preprint: `Preprint, ${showcase.input.year}`, journal: `Journal, ${showcaseJournal.input.year}`, refs: `References (${refs})`, cited: `Cited by (${cited})` }],
      [ja, { versions: 'この研究の別バージョン (2)', preprint: `プレプリント（${showcase.input.year}年）`, journal: `学術誌（${showcaseJournal.input.year}年）`, refs: `参考文献 (${refs})`, cited: `被引用 (${cited})` }],
    ] as const) {
      const p = await newPage(context);
      await p.goto(`${app.url}/papers/${showcase.id}`);
      const lang = await p.evaluate('document.documentElement.lang');
      expect(await heading(p, 'versions')).toBe(labels.versions);
      expect(await p.locator('#versions li[aria-current="page"] .version-name').textContent()).toBe(labels.preprint);
      const other = p.locator('#versions a.version-name');
      expect(await other.textContent()).toBe(labels.journal);
      expect(await heading(p, 'references')).toBe(labels.refs);
      expect(await heading(p, 'cited-by')).toBe(labels.cited);
      expect(await axeViolations(p)).toEqual([]);
      await screenshot(p, shots, `paper-connections-${lang}-desktop`);
      // The other version's page lists this one, linked.
      await Promise.all([p.waitForURL(new RegExp(`/papers/${showcaseJournal.id}\\?hl=${lang}$`)), other.click()]);
      expect(await p.locator('#versions li[aria-current="page"]').getAttribute('data-id')).toBe(showcaseJournal.id);
      expect(await p.locator('#versions a.version-name').getAttribute('href')).toBe(`/papers/${showcase.id}?hl=${lang}`);
      await p.close();
    }
  });

  it('fills the lists from the API and pages them, as text (the API answers are stubbed in the browser)', async () => {
    const p = await newPage(en);
    const hostile = `<img src="x" onerror="window.__pwned = 'connection'">Carbon <b>bonds</b>`;
    const record = (n: number, title = `Stub paper ${n}`) => ({
      id: `stub-${n}`, title, title_ja: null, title_en: title, authors: [`Author ${n}`, 'Jörg Müller', 'B', 'C', 'D'], year: 2020 + (n % 5),
      venue_type: 'journal', lang: 'en', url: `${app.url}/papers/stub-${n}`,
    });
    const asked: string[] = [];
    const answer = (route: Route, body: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    await p.route((url) => /^\/api\/v1\/papers\/[^/]+\/(references|cited-by|related)$/.test(url.pathname), (route) => {
      const url = new URL(route.request().url());
      asked.push(`${url.pathname.split('/').pop()}?${url.searchParams}`);
      const cursor = url.searchParams.get('cursor');
      if (url.pathname.endsWith('/references')) {
        return answer(route, { paper_id: showcase.id, total: 3, count: 3, limit: 10, next_cursor: null, results: [record(1, hostile), { doi: '10.5555/outside.<b>1</b>', openalex_id: null }, { doi: null, openalex_id: 'W123' }] });
      }
      if (url.pathname.endsWith('/related')) return answer(route, { paper_id: showcase.id, count: 1, limit: 5, results: [record(99)] });
      const page = cursor === '*' ? 0 : Number(cursor!.slice(1));
      const size = page < 2 ? 10 : 5;
      return answer(route, { paper_id: showcase.id, total: 25, count: size, limit: 10, next_cursor: page < 2 ? `c${page + 1}` : null, results: Array.from({ length: size }, (_, i) => record(100 + page * 10 + i)) });
    });
    await p.goto(`${app.url}/papers/${showcase.id}?hl=en`);
    const refs = p.locator('#references');
    await refs.locator('.connections-status', { hasText: '1–3 of 3' }).waitFor();
    expect(await refs.locator('.connection-title').first().textContent()).toBe(hostile);
    expect(await refs.locator('.connection-title').first().getAttribute('href')).toBe(`/papers/stub-1?hl=en`);
    expect(await refs.locator('.connection-meta').first().textContent()).toBe('Author 1, Jörg Müller, B and 2 more · 2021 · Journal');
    expect(await refs.locator('img, b').count()).toBe(0);
    expect(await p.evaluate('window.__pwned')).toBeUndefined();
    expect(await refs.locator('.connection-outside').allTextContents()).toEqual(['Not in this corpus: DOI 10.5555/outside.<b>1</b>', 'Not in this corpus: OpenAlex W123']);
    expect(await refs.locator('.connection-outside a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['https://doi.org/10.5555/outside.%3Cb%3E1%3C/b%3E', 'https://openalex.org/W123']);
    expect(await refs.locator('.connections-pager').isHidden()).toBe(true);
    await p.locator('#related .connection-title', { hasText: 'Stub paper 99' }).waitFor();

    const citing = p.locator('#cited-by');
    const titles = () => citing.locator('.connection-title').allTextContents();
    await citing.locator('.connections-status', { hasText: '1–10 of 25' }).waitFor();
    expect(await citing.getByRole('button', { name: 'Previous page of citing papers' }).isHidden()).toBe(true);
    const first = await titles();
    await citing.getByRole('button', { name: 'Next page of citing papers' }).click();
    await citing.locator('.connections-status', { hasText: '11–20 of 25' }).waitFor();
    expect(await p.evaluate('document.activeElement?.id')).toBe('cited-by-heading');
    await citing.getByRole('button', { name: 'Next page of citing papers' }).click();
    await citing.locator('.connections-status', { hasText: '21–25 of 25' }).waitFor();
    expect(await citing.getByRole('button', { name: 'Next page of citing papers' }).isHidden()).toBe(true);
    expect(await citing.locator('ol').getAttribute('start')).toBe('21');
    await citing.getByRole('button', { name: 'Previous page of citing papers' }).click();
    await citing.locator('.connections-status', { hasText: '11–20 of 25' }).waitFor();
    await citing.getByRole('button', { name: 'Previous page of citing papers' }).click();
    await citing.locator('.connections-status', { hasText: '1–10 of 25' }).waitFor();
    expect(await titles()).toEqual(first);
    expect(asked.filter((a) => a.startsWith('cited-by'))).toEqual(['cited-by?cursor=*&limit=10', 'cited-by?cursor=c1&limit=10', 'cited-by?cursor=c2&limit=10', 'cited-by?cursor=c1&limit=10', 'cited-by?cursor=*&limit=10']);
    expect(asked).toContain('related?limit=5');
    expect(await axeViolations(p)).toEqual([]);
    await screenshot(p, shots, 'paper-connections-stubbed-en-desktop');
    await p.close();
  });

  it('searches by author from a link, keeps the author in the URL, and shows it as a removable chip (the search API is stubbed)', async () => {
    const p = await newPage(ja);
    const asked: URLSearchParams[] = [];
    const paper = (n: number, authors: string[]) => ({
      id: `stub-${n}`, title: `Stub ${n}`, title_ja: `スタブ ${n}`, title_en: `Stub ${n}`, authors, year: 2024, abstract: null, url: `${app.url}/papers/stub-${n}`,
      citation_url: `${app.url}/papers/stub-${n}`, doi: null, source_url: null, venue: null, venue_type: null, topic: null, tags: [], lang: 'ja',
    });
    await p.route((url) => url.pathname === '/api/v1/papers/search', (route) => {
      const params = new URL(route.request().url()).searchParams;
      asked.push(params);
      const results = [paper(1, ['長谷川 千尋', '<b>Jörg</b> Müller']), paper(2, ['Chihiro Hasegawa'])];
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ api_version: 'v1', query: params.get('q'), topic: null, lang: 'all', total: 2, count: 2, limit: 10, offset: 0, results }) });
    });
    await p.goto(`${app.url}/papers/${showcase.id}`);
    // The paper page's author link opens the search of that author's papers (no words needed).
    const author = showcase.input.authors![0]!;
    await Promise.all([p.waitForURL(/\/\?author=/), p.locator('#paper-authors a', { hasText: author }).click()]);
    expect(new URL(p.url()).searchParams.get('author')).toBe(author);
    await p.locator('#status', { hasText: '件目を表示しています' }).waitFor();
    expect([asked.at(-1)!.get('author'), asked.at(-1)!.has('q')]).toEqual([author, false]);
    expect(await p.locator('#status').textContent()).toBe(`著者「${author}」 に一致する論文は 2 件です。1〜2 件目を表示しています。`);
    expect(await p.locator('#active-filters .chip-filter').textContent()).toBe(`著者：${author}×`);

    // A result card's author links to that author's papers, in the page's language; names stay text.
    const card = p.locator('#results .paper').first();
    expect(await card.locator('.paper-meta').textContent()).toBe('長谷川 千尋, <b>Jörg</b> Müller · 2024');
    expect(await card.locator('.paper-meta b').count()).toBe(0);
    await card.getByRole('link', { name: '<b>Jörg</b> Müller' }).click();
    await p.locator('#active-filters', { hasText: '<b>Jörg</b> Müller' }).waitFor();
    expect(new URL(p.url()).search).toBe(`?author=${encodeURIComponent('<b>Jörg</b> Müller').replace(/%20/g, '+')}&hl=ja`);
    expect(asked.at(-1)!.get('author')).toBe('<b>Jörg</b> Müller');

    // Words and the author together; the chip's × removes the author and keeps the words.
    await p.getByLabel('キーワード', { exact: true }).fill('carbon');
    await p.getByLabel('キーワード', { exact: true }).press('Enter');
    await p.locator('#status', { hasText: '“carbon” (著者「<b>Jörg</b> Müller」)' }).waitFor();
    expect([asked.at(-1)!.get('q'), asked.at(-1)!.get('author')]).toEqual(['carbon', '<b>Jörg</b> Müller']);
    expect(new URL(p.url()).search).toBe('?q=carbon&author=%3Cb%3EJ%C3%B6rg%3C%2Fb%3E+M%C3%BCller&hl=ja');
    expect(await p.locator('#feed-link').isHidden()).toBe(true);
    expect(await axeViolations(p)).toEqual([]);
    await screenshot(p, shots, 'search-author-ja-desktop');
    await p.getByRole('link', { name: '著者の絞り込み「<b>Jörg</b> Müller」を解除' }).click();
    await p.waitForURL((url) => url.search === '?q=carbon&hl=ja');
    await p.locator('#status', { hasText: '“carbon” に一致する' }).waitFor();
    expect(asked.at(-1)!.has('author')).toBe(false);
    expect(await p.locator('#active-filters').isHidden()).toBe(true);
    // Back brings the author filter back.
    await p.goBack();
    await p.locator('#active-filters', { hasText: '<b>Jörg</b> Müller' }).waitFor();
    await p.close();
  });

  it('says so in the page\'s language when a list cannot be loaded (the API answer is stubbed)', async () => {
    const p = await newPage(ja);
    await p.route((url) => /^\/api\/v1\/papers\/[^/]+\/(references|cited-by|related)$/.test(url.pathname), (route) =>
      route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ status: 503, code: 'search_unavailable' }) }));
    await p.goto(`${app.url}/papers/${showcase.id}`);
    for (const id of ['references', 'cited-by', 'related']) {
      await p.locator(`#${id} .connections-status`, { hasText: 'この一覧を読み込めませんでした' }).waitFor();
    }
    expect(await axeViolations(p)).toEqual([]);
    await p.close();
  });

  it('fits a phone in Japanese: no sideways scrolling; screenshot saved', async () => {
    const phone = await browser.newContext({ ...PHONE, locale: 'ja-JP' });
    const p = await newPage(phone);
    await p.goto(`${app.url}/papers/${showcase.id}`);
    await p.locator('#versions').waitFor();
    expect(await p.evaluate(FITS_WIDTH)).toBe(true);
    expect(await axeViolations(p)).toEqual([]);
    await screenshot(p, shots, 'paper-connections-ja-phone');
    await phone.close();
  });

  // The tests below use the real endpoints: the graph's (`/references`, `/cited-by`), the related
  // papers' (`/related`) and the search's `author` filter.

  it('reads the lists from the API and pages Cited by forward and back, in Japanese and English', async () => {
    const citingIds = new Set(citing(showcase).map((p) => p.id));
    const refs = showcase.input.references!;
    for (const [context, range] of [[en, (from: number, to: number, total: number) => `${from}–${to} of ${total}`], [ja, (from: number, to: number, total: number) => `${total} 件中 ${from}〜${to} 件目`]] as const) {
      const p = await newPage(context);
      await p.goto(`${app.url}/papers/${showcase.id}`);
      const lang = await p.evaluate('document.documentElement.lang');
      // References: corpus papers linked to their pages, outside works by their DOIs, in the paper's order.
      const references = p.locator('#references');
      await references.locator('.connections-status', { hasText: range(1, refs.length, refs.length) }).waitFor();
      const hrefs = await references.locator('.connections-list > li a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(refs.map((doi) => (byDoi.has(doi) ? `/papers/${byDoi.get(doi)!.id}?hl=${lang}` : `https://doi.org/${doi}`)));

      // Cited by: ten at a time, every one a demo paper citing it, Next and Previous through the cursor.
      const cited = p.locator('#cited-by');
      const ids = async () => (await cited.locator('.connection-title').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).map((h) => decodeURIComponent(h!.split('/papers/')[1]!.split('?')[0]!));
      await cited.locator('.connections-status', { hasText: range(1, 10, citingIds.size) }).waitFor();
      const first = await ids();
      // (Chromium names the button by its text and its hidden suffix with a space between.)
      const previousName = lang === 'ja' ? /^前へ\s?（引用論文）$/ : 'Previous page of citing papers';
      const nextName = lang === 'ja' ? /^次へ\s?（引用論文）$/ : 'Next page of citing papers';
      await cited.getByRole('button', { name: nextName }).click();
      await cited.locator('.connections-status', { hasText: range(11, 20, citingIds.size) }).waitFor();
      const second = await ids();
      expect([first.length, second.length]).toEqual([10, 10]);
      expect(new Set([...first, ...second]).size).toBe(20);
      for (const id of [...first, ...second]) expect(citingIds).toContain(id);
      await cited.getByRole('button', { name: previousName }).click();
      await cited.locator('.connections-status', { hasText: range(1, 10, citingIds.size) }).waitFor();
      expect(await ids()).toEqual(first);

      // Related papers: other papers of the corpus, linked.
      const related = p.locator('#related .connection-title');
      await related.first().waitFor();
      expect(await related.evaluateAll((as, self) => as.every((a) => !a.getAttribute('href')!.startsWith(`/papers/${self}?`)), showcase.id)).toBe(true);
      expect(await axeViolations(p)).toEqual([]);
      await screenshot(p, shots, `paper-connections-live-${lang}-desktop`);
      await p.close();
    }
  });

  it('follows an author link from a paper page to that author\'s papers, accents and case aside', async () => {
    // A Japanese author written family name first, on a paper of the demo.
    const paper = demo.find((p) => (p.input.authors ?? []).some((a) => /^長谷川 /.test(a)))!;
    const name = paper.input.authors!.find((a) => /^長谷川 /.test(a))!;
    const papersBy = (asked: string) => demo.filter((p) => (p.input.authors ?? []).some((a) => nameMatches(a, asked)));
    const p = await newPage(ja);
    await p.goto(`${app.url}/papers/${paper.id}`);
    await Promise.all([p.waitForURL(/\/\?author=/), p.locator('#paper-authors a', { hasText: name }).click()]);
    await p.locator('#status', { hasText: '件目を表示しています' }).waitFor();
    expect(await p.locator('#status').textContent()).toMatch(new RegExp(`^著者「${name}」 に一致する論文は ${papersBy(name).length.toLocaleString('ja')} 件です。`));
    expect(await p.locator('#active-filters .chip-filter').textContent()).toBe(`著者：${name}×`);
    for (const meta of await p.locator('#results .paper-meta').all()) {
      expect((await meta.locator('a.author-link').allTextContents()).some((a) => nameMatches(a, name))).toBe(true);
    }
    await screenshot(p, shots, 'search-author-live-ja-desktop');
    await p.close();

    // An author with a diacritic, asked for without it.
    const muller = demo.flatMap((q) => q.input.authors ?? []).find((a) => a.endsWith(' Müller'))!;
    const e = await newPage(en);
    await e.goto(`${app.url}/?author=muller&hl=en`);
    await e.locator('#status', { hasText: 'Showing 1–' }).waitFor();
    expect(await e.locator('#status').textContent()).toMatch(new RegExp(`^${papersBy('muller').length} papers match author “muller”\\.`));
    expect(papersBy('muller').length).toBeGreaterThan(papersBy(muller).length);
    expect(await axeViolations(e)).toEqual([]);
    await e.close();
  });

  it('caused no Content-Security-Policy refusal, script error or dialog on any page', () => {
    expect(problems).toEqual([]);
  });
});
