import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { IndexSync } from '../../modules/keyword-index/index-sync';
import { MemoryKeywordIndex } from '../../modules/keyword-index/keyword-index.memory';
import { PaperChangeLog } from '../../modules/papers/change-log';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import type { Paper } from '../../shared/papers/paper.schema';
import { beginShutdown } from '../../shared/runtime/shutdown';
import { paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { makeTempDir, removeDir } from '../support/test-run';

const TITLES = ['Tidal energy storage', 'Tidal power economics', 'Geothermal heat pumps', 'Peatland carbon', 'Mangrove carbon', 'Tidal lagoon ecology', 'Wave power economics'];

/**
 * The papers table read two papers at a time, counting what it hands out; `onBatch` runs after each
 * batch is handed out (the test stops the process there, as a SIGTERM during a long build would).
 */
class CountingRepository extends PaperRepository {
  read: string[] = [];
  onBatch?: (n: number) => void;
  override async *allInBatches(_batchSize?: number, startAfter = ''): AsyncGenerator<Paper[]> {
    let n = 0;
    for await (const batch of super.allInBatches(2, startAfter)) {
      this.read.push(...batch.map((p) => p.id));
      yield batch;
      this.onBatch?.(++n);
    }
  }
}

const search = async (index: MemoryKeywordIndex, q: string) => (await index.search({ terms: [q], filters: {}, offset: 0, limit: 20 })).hits.map((h) => h.paper.title).sort();

/**
 * A build from the papers table saves each segment as it freezes, with how far it read: a process
 * stopped in the middle of a long build (a first start at a million papers, a `gx reindex`) leaves
 * what it built on disk, and the next start reads only the rest of the table, then catches up with
 * what changed since the build began.
 */
describe('a keyword index build cut short', () => {
  let database: TestDatabase;
  let dataDir: string;
  /** The papers' ids in the table's order (the order a build reads them in). */
  let ids: string[];
  const messages: string[] = [];
  const logger = pino({ level: 'info' }, new Writable({ write(chunk, _enc, cb) { messages.push(JSON.parse(String(chunk)).msg as string); cb(); } }));

  beforeAll(async () => {
    dataDir = makeTempDir('keyword-build-resume');
    database = await createTestDatabase();
    await loadPapers(recordsAsLines(TITLES.map((title, i) => paperLine(`p${i}`, { title }))), new PaperRepository(database.db));
    ids = (await database.db.query<{ id: string }>('SELECT id FROM papers ORDER BY id')).rows.map((r) => r.id);
  });
  afterAll(async () => {
    await database?.drop();
    removeDir(dataDir);
  });

  const sync = (repository: PaperRepository, index: MemoryKeywordIndex) =>
    new IndexSync(repository, new PaperChangeLog(database.db), index, database.url, logger, { snapshotDir: path.join(dataDir, 'keyword-index') });

  it('is resumed by the next start where its saved segments end, and catches up with what changed meanwhile', async () => {
    // First start: stopped after two batches (four papers, two frozen segments of two).
    const first = new CountingRepository(database.db);
    const firstIndex = new MemoryKeywordIndex({ segmentPapers: 2 });
    const firstSync = sync(first, firstIndex);
    let stopped: Promise<void> | undefined;
    first.onBatch = (n) => {
      if (n === 2) stopped = firstSync.stop();
    };
    await firstSync.start();
    await stopped;
    await firstIndex.close();
    expect(messages).toContain('keyword index build stopped; the next start resumes it');
    expect(first.read).toEqual(ids.slice(0, 6));
    expect(fs.readdirSync(path.join(dataDir, 'keyword-index'))).toContain('manifest.bin');

    // Changed while no process ran: a paper the build had saved, and one it had not read.
    const retitle = (id: string, title: string) => database.db.query('UPDATE papers SET title = $2 WHERE id = $1', [id, title]);
    await retitle(ids[0]!, 'Wave energy storage');
    await retitle(ids[5]!, 'Salt marsh ecology');

    // Second start: reopens the two segments and reads only the papers after them.
    const second = new CountingRepository(database.db);
    const secondIndex = new MemoryKeywordIndex({ segmentPapers: 2 });
    const secondSync = sync(second, secondIndex);
    messages.length = 0;
    await secondSync.start();
    try {
      expect(messages).toContain('keyword index build cut short: resuming it');
      expect(second.read).toEqual(ids.slice(4));
      expect(await secondIndex.count()).toBe(TITLES.length);
      const titles = (await database.db.query<{ title: string }>('SELECT title FROM papers')).rows.map((r) => r.title);
      expect(await search(secondIndex, 'wave')).toEqual(titles.filter((t) => t.startsWith('Wave')).sort());
      expect(await search(secondIndex, 'marsh')).toEqual(['Salt marsh ecology']);
      expect(await search(secondIndex, 'economics')).toEqual(titles.filter((t) => t.endsWith('economics')).sort());
    } finally {
      await secondSync.stop();
      await secondIndex.close();
    }

    // Third start: the finished build was saved whole; nothing is read from the papers table.
    const third = new CountingRepository(database.db);
    const thirdIndex = new MemoryKeywordIndex({ segmentPapers: 2 });
    const thirdSync = sync(third, thirdIndex);
    messages.length = 0;
    await thirdSync.start();
    try {
      expect(messages).toContain('keyword index reopened from its snapshot and caught up');
      expect(third.read).toEqual([]);
      expect(await search(thirdIndex, 'marsh')).toEqual(['Salt marsh ecology']);
      expect(await thirdIndex.count()).toBe(TITLES.length);
    } finally {
      await thirdSync.stop();
      await thirdIndex.close();
    }
  });

  // Last: a shutdown, once begun, is this test file's for good (the module state is per file).
  it('stops at a SIGTERM during start-up, before anything could call stop, and leaves its saved part to the next start', async () => {
    fs.rmSync(path.join(dataDir, 'keyword-index'), { recursive: true, force: true });
    const repository = new CountingRepository(database.db);
    const index = new MemoryKeywordIndex({ segmentPapers: 2 });
    const starting = sync(repository, index);
    repository.onBatch = (n) => {
      if (n === 2) beginShutdown(20_000); // what `gx start` does on SIGTERM
    };
    messages.length = 0;
    await starting.start();
    try {
      expect(messages).toContain('keyword index build stopped; the next start resumes it');
      expect(repository.read).toEqual(ids.slice(0, 6));
      expect(await index.count()).toBe(0);
    } finally {
      await starting.stop();
      await index.close();
    }
    const next = new MemoryKeywordIndex();
    expect((await next.reopen(path.join(dataDir, 'keyword-index'), await new PaperChangeLog(database.db).databaseIdentity()))?.resumeAfter).toBe(ids[3]);
    expect(await next.count()).toBe(4);
    await next.close();
  });
});
