import { ChangeFollower } from '../../shared/indexing/change-follower';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { LOG_ORIGIN, PaperChangeLog } from '../../modules/papers/change-log';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { createLogger } from '../../shared/logging/logger';
import { createIngest } from '../../services/ingest-worker/ingest-factory';
import { runInProcess } from '../../services/ingest-worker/runner/run-in-process';
import { climatePaper, writeJsonl } from '../ingest/ingest-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testConfig } from '../support/test-run';
import { MapIndex } from './map-index';
import { paperLine } from '../support/paper-fixtures';

const paper = (id: string, title = `Carbon paper ${id}`) => paperLine(id, { title });

/** The change log orders every write to papers so that a follower misses none, whatever commits when. */
describe('the paper change log', () => {
  let database: TestDatabase;
  let papers: PaperRepository;
  let log: PaperChangeLog;

  beforeEach(async () => {
    database = await createTestDatabase();
    papers = new PaperRepository(database.db);
    log = new PaperChangeLog(database.db);
  });
  afterEach(async () => {
    await database?.drop();
  });

  const storedIds = async () => (await database.db.query<{ id: string }>('SELECT id FROM papers ORDER BY id')).rows.map((r) => r.id);

  it('a writer that commits after a later one is not skipped', async () => {
    const index = new MapIndex();
    const follower = new ChangeFollower(log, papers, index, { ...LOG_ORIGIN });
    const early = await database.db.pool.connect();
    let late: Promise<unknown> = Promise.resolve();
    try {
      // The early writer takes its place in the log first and commits last; the later writer waits
      // for it before it may take a position, so it can never be read before the early one.
      await early.query('BEGIN');
      await early.query(`INSERT INTO papers (id, title, content_hash) VALUES ('p_early', 'Early writer', 'h1')`);
      late = loadPapers(recordsAsLines([paper('late-1'), paper('late-2')]), papers);
      await follower.catchUp();
      expect(index.ids()).toEqual([]);
      await early.query('COMMIT');
    } finally {
      early.release();
    }
    await late;
    await follower.catchUp();
    expect(index.ids()).toEqual(await storedIds());
    expect(index.ids()).toContain('p_early');
    const order = (await database.db.query<{ paper_id: string }>('SELECT paper_id FROM paper_changes ORDER BY position')).rows.map((r) => r.paper_id);
    expect(order[0]).toBe('p_early');
  });

  it('two loaders writing at once: every paper once, in every follower', async () => {
    const index = new MapIndex();
    const follower = new ChangeFollower(log, papers, index, { ...LOG_ORIGIN }, { batchSize: 7 });
    const batchOf = (prefix: string) => Array.from({ length: 60 }, (_, i) => paper(`${prefix}-${i}`));
    const following = (async () => {
      for (let i = 0; i < 20; i++) await follower.catchUp();
    })();
    await Promise.all([
      loadPapers(recordsAsLines(batchOf('a')), papers, { batchSize: 5 }),
      loadPapers(recordsAsLines(batchOf('b')), papers, { batchSize: 3 }),
    ]);
    await following;
    await follower.catchUp();
    expect(index.ids()).toEqual(await storedIds());
    expect(index.ids()).toHaveLength(120);
    expect(index.maxWritesOfOnePaperPerBatch).toBe(1);
  });

  it('a loader and an ingest run writing at once: the follower ends with exactly the papers of Postgres', async () => {
    const index = new MapIndex();
    const follower = new ChangeFollower(log, papers, index, { ...LOG_ORIGIN }, { batchSize: 5 });
    const config = testConfig({ INGEST_PAGE_SIZE: '3' });
    const ingest = await createIngest(config, database.db, createLogger({ level: 'silent' }));
    const file = writeJsonl(Array.from({ length: 24 }, (_, i) => climatePaper(i + 1)));
    let writing = true;
    const following = (async () => {
      while (writing) await follower.catchUp();
    })();
    try {
      await Promise.all([
        runInProcess(ingest.jobs, file, undefined, 'cli', { concurrency: 2, attempts: 3, backoffMs: 0 }),
        loadPapers(recordsAsLines(Array.from({ length: 40 }, (_, i) => paper(`loaded-${i}`))), papers, { batchSize: 4 }),
      ]);
    } finally {
      writing = false;
      await following;
      await ingest.close();
    }
    await follower.catchUp();
    const stored = await storedIds();
    expect(stored.length).toBeGreaterThan(40);
    expect(index.ids()).toEqual(stored);
    expect(index.maxWritesOfOnePaperPerBatch).toBe(1);
  });

  it('updates and deletes reach the follower; an unchanged reload logs nothing', async () => {
    const index = new MapIndex();
    const follower = new ChangeFollower(log, papers, index, { ...LOG_ORIGIN });
    await loadPapers(recordsAsLines([paper('x'), paper('y')]), papers);
    await follower.catchUp();
    const logged = await log.lag(LOG_ORIGIN);
    await loadPapers(recordsAsLines([paper('x'), paper('y')]), papers);
    expect(await log.lag(LOG_ORIGIN)).toMatchObject({ changes: logged.changes });
    await loadPapers(recordsAsLines([paper('x', 'Carbon paper x, revised')]), papers);
    await database.db.query(`DELETE FROM papers WHERE id = (SELECT id FROM papers WHERE title = 'Carbon paper y')`);
    expect((await follower.lag()).changes).toBe(2);
    await follower.catchUp();
    expect(index.ids()).toEqual(await storedIds());
    expect([...index.papers.values()].map((p) => p.title)).toEqual(['Carbon paper x, revised']);
    expect(await follower.lag()).toEqual({ changes: 0, seconds: 0 });
  });

  it('a follower started from a snapshot cursor after a build holds exactly the papers', async () => {
    await loadPapers(recordsAsLines([paper('s1'), paper('s2')]), papers);
    const cursor = await log.snapshotCursor();
    const index = new MapIndex();
    for await (const batch of papers.allInBatches()) await index.apply(batch, []);
    await loadPapers(recordsAsLines([paper('s3')]), papers);
    const follower = new ChangeFollower(log, papers, index, cursor);
    expect(await follower.catchUp()).toBe(1);
    expect(index.ids()).toEqual(await storedIds());
  });
});

