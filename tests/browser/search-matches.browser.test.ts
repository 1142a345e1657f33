import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, describeWithChromium, DESKTOP, launchChromium, PHONE, screenshot, screenshotDir, searchAnswer, watchedPage } from './chromium';
import { freePort } from '../support/services';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';

interface Highlight { field: string; index?: number; start: number; end: number; term: string }
interface ApiPaper {
  id: string;
  title: string | null;
  title_ja: string | null;
  title_en: string | null;
  abstract: string | null;
  abstract_ja?: string;
  tags: string[];
  topic: string | null;
  highlights: Highlight[];
}
interface ApiEnvelope { total: number; count: number; results: ApiPaper[]; suggestion?: { q: string; total: number } }

type Lang = 'ja' | 'en';
const SIZES = { desktop: DESKTOP, phone: PHONE } as const;
type Size = keyof typeof SIZES;
const CASES: [Lang, Size][] = [['ja', 'desktop'], ['ja', 'phone'], ['en', 'desktop'], ['en', 'phone']];

const FITS_WIDTH = 'document.documentElement.scrollWidth <= window.innerWidth';

/**
 * Queries of the generated demo corpus whose first page holds papers that match only in the other
 * language's texts: in its titles (the English title on the Japanese page, the Japanese one on the
 * English page), or, for the second, only in its other summary.
 */
const OTHER_LANGUAGE_QUERIES: Record<Lang, { inTitles: string; inSummary: string }> = {
  ja: { inTitles: 'carbon pricing', inSummary: 'investors' },
  en: { inTitles: '水素', inSummary: '政策担当者' },
};

/** The field of the title a reader sees first, and of the summary shown (the page's rule, restated). */
function shownFields(paper: ApiPaper, lang: Lang): { title: string; summary: string | null } {
  const other = lang === 'ja' ? 'en' : 'ja';
  const title = paper[`title_${lang}`] ? `title_${lang}` : paper.title ? 'title' : `title_${other}`;
  const summaries = [paper.abstract ? 'abstract' : null, paper.abstract_ja ? 'abstract_ja' : null].filter((f): f is string => f !== null);
  return { title, summary: (lang === 'ja' ? summaries.reverse() : summaries)[0] ?? null };
}

/** Whether every match of the record is outside the title and summary the reader sees first. */
function matchesOnlyElsewhere(paper: ApiPaper, lang: Lang): boolean {
  const shown = shownFields(paper, lang);
  return !paper.highlights.some((h) => h.field === shown.title || h.field === shown.summary);
}

/** A text as the search compares it (NFKC, case-folded). */
const normal = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * In the page: for each filter select, the text it shows and its widest option, measured in its own
 * font, beside the room inside it. Chromium draws a select's arrow in the last 20 px of that room (a
 * select at its own width leaves exactly that beside its widest option), so a text fits when its
 * width and the arrow's are within the room.
 */
const MEASURE_SELECTS = `['topic', 'lang', 'venue_type'].map((id) => {
  const select = document.getElementById(id);
  const style = getComputedStyle(select);
  const context = document.createElement('canvas').getContext('2d');
  context.font = style.font;
  const width = (text) => context.measureText(text).width;
  const box = select.getBoundingClientRect();
  const form = document.getElementById('search-form').getBoundingClientRect();
  return {
    id,
    shown: select.options[select.selectedIndex].text,
    shownWidth: width(select.options[select.selectedIndex].text),
    widest: Math.max(...[...select.options].map((o) => width(o.text))),
    room: select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    insideForm: box.left >= form.left && box.right <= form.right,
    scrollFits: select.scrollWidth <= select.clientWidth,
  };
})`;
const ARROW_PX = 20;

/**
 * Why a paper matched, on the search page, in Chromium (target all, the generated demo corpus), in
 * Japanese and English at a desktop and a phone width: the other language's matching text shown
 * without a click when the text shown holds no match, the chips that matched marked, the counts of
 * the filter menus whole, and an unspaced query that finds nothing answered with its split words'
 * results and a link back to the query as typed.
 */
describeWithChromium('why a paper matched, on the search page in Chromium (target all, demo corpus)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let browser: Browser;
  let shots: string;
  const contexts = new Map<string, BrowserContext>();
  const problems: string[] = [];

  const searchBy = (p: Page, action: () => Promise<unknown>) => searchAnswer<ApiEnvelope>(p, action);
  const open = async (lang: Lang, size: Size) => {
    const key = `${lang}-${size}`;
    if (!contexts.has(key)) contexts.set(key, await browser.newContext({ ...SIZES[size], locale: lang === 'ja' ? 'ja-JP' : 'en-US' }));
    return watchedPage(contexts.get(key)!, problems);
  };
  const searchUrl = (q: string, lang: Lang, extra = '') => `${app.url}/?q=${encodeURIComponent(q)}&hl=${lang}${extra}`;
  const shown = (lang: Lang) => (lang === 'ja' ? '件目を表示しています' : 'Showing 1–');

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const port = await freePort();
    app = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true', PUBLIC_PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, PUBLIC_RATE_LIMIT: '1000' });
    shots = screenshotDir();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await database?.drop();
  });

  it.each(CASES)('shows why each paper matched without a click, in the other language when the text shown holds none (%s, %s)', async (lang, size) => {
    const p = await open(lang, size);
    const other = lang === 'ja' ? 'en' : 'ja';
    for (const [kind, q] of Object.entries(OTHER_LANGUAGE_QUERIES[lang])) {
      const terms = q.split(' ').map(normal);
      const body = await searchBy(p, () => p.goto(searchUrl(q, lang)));
      await p.locator('#status', { hasText: shown(lang) }).waitFor();
      const elsewhere = body.results.map((paper) => matchesOnlyElsewhere(paper, lang));
      // A paper whose titles match shows its other title; one whose titles do not, a line of its other summary.
      const inTitles = body.results.map((paper) => paper.highlights.some((h) => h.field.startsWith('title')));
      // The query finds papers of its kind: the checks below are not empty.
      expect(elsewhere.filter((e, i) => e && inTitles[i] === (kind === 'inTitles')).length).toBeGreaterThan(0);
      for (const [i, paper] of body.results.entries()) {
        const card = p.locator('#results .paper').nth(i);
        const why = card.locator('details.paper-alt-title[open] .paper-alt-title-text, .paper-match');
        if (!elsewhere[i]) {
          // The text shown holds a match: nothing more is opened.
          expect(await why.count()).toBe(0);
          continue;
        }
        // Shown without a click: an other title open, else a line of the other summary, with its marks.
        expect(await why.count()).toBe(1);
        expect(await why.isVisible()).toBe(true);
        const marks = (await why.locator('mark').allTextContents()).map(normal);
        expect(marks.length).toBeGreaterThan(0);
        for (const mark of marks) expect(terms.some((term) => mark.includes(term) || term.includes(mark))).toBe(true);
        if (inTitles[i]) {
          expect(await why.evaluate((node) => node.className)).toBe('paper-alt-title-text');
          // The other language's title, or an original title in a language the page does not name.
          expect([other, null]).toContain(await why.getAttribute('lang'));
        } else {
          expect(await why.evaluate((node) => node.className)).toBe('paper-match');
          // The line quotes the other summary: its marked passage is a part of that text.
          const passage = (await why.locator('.paper-match-text').textContent())!.replace(/^…|…$/g, '');
          expect(lang === 'ja' ? paper.abstract : paper.abstract_ja).toContain(passage);
          if (lang === 'en') expect(await why.locator('.paper-match-text').getAttribute('lang')).toBe('ja');
        }
      }
      expect(await axeViolations(p)).toEqual([]);
      expect(await p.evaluate(FITS_WIDTH)).toBe(true);
      await screenshot(p, shots, `why-${kind}-${lang}-${size}`);
    }
    await p.close();
  });

  it.each(CASES)('marks the tag and topic chips that matched, and no other (%s, %s)', async (lang, size) => {
    const p = await open(lang, size);
    const q = OTHER_LANGUAGE_QUERIES[lang].inTitles;
    const body = await searchBy(p, () => p.goto(searchUrl(q, lang)));
    await p.locator('#status', { hasText: shown(lang) }).waitFor();
    let matchedTags = 0;
    for (const [i, paper] of body.results.entries()) {
      const card = p.locator('#results .paper').nth(i);
      const tagChips = card.locator('.chips li.chip:not(.chip-topic)');
      expect(await tagChips.count()).toBe(paper.tags.length);
      for (const [t, tag] of paper.tags.entries()) {
        const chip = tagChips.nth(t);
        const ranges = paper.highlights.filter((h) => h.field === 'tags' && h.index === t);
        expect(await chip.textContent()).toBe(tag);
        expect(await chip.evaluate((node) => node.classList.contains('chip-match'))).toBe(ranges.length > 0);
        expect(await chip.locator('mark').allTextContents()).toEqual(ranges.map((h) => tag.slice(h.start, h.end)));
        if (ranges.length > 0) matchedTags++;
      }
      if (paper.topic) {
        const topic = card.locator('.chip-topic');
        const matched = paper.highlights.some((h) => h.field === 'topic');
        expect(await topic.evaluate((node) => node.classList.contains('chip-match'))).toBe(matched);
        expect(await topic.locator('mark').count()).toBe(matched ? 1 : 0);
      }
    }
    expect(matchedTags).toBeGreaterThan(0);
    // Marked for every reader: a <mark> is exposed to assistive technology as a highlight, and
    // tinted with the contrast axe checks.
    expect(await p.evaluate("getComputedStyle(document.querySelector('#results .chip-match mark')).backgroundColor")).not.toBe('rgba(0, 0, 0, 0)');
    expect(await axeViolations(p)).toEqual([]);
    await screenshot(p, shots, `chips-${lang}-${size}`);
    await p.close();
  });

  it.each(CASES)('shows the counts of the filter menus whole, never cut off (%s, %s)', async (lang, size) => {
    const p = await open(lang, size);
    // The widest counts of the corpus: a two-letter query most papers hold.
    const body = await searchBy(p, () => p.goto(searchUrl('on', lang)));
    expect(body.total).toBeGreaterThan(1000);
    await p.locator('#status', { hasText: shown(lang) }).waitFor();
    const count = body.total.toLocaleString(lang);
    const selects = (await p.evaluate(MEASURE_SELECTS)) as { id: string; shown: string; shownWidth: number; widest: number; room: number; insideForm: boolean; scrollFits: boolean }[];
    for (const s of selects) {
      // The option shown holds the search's count ("All topics (2,150)"), and it fits, as every option does.
      expect(s.shown).toContain(count);
      expect({ id: s.id, fits: s.shownWidth + ARROW_PX <= s.room + 1 }).toEqual({ id: s.id, fits: true });
      expect({ id: s.id, fits: s.widest + ARROW_PX <= s.room + 1 }).toEqual({ id: s.id, fits: true });
      expect({ id: s.id, insideForm: s.insideForm, scrollFits: s.scrollFits }).toEqual({ id: s.id, insideForm: true, scrollFits: true });
    }
    expect(await p.evaluate(FITS_WIDTH)).toBe(true);
    await screenshot(p, shots, `filters-${lang}-${size}`);
    await p.close();
  });

  it.each(CASES)('shows the split words\' results for an unspaced query that finds nothing, says so, and links back to the query as typed (%s, %s)', async (lang, size) => {
    const p = await open(lang, size);
    const asked: string[] = [];
    p.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/papers/search') asked.push(url.searchParams.get('q') ?? '');
    });
    const exact = await searchBy(p, () => p.goto(searchUrl('炭素税の効果', lang)));
    // The API answers as the specification has it: the query's own total (none) and the suggestion.
    expect([exact.total, exact.count, exact.suggestion?.q]).toEqual([0, 0, '炭素税 効果']);
    const notice = lang === 'ja' ? '炭素税 効果 の結果を表示しています' : 'Showing results for 炭素税 効果';
    await p.locator('#status', { hasText: notice }).waitFor();
    expect(asked).toEqual(['炭素税の効果', '炭素税 効果']);
    const papers = lang === 'ja' ? `${exact.suggestion!.total} 件` : `${exact.suggestion!.total} papers`;
    expect(await p.locator('#status').textContent()).toContain(`${notice}${lang === 'ja' ? `（${papers}）` : ` (${papers})`}`);
    expect(await p.locator('#results > li').count()).toBe(Math.min(10, exact.suggestion!.total));
    expect(await p.locator('#results-section').isVisible()).toBe(true);
    // What the reader typed stays in the box and the address.
    expect(await p.locator('#q').inputValue()).toBe('炭素税の効果');
    expect(new URL(p.url()).searchParams.get('q')).toBe('炭素税の効果');
    expect(await axeViolations(p)).toEqual([]);
    expect(await p.evaluate(FITS_WIDTH)).toBe(true);
    await screenshot(p, shots, `split-${lang}-${size}`);

    // The link back: the query as typed, its zero results and the suggestion, not the split again.
    const back = p.locator('#status').getByRole('link', { name: lang === 'ja' ? '“炭素税の効果” のまま検索する' : 'Search for “炭素税の効果” as typed', exact: true });
    asked.length = 0;
    await searchBy(p, () => back.click());
    const none = lang === 'ja' ? '“炭素税の効果” に一致する論文はありません' : 'No papers match “炭素税の効果”';
    await p.locator('#status', { hasText: none }).waitFor();
    expect(asked).toEqual(['炭素税の効果']);
    expect(new URL(p.url()).searchParams.get('exact')).toBe('1');
    expect(await p.locator('#results-section').isHidden()).toBe(true);
    expect(await p.locator('#status .suggestion-link').textContent()).toBe('炭素税 効果');
    expect(await axeViolations(p)).toEqual([]);
    await screenshot(p, shots, `exact-${lang}-${size}`);
    // A shared link to it shows the same.
    const shared = await open(lang, size);
    await shared.goto(p.url());
    await shared.locator('#status', { hasText: none }).waitFor();
    expect(await shared.locator('#results-section').isHidden()).toBe(true);
    await shared.close();
    // Back returns to the split words' results.
    await p.goBack();
    await p.locator('#status', { hasText: notice }).waitFor();
    await p.close();
  });

  it('caused no Content-Security-Policy refusal, script error or dialog on any page', () => {
    expect(problems).toEqual([]);
  });
});
