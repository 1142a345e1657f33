import request from 'supertest';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { createIngest } from '../../services/ingest-worker/ingest-factory';
import { runInProcess } from '../../services/ingest-worker/runner/run-in-process';
import { createLogger } from '../../shared/logging/logger';
import { climatePaper, writeJsonl } from '../ingest/ingest-fixtures';
import { paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { testConfig } from '../support/test-run';

type Item = { cursor: string; op: 'upsert' | 'delete'; paper_id: string; paper: { updated_at: string } | null };

/**
 * A pipeline keeps a copy of the corpus by following `GET /api/v1/papers/changes` over HTTP while a
 * loader and an ingest run write (and papers are revised and removed): once the writers are done and
 * the feed says it is caught up, the copy holds exactly the papers of Postgres, with their update times.
 */
describe('a pipeline following the paper change feed', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let auth: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    auth = (await testKeys(database.db).create('internal')).auth;
    app = await startTestProcess({ DATABASE_URL: database.url, PLAN_BURST_PER_SECOND: 'internal=100000' });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  /** The pipeline: its copy (id → update time) and where it has read to. */
  function pipeline(limit: number) {
    const copy = new Map<string, string>();
    const seen: Item[] = [];
    let cursor: string | undefined;
    return {
      copy,
      seen,
      /** Reads one answer and applies it; whether more were waiting. */
      async step(): Promise<boolean> {
        const res = await request(app.apiUrl!).get('/api/v1/papers/changes').query({ limit, ...(cursor ? { since: cursor } : {}) }).set('Authorization', auth);
        expect({ status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({ status: 200, body: 'ok' });
        for (const item of res.body.data as Item[]) {
          seen.push(item);
          if (item.op === 'upsert') copy.set(item.paper_id, item.paper!.updated_at);
          else copy.delete(item.paper_id);
        }
        cursor = res.body.next_cursor;
        return res.body.has_more;
      },
    };
  }

  const stored = async () =>
    new Map((await database.db.query<{ id: string; updated_at: Date }>('SELECT id, updated_at FROM papers ORDER BY id')).rows.map((r) => [r.id, r.updated_at.toISOString()]));
  const sorted = (m: Map<string, string>) => [...m].sort(([a], [b]) => (a < b ? -1 : 1));

  it('ends with exactly the papers of Postgres while a loader, an ingest run, revisions and removals write', async () => {
    const papers = new PaperRepository(database.db);
    const ingest = await createIngest(testConfig({ INGEST_PAGE_SIZE: '3' }), database.db, createLogger({ level: 'silent' }));
    const file = writeJsonl(Array.from({ length: 24 }, (_, i) => climatePaper(i + 1)));
    const loaded = Array.from({ length: 40 }, (_, i) => `loaded-${i}`);
    const line = (id: string, title = `Carbon pricing in power markets, ${id}`) => paperLine(id, { title });

    const follower = pipeline(7);
    let writing = true;
    const following = (async () => {
      while (writing) await follower.step();
    })();
    try {
      await Promise.all([
        runInProcess(ingest.jobs, file, undefined, 'cli', { concurrency: 2, attempts: 3, backoffMs: 0 }),
        (async () => {
          await loadPapers(recordsAsLines(loaded.map((id) => line(id))), papers, { batchSize: 4 });
          // Revisions and removals while the ingest may still be writing.
          await loadPapers(recordsAsLines(loaded.slice(0, 12).map((id) => line(id, `Carbon pricing in power markets, ${id}, revised`))), papers, { batchSize: 3 });
          await database.db.query(`DELETE FROM papers WHERE title LIKE 'Carbon pricing in power markets, loaded-3%'`);
          await loadPapers(recordsAsLines(loaded.slice(5, 9).map((id) => line(id, `Carbon pricing in power markets, ${id}, revised twice`))), papers);
        })(),
      ]);
    } finally {
      writing = false;
      await following;
      await ingest.close();
    }
    // The writers are done: read until the feed says there is nothing more.
    while (await follower.step());

    const truth = await stored();
    expect(truth.size).toBeGreaterThan(40);
    expect(sorted(follower.copy)).toEqual(sorted(truth));
    expect(follower.seen.some((i) => i.op === 'delete')).toBe(true);
    // Each change came once, in the log's order.
    const logged = (await database.db.query<{ paper_id: string }>('SELECT paper_id FROM paper_changes ORDER BY position')).rows.map((r) => r.paper_id);
    expect(follower.seen.map((i) => i.paper_id)).toEqual(logged);
  });
});
