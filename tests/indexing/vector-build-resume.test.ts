import fs from 'node:fs';
import path from 'node:path';
import { EmbeddedEmbedder } from '../../modules/embeddings/embedder.embedded';
import { EmbeddingStore } from '../../modules/embeddings/embedding-store';
import { PaperChangeLog } from '../../modules/papers/change-log';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { EmbeddedVectorIndex } from '../../modules/vector-index/vector-index.embedded';
import type { VectorHit } from '../../modules/vector-index/vector-index.port';
import { VectorSync, type VectorSyncProgress } from '../../modules/vector-index/vector-sync';
import { createLogger } from '../../shared/logging/logger';
import { paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { makeTempDir, removeDir } from '../support/test-run';

const logger = createLogger({ level: 'silent' });
const DIMENSIONS = 64;
const PAPERS = 40;
const BATCH = 8;
const TOPICS = ['tidal energy', 'carbon capture', 'green hydrogen', 'heat pumps', 'offshore wind'];
const paper = (i: number) => paperLine(`r${i}`, { title: `${TOPICS[i % TOPICS.length]} study number ${i}`, year: 2020 + (i % 5) });

/**
 * A build of the embedded vector index from the papers table is saved as it goes (issue 30): a
 * process stopped in the middle of one leaves a snapshot and how far the build had read, and the
 * next start reopens that and adds only the rest, instead of building it all again; a whole index
 * reopens with nothing added or embedded; and the index answers searches while it is being built.
 */
describe('a vector index build cut short', () => {
  let database: TestDatabase;
  /** The stored ids in the order a build reads them (the papers table's, in its collation). */
  let ids: string[];
  beforeAll(async () => {
    database = await createTestDatabase();
    await loadPapers(recordsAsLines(Array.from({ length: PAPERS }, (_, i) => paper(i))), new PaperRepository(database.db));
    ids = (await database.db.query<{ id: string }>('SELECT id FROM papers ORDER BY id')).rows.map((r) => r.id);
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** What the vector-search module runs, saving after every batch of a build; `onSave` runs inside each save, the build waiting. */
  const open = (directory: string, onSave?: (saves: number, sync: VectorSync, index: EmbeddedVectorIndex) => Promise<void>) => {
    const index = new EmbeddedVectorIndex({ dimensions: DIMENSIONS, directory: path.join(directory, 'vectors') });
    const store = new EmbeddingStore(database.db, new EmbeddedEmbedder({ dimensions: DIMENSIONS }));
    let saves = 0;
    const sync: VectorSync = new VectorSync(new PaperRepository(database.db), new PaperChangeLog(database.db), index, store, database.url, logger, path.join(directory, 'vector-sync.json'), {
      persist: async (captured) => {
        await index.save(captured);
        await onSave?.(++saves, sync, index);
      },
      batchSize: BATCH,
      buildCheckpointEveryMs: 0,
      checkpointEveryMs: 3_600_000,
      checkpointAfterChanges: 1_000_000,
    });
    return { index, store, sync };
  };
  const close = async ({ sync, index }: { sync: VectorSync; index: EmbeddedVectorIndex }) => {
    await sync.stop();
    await index.close();
    sync.savePosition();
  };
  const queries = TOPICS.map((t) => new EmbeddedEmbedder({ dimensions: DIMENSIONS }).embedQueries([t]).then(([v]) => v!));
  const answers = async (index: EmbeddedVectorIndex): Promise<VectorHit[][]> => Promise.all(queries.map(async (q) => index.search(await q, {}, 10)));

  it('resumes where its last save ended: the next start adds and embeds only the papers the stopped one had not saved', async () => {
    const here = makeTempDir('vector-build-resume-cut');
    try {
      let during: { progress: VectorSyncProgress; hits: VectorHit[] } | undefined;
      // Stopped right after its second save, as a process told to stop (or killed) mid-build would be.
      const first = open(here, async (saves, sync, index) => {
        if (saves === 1) {
          // The build waits for this save: the index answers meanwhile, from what it holds so far.
          during = { progress: sync.progress(), hits: await index.search(await queries[0]!, {}, 3) };
        }
        if (saves === 2) void sync.stop();
      });
      await first.sync.start();
      const saved = JSON.parse(fs.readFileSync(path.join(here, 'vector-sync.json'), 'utf8')) as { resumeAfter?: string };
      expect(saved.resumeAfter).toBe(ids[2 * BATCH - 1]);
      // A crash now: no save at close, the snapshot of the second save and its state stay.
      await first.index.close({ save: false });
      expect(first.store.embedded).toBe(2 * BATCH);

      expect(during!.progress).toEqual({ phase: 'building', papers: BATCH, of: PAPERS });
      expect(during!.hits.length).toBeGreaterThan(0);
      expect(during!.hits.every((h) => ids.indexOf(h.id) < BATCH)).toBe(true);

      const second = open(here);
      await second.sync.start();
      try {
        expect(second.sync.outcome).toEqual({ how: 'resumed', reopened: 2 * BATCH, added: PAPERS - 2 * BATCH });
        // The embedder is asked only for the papers neither start had made a vector for.
        expect(first.store.embedded + second.store.embedded).toBe(PAPERS);
        expect(await second.index.count()).toBe(PAPERS);
        expect(JSON.parse(fs.readFileSync(path.join(here, 'vector-sync.json'), 'utf8'))).not.toHaveProperty('resumeAfter');

        // The same answers as an index built in one go.
        const wholeDir = makeTempDir('vector-build-resume-whole');
        try {
          const whole = open(wholeDir);
          await whole.sync.start();
          expect(whole.sync.outcome).toMatchObject({ how: 'built', added: PAPERS });
          expect(await answers(second.index)).toEqual(await answers(whole.index));
          await close(whole);
        } finally {
          removeDir(wholeDir);
        }
      } finally {
        await close(second);
      }
    } finally {
      removeDir(here);
    }
  });

  it('a whole index reopens at the next start: nothing is added to it or embedded', async () => {
    const here = makeTempDir('vector-build-reopen');
    try {
      const first = open(here);
      await first.sync.start();
      expect(first.sync.outcome).toMatchObject({ how: 'built', added: PAPERS });
      const before = await answers(first.index);
      await close(first);

      const second = open(here);
      await second.sync.start();
      try {
        expect(second.sync.outcome).toEqual({ how: 'reopened', reopened: PAPERS, added: 0 });
        expect(second.store.embedded).toBe(0);
        expect(second.sync.progress()).toEqual({ phase: 'following' });
        expect(await answers(second.index)).toEqual(before);
      } finally {
        await close(second);
      }
    } finally {
      removeDir(here);
    }
  });
});
