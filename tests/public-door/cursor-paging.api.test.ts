import request from 'supertest';
import { loadPapers, PaperRepository } from '../../modules/papers';
import { recordsAsLines } from '../../shared/loading/json-lines';
import { paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';

interface Page {
  total: number;
  results: { id: string; year: number | null }[];
  next_cursor?: string;
}

/** Deep paging by cursor on both doors' keyword search, while papers are added and updated. */
describe('cursor paging (target all, demo corpus)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  const search = (query: Record<string, string>) => request(app.url).get('/api/v1/papers/search').query(query);

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    app = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true' });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  /** Every page of a cursor walk; `between` runs after the first page. */
  async function walk(query: Record<string, string>, between?: () => Promise<void>): Promise<Page[]> {
    const pages: Page[] = [];
    let cursor = '*';
    for (;;) {
      const res = await search({ ...query, cursor }).expect(200);
      pages.push(res.body as Page);
      if (pages.length === 1) await between?.();
      if (!res.body.next_cursor) return pages;
      cursor = res.body.next_cursor;
    }
  }

  it('walks the whole match set newest first, every paper once, the last page without next_cursor', async () => {
    const pages = await walk({ q: 'carbon', limit: '50' });
    const ids = pages.flatMap((p) => p.results.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(pages[0]!.total);
    const years = pages.flatMap((p) => p.results.map((r) => r.year ?? -Infinity));
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(pages.at(-1)!.next_cursor).toBeUndefined();
  });

  it('neither repeats nor skips a paper that existed when the walk began, while papers are added and updated', async () => {
    const before = (await walk({ q: 'hydrogen', limit: '40' })).flatMap((p) => p.results.map((r) => r.id));
    const papers = new PaperRepository(database.db);
    const [updated] = await papers.findByIds([before[Math.floor(before.length / 2)]!]);
    const pages = await walk({ q: 'hydrogen', limit: '40' }, async () => {
      // New papers (newest of all: they would shift every offset page) and a changed abstract of one further on.
      await loadPapers(recordsAsLines(Array.from({ length: 30 }, (_, i) => paperLine(`cursor-new-${i}`, { title: `Hydrogen cursor study ${i}`, year: 2026 }))), papers);
      await papers.upsertMany([{ ...updated!, references: [], same_work_as: [], abstract: `${updated!.abstract ?? ''} Revised while a walk was under way.` }]);
      // A new URL each time: the edge cache keeps an answer for a minute.
      let poll = 0;
      await waitFor('the new papers to be searchable', async () => (await search({ q: 'cursor study', _: String(poll++) })).body.total === 30);
    });
    const ids = pages.flatMap((p) => p.results.map((r) => r.id));
    expect(ids.filter((id) => before.includes(id))).toEqual(before);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses a cursor that is not one, or sent with offset or sort=relevance', async () => {
    const refused: Record<string, string>[] = [{ cursor: 'not-a-cursor' }, { cursor: '*', offset: '10' }, { cursor: '*', sort: 'relevance' }];
    for (const query of refused) {
      expect((await search({ q: 'carbon', ...query }).expect(400)).body.code).toBe('invalid_cursor');
    }
    const first = (await search({ q: 'carbon', cursor: '*', limit: '5' }).expect(200)).body as Page;
    expect(first.next_cursor).toEqual(expect.any(String));
  });
});
