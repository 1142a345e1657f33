import { parse, type HTMLElement } from 'node-html-parser';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { CITING_PAPER, EN_PAPER, HOSTILE_PAPER, idOf, JA_PAPER, JOURNAL_PAPER, loadFixtures, PREPRINT_PAPER } from './site-fixtures';

const BASE = 'https://papers.example.org';

/**
 * A paper page's connections as the server renders them (target all, fixtures through the loader):
 * author links to the author search, the versions of the work, and the References, Cited by and
 * Related sections with their counts, in both languages, escaped.
 */
describe('paper pages: authors, versions, references, citations (target all)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  const page = async (input: Parameters<typeof idOf>[0], lang: 'en' | 'ja') => {
    const res = await request(app.url).get(`/papers/${idOf(input)}?hl=${lang}`).expect(200);
    return parse(res.text);
  };
  const section = (doc: HTMLElement, id: string) => doc.querySelector(`section#${id}`)!;
  const text = (node: HTMLElement | null) => node?.text.replace(/\s+/g, ' ').trim();

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadFixtures(database.db, [JA_PAPER, EN_PAPER, HOSTILE_PAPER, PREPRINT_PAPER, JOURNAL_PAPER, CITING_PAPER]);
    app = await startTestProcess({ DATABASE_URL: database.url, PUBLIC_BASE_URL: BASE, PUBLIC_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('links each author to the search of that author\'s papers, in the page\'s language', async () => {
    for (const lang of ['en', 'ja'] as const) {
      const links = (await page(JOURNAL_PAPER, lang)).querySelectorAll('#paper-authors .author a');
      expect(links.map((a) => a.text)).toEqual(['長谷川 美咲', 'Jörg Müller']);
      const targets = links.map((a) => new URL(a.getAttribute('href')!, BASE));
      expect(targets.map((u) => [u.pathname, u.searchParams.get('author'), u.searchParams.get('hl')])).toEqual([
        ['/', '長谷川 美咲', lang],
        ['/', 'Jörg Müller', lang],
      ]);
      expect(links[0]!.getAttribute('title')).toBe(lang === 'en' ? 'Papers by 長谷川 美咲' : '長谷川 美咲 の論文');
    }
  });

  it('lists the versions of the work, this one marked, the other linked with its DOI', async () => {
    const preprintId = idOf(PREPRINT_PAPER);
    const journalId = idOf(JOURNAL_PAPER);
    for (const [lang, heading, preprint, journal, self] of [
      ['en', 'Versions of this work (2)', 'Preprint, 2020', 'Journal, 2021', '(this page)'],
      ['ja', 'この研究の別バージョン (2)', 'プレプリント（2020年）', '学術誌（2021年）', '（このページ）'],
    ] as const) {
      const doc = await page(JOURNAL_PAPER, lang);
      const versions = section(doc, 'versions');
      expect(text(versions.querySelector('h2'))).toBe(heading);
      const items = versions.querySelectorAll('li.version');
      // Oldest first: the preprint, then this journal article.
      expect(items.map((li) => [li.getAttribute('data-id'), li.getAttribute('data-venue-type'), li.getAttribute('aria-current') ?? null])).toEqual([
        [preprintId, 'preprint', null],
        [journalId, 'journal', 'page'],
      ]);
      const other = items[0]!.querySelector('a.version-name')!;
      expect([other.text, other.getAttribute('href')]).toEqual([preprint, `/papers/${preprintId}?hl=${lang}`]);
      expect(items[0]!.querySelector('a.version-doi')!.getAttribute('href')).toBe('https://doi.org/10.5555/site.preprint');
      expect(text(items[1]!.querySelector('.version-name'))).toBe(journal);
      expect(items[1]!.querySelector('a.version-name')).toBeNull();
      expect(text(items[1]!.querySelector('.version-self'))).toBe(self);
    }
    // The preprint's page lists the same two, the journal article linked.
    const preprintPage = await page(PREPRINT_PAPER, 'en');
    expect(preprintPage.querySelectorAll('#versions li.version a.version-name').map((a) => a.getAttribute('href'))).toEqual([`/papers/${journalId}?hl=en`]);
    // A paper with no other version has no such section.
    expect((await page(EN_PAPER, 'en')).querySelector('#versions')).toBeNull();
  });

  it('shows the counts of references and citing papers, and where the page script reads each list', async () => {
    const journalId = idOf(JOURNAL_PAPER);
    const record = (await request(app.url).get('/api/v1/papers/search').query({ q: 'fixturejournal' }).expect(200)).body.results[0];
    expect([record.id, record.references_count, record.cited_by_corpus_count, record.cited_by_count]).toEqual([journalId, 2, 1, 1234]);
    for (const [lang, refs, citedBy, related] of [
      ['en', ['References (2)', 'This paper lists 2 references.'], ['Cited by (1)', '1 paper in this corpus cites it. Its source counts 1,234 citations in all.'], 'Related papers'],
      ['ja', ['参考文献 (2)', 'この論文は 2 件の文献を引用しています。'], ['被引用 (1)', '収録論文のうち 1 件がこの論文を引用しています。出典での被引用数は全体で 1,234 件です。'], '関連論文'],
    ] as const) {
      const doc = await page(JOURNAL_PAPER, lang);
      const sections = doc.querySelectorAll('#connections section.paper-connections');
      expect(sections.map((s) => [s.id, s.getAttribute('data-source'), s.getAttribute('data-total') ?? null])).toEqual([
        ['references', `/api/v1/papers/${journalId}/references`, '2'],
        ['cited-by', `/api/v1/papers/${journalId}/cited-by`, '1'],
        ['related', `/api/v1/papers/${journalId}/related`, null],
      ]);
      expect([text(section(doc, 'references').querySelector('h2')), text(section(doc, 'references').querySelector('.connections-intro'))]).toEqual(refs);
      expect([text(section(doc, 'cited-by').querySelector('h2')), text(section(doc, 'cited-by').querySelector('.connections-intro'))]).toEqual(citedBy);
      expect(text(section(doc, 'related').querySelector('h2'))).toBe(related);
      // Each list is labelled by its heading; paged lists have a pager (shown by the script when there is a page to go to).
      for (const s of sections) expect(s.getAttribute('aria-labelledby')).toBe(s.querySelector('h2')!.id);
      expect(sections.map((s) => s.querySelectorAll('.connections-pager button').length)).toEqual([2, 2, 0]);
      expect(doc.querySelector('#connections noscript')).not.toBeNull();
    }
    // Nothing cites the citing paper, and it lists two references (both in the corpus).
    const citing = await page(CITING_PAPER, 'en');
    expect([section(citing, 'cited-by').getAttribute('data-total'), text(section(citing, 'cited-by').querySelector('.connections-intro'))])
      .toEqual(['0', 'No paper in this corpus cites it yet.']);
    expect(section(citing, 'references').getAttribute('data-total')).toBe('2');
    // A paper without a source count says nothing of one.
    expect(text(section(await page(PREPRINT_PAPER, 'en'), 'cited-by').querySelector('.connections-intro'))).toBe('1 paper in this corpus cites it.');
    expect(text(section(await page(EN_PAPER, 'en'), 'references').querySelector('.connections-intro'))).toBe('This paper lists no references.');
  });

  it('loads the connections script as a module and gives it its words in the page\'s language, as data', async () => {
    for (const [lang, next] of [['en', 'Next'], ['ja', '次へ']] as const) {
      const doc = await page(JOURNAL_PAPER, lang);
      const module = doc.querySelector('script[type="module"]')!;
      expect(module.getAttribute('src')).toMatch(/^\/assets\/paper-connections\.js\?v=[\w-]+$/);
      await request(app.url).get(module.getAttribute('src')!).expect(200).expect('Content-Type', /javascript/);
      const messages = JSON.parse(doc.querySelector('script#paper-messages[type="application/json"]')!.rawText);
      expect([messages.next, messages.venueTypes.journal]).toEqual([next, lang === 'en' ? 'Journal' : '学術誌']);
    }
  });

  it('escapes hostile author names in their links, and keeps the name whole in the search address', async () => {
    const doc = await page(HOSTILE_PAPER, 'en');
    const links = doc.querySelectorAll('#paper-authors .author a');
    expect(links.map((a) => a.text)).toEqual(HOSTILE_PAPER.authors);
    expect(links.map((a) => new URL(a.getAttribute('href')!, BASE).searchParams.get('author'))).toEqual(HOSTILE_PAPER.authors);
    expect(doc.querySelectorAll('#paper-authors script, #paper-authors img')).toHaveLength(0);
  });
});
