import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { readJsonLines } from '../../shared/loading/json-lines';
import { loadPapers } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess } from '../support/test-process';
import { scratchDir } from '../support/test-run';
import { waitFor } from '../support/wait-for';

const run = promisify(execFile);

function writeLines(lines: string[]): string {
  const file = path.join(scratchDir('paper-load'), 'papers.jsonl');
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

const good = (extra: object) => JSON.stringify({ title: 'Hydrogen storage in salt caverns', year: 2021, lang: 'en', ...extra });

describe('loading papers from JSON Lines', () => {
  let database: TestDatabase;
  let repository: PaperRepository;

  beforeEach(async () => {
    database = await createTestDatabase();
    repository = new PaperRepository(database.db);
  });
  afterEach(async () => {
    await database.drop();
  });

  it('reports each bad line with its number and loads the good ones', async () => {
    const file = writeLines([
      good({ id: 'a' }),
      '{not json',
      JSON.stringify({ id: 'b', abstract: 'no title at all' }),
      good({ id: 'c', year: 'soon' }),
      good({ id: 'd', topic: 'nuclear' }),
      '',
      good({ id: 'e', source_url: 'javascript:alert(1)' }),
      '[1,2,3]',
      good({ id: 'f', title: '水素の地下貯蔵', lang: 'ja' }),
    ]);
    const report = await loadPapers(readJsonLines(file), repository);
    expect(report.rejected.map((r) => r.line)).toEqual([2, 3, 4, 5, 7, 8]);
    expect(report.rejected[0]!.error).toMatch(/not valid JSON/);
    expect(report.rejected[1]!.error).toMatch(/title/);
    expect(report.rejected[2]!.error).toMatch(/year/);
    expect(report.rejected[3]!.error).toMatch(/topic/);
    expect(report.inserted).toBe(2);
    expect(await repository.count()).toBe(2);
  });

  it('loads, stores and reads back every field of the paper schema, a field added later too (cited_by_count), by its rule', async () => {
    const file = writeLines([good({ id: 'cited', cited_by_count: 12 }), good({ id: 'uncited' }), good({ id: 'negative', cited_by_count: -1 })]);
    const report = await loadPapers(readJsonLines(file), repository);
    expect(report.rejected.map((r) => [r.line, r.error.includes('cited_by_count')])).toEqual([[3, true]]);
    const stored = [];
    for await (const batch of repository.allInBatches()) stored.push(...batch);
    expect(stored.map((p) => p.cited_by_count).sort()).toEqual([12, null]);
  });

  it('identifies a paper by its DOI, whatever id or DOI spelling the source uses', async () => {
    const file = writeLines([
      good({ id: 'source-1', doi: '10.1234/ABC.5' }),
      good({ id: 'source-2', doi: 'https://doi.org/10.1234/abc.5', title: 'Hydrogen storage in salt caverns (revised)' }),
      good({ id: 'source-3', doi: 'doi:10.1234/abc.5' }),
    ]);
    const report = await loadPapers(readJsonLines(file), repository);
    expect(report.repeated).toBe(2);
    expect(await repository.count()).toBe(1);
    const [paper] = await repository.findByIds([...(await collectIds(repository))]);
    expect(paper!.doi).toBe('10.1234/abc.5');
    expect(paper!.title).toBe('Hydrogen storage in salt caverns'); // the last line of the file wins
  });

  it('updates a changed paper (new update time) and leaves an unchanged one alone', async () => {
    await loadPapers(readJsonLines(writeLines([good({ id: 'a' }), good({ id: 'b', title: 'Ammonia' })])), repository);
    // Update times as Postgres text (microseconds, which a JS Date would lose): a second load is a later transaction.
    const before = await database.db.query<{ id: string; updated_at: string }>('SELECT id, updated_at::text AS updated_at FROM papers ORDER BY id');
    const report = await loadPapers(readJsonLines(writeLines([good({ id: 'a' }), good({ id: 'b', title: 'Ammonia co-firing' })])), repository);
    expect(report).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    const after = await database.db.query<{ id: string; updated_at: string }>('SELECT id, updated_at::text AS updated_at FROM papers ORDER BY id');
    const changed = after.rows.filter((row, i) => row.updated_at !== before.rows[i]!.updated_at);
    expect(changed).toHaveLength(1);
  });

  it('stores the data API\'s extra fields (shelf, peer review, draft score, publication date, PDF link)', async () => {
    const line = good({ id: 'x1', shelf: 'japan_to_global', is_peer_reviewed: true, draft_score: 91.5, publication_date: '2024-03-15', pdf_url: 'https://example.org/p.pdf' });
    const bad = good({ id: 'x2', shelf: 'archive', draft_score: 140, publication_date: '2024-13-40' });
    const report = await loadPapers(readJsonLines(writeLines([line, bad])), repository);
    expect(report.rejected.map((r) => r.line)).toEqual([2]);
    expect(report.rejected[0]!.error).toMatch(/shelf/);
    const [stored] = await repository.findByIds(await collectIds(repository));
    expect(stored).toMatchObject({ shelf: 'japan_to_global', is_peer_reviewed: true, draft_score: 91.5, publication_date: '2024-03-15', pdf_url: 'https://example.org/p.pdf' });
  });

  it('a running server finds papers loaded by another process within seconds', async () => {
    // No edge cache: it would keep the first answer for a minute; this is about the index following Postgres.
    const app = await startTestProcess({ DATABASE_URL: database.url, RESPONSE_CACHE_TTL_SECONDS: '0' });
    try {
      const search = () => request(app.url).get('/api/v1/papers/search').query({ q: '地熱発電' });
      expect((await search()).body.total).toBe(0);
      // Another connection, as `gx load` would have: the server learns of it through Postgres.
      await loadPapers(readJsonLines(writeLines([good({ id: 'geo', title: '地熱発電の可能性', lang: 'ja' })])), new PaperRepository(database.db));
      const total = await waitFor('the server to find the loaded paper', async () => {
        const n: number = (await search().expect(200)).body.total;
        return n > 0 && n;
      });
      expect(total).toBe(1);
    } finally {
      await app.stop();
    }
  });

  it('gx load papers: prints a report, names bad lines on stderr, exits 2, and a rerun changes nothing', async () => {
    const file = writeLines([good({ id: 'a' }), '{oops', good({ id: 'b', title: 'Carbon capture retrofits' })]);
    const env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    const cli = path.resolve(__dirname, '../../bin/gx.js');
    const first = await run('node', [cli, 'load', 'papers', file], { env }).catch((e) => e);
    expect(first.code).toBe(2);
    expect(first.stderr).toMatch(/line 2: not valid JSON/);
    expect(first.stdout).toMatch(/3 lines read, 2 inserted, 0 updated, 0 unchanged, 0 repeated in the file, 1 rejected/);
    const second = await run('node', [cli, 'load', 'papers', file], { env }).catch((e) => e);
    expect(second.stdout).toMatch(/0 inserted, 0 updated, 2 unchanged/);
    expect(await repository.count()).toBe(2);
  });
});

async function collectIds(repository: PaperRepository): Promise<string[]> {
  const ids: string[] = [];
  for await (const batch of repository.allInBatches()) ids.push(...batch.map((p) => p.id));
  return ids;
}
