import fs from 'node:fs';
import request from 'supertest';
import { readJsonLines } from '../../shared/loading/json-lines';
import { loadPapers } from '../../modules/papers/paper-loader';
import { parsePaperInput } from '../../modules/papers/paper-input';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { storedAlone, type NewPaper } from '../../shared/papers/paper.schema';
import { splitTerms } from '../../shared/text/normalize';
import { referenceSearch } from '../support/reference-search';
import { describeWithReferenceData, referenceFile } from '../support/reference-data';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';

const PAPERS_FILE = referenceFile('papers.jsonl');

/**
 * Real records (the reference data's papers.jsonl, 4,564 English climate papers): loaded the way an
 * operator would, then searched through the gateway; every answer is checked against a plain
 * computation over the same file.
 */
describeWithReferenceData('real papers: load and search against a reference computation', ['papers.jsonl'], () => {
  let database: TestDatabase;
  let app: TestProcess;
  let fileRecords: unknown[];
  let byId: Map<string, NewPaper>;

  beforeAll(async () => {
    fileRecords = fs.readFileSync(PAPERS_FILE, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    byId = new Map();
    for (const record of fileRecords) {
      const parsed = parsePaperInput(record);
      if (parsed.ok) byId.set(parsed.paper.id, parsed.paper);
    }
    database = await createTestDatabase();
    const report = await loadPapers(readJsonLines(PAPERS_FILE), new PaperRepository(database.db));
    expect(report.rejected).toEqual([]);
    app = await startTestProcess({ DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('stores one paper per distinct identity in the file', async () => {
    expect(fileRecords).toHaveLength(4564);
    expect(await new PaperRepository(database.db).count()).toBe(byId.size);
  });

  it('a second load of the same file changes nothing and duplicates nothing', async () => {
    const repo = new PaperRepository(database.db);
    const before = await database.db.query('SELECT id, updated_at FROM papers ORDER BY id');
    const logged = await database.db.query('SELECT count(*) FROM paper_changes');
    const report = await loadPapers(readJsonLines(PAPERS_FILE), repo);
    expect(report).toMatchObject({ inserted: 0, updated: 0, unchanged: byId.size, rejected: [] });
    const after = await database.db.query('SELECT id, updated_at FROM papers ORDER BY id');
    expect(after.rows).toEqual(before.rows);
    // Nothing changed, so nothing was written to the change log either: no index has work to do.
    expect((await database.db.query('SELECT count(*) FROM paper_changes')).rows).toEqual(logged.rows);
  });

  const QUERIES: Record<string, string>[] = [
    { q: 'carbon' },
    { q: 'climate change adaptation' },
    { q: 'soil carbon sequestration', limit: '50' },
    { q: 'BECCS' },
    { q: 'biochar yield' },
    { q: 'machine learning' },
    { q: 'ＣＯ２ capture' },
    { q: 'co2', offset: '40', limit: '20' },
    { q: 'ethiopia' },
    { q: 'rice methane emissions' },
    { q: 'on', limit: '50', offset: '3000' },
    { q: 'weathering' },
    { q: 'the of and in to', limit: '50' },
    { q: 'zzzznotaword' },
  ];

  it.each(QUERIES)('answers %j exactly like the reference computation', async (query) => {
    const res = await request(app.url).get('/api/v1/papers/search').query(query).expect(200);
    const papers = [...byId.values()].map((p) => storedAlone(p, ''));
    const expected = referenceSearch(papers, {
      terms: splitTerms(query.q!),
      filters: {},
      offset: Number(query.offset ?? 0),
      limit: Number(query.limit ?? 10),
    });
    expect(res.body.total).toBe(expected.total);
    expect(res.body.results.map((p: { id: string }) => p.id)).toEqual(expected.ids);
  });

  it('returns the records as the file has them', async () => {
    const res = await request(app.url).get('/api/v1/papers/search').query({ q: 'Farmland tree species diversity', limit: '1' }).expect(200);
    const hit = res.body.results[0];
    const source = fileRecords.find((r) => (r as { title: string }).title === hit.title) as Record<string, unknown>;
    expect(hit).toMatchObject({ doi: source.doi, year: source.year, authors: source.authors, venue: source.venue, source_url: source.source_url, lang: 'en' });
    expect(hit.citation_url).toBe(`https://doi.org/${source.doi}`);
    expect(hit.abstract.length).toBeLessThanOrEqual(600);
    expect((source.abstract as string).startsWith(hit.abstract.replace(/…$/, '').trimEnd())).toBe(true);
  });

  it('filters by language: the English corpus is empty in Japanese', async () => {
    const en = await request(app.url).get('/api/v1/papers/search').query({ q: 'carbon', lang: 'en' }).expect(200);
    const ja = await request(app.url).get('/api/v1/papers/search').query({ q: 'carbon', lang: 'ja' }).expect(200);
    expect(en.body.total).toBeGreaterThan(1000);
    expect(ja.body.total).toBe(0);
  });
});
