import fs from 'node:fs';
import path from 'node:path';
import { EmbeddedEmbedder } from '../../modules/embeddings/embedder.embedded';
import { EmbeddingStore } from '../../modules/embeddings/embedding-store';
import { createLogger } from '../../shared/logging/logger';
import { PaperChangeLog } from '../../modules/papers/change-log';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { EmbeddedVectorIndex } from '../../modules/vector-index/vector-index.embedded';
import { VectorSync } from '../../modules/vector-index/vector-sync';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { makeTempDir, removeDir } from '../support/test-run';
import { paperLine } from '../support/paper-fixtures';

const logger = createLogger({ level: 'silent' });
const DIMENSIONS = 64;
const paper = (id: string) => paperLine(id, { title: `Tidal energy study ${id}`, year: 2023 });

/**
 * The embedded vector index is saved while the process runs (after a build, then periodically), so
 * a shutdown that has no time left for a last save (SHUTDOWN_GRACE_SECONDS) loses nothing: the next
 * start reopens the last checkpoint and applies what the change log holds after it.
 */
describe('vector index checkpoints', () => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = makeTempDir('vector-checkpoint');
  });
  afterAll(async () => {
    await database?.drop();
    removeDir(dir);
  });

  const papers = () => new PaperRepository(database.db);
  const stateFile = () => path.join(dir, 'vector-sync.json');
  const open = () => {
    const index = new EmbeddedVectorIndex({ dimensions: DIMENSIONS, directory: path.join(dir, 'vectors') });
    const store = new EmbeddingStore(database.db, new EmbeddedEmbedder({ dimensions: DIMENSIONS }));
    // Checkpoints are asked for explicitly here: no timer or change count triggers one during the test.
    const sync = new VectorSync(papers(), new PaperChangeLog(database.db), index, store, database.url, logger, stateFile(), {
      persist: () => index.save(),
      checkpointEveryMs: 3_600_000,
      checkpointAfterChanges: 1_000_000,
    });
    return { index, sync };
  };
  const savedPosition = () => BigInt((JSON.parse(fs.readFileSync(stateFile(), 'utf8')) as { cursor: { position: string } }).cursor.position);

  it('saves after the build and at each checkpoint; a close without a last save loses nothing', async () => {
    await loadPapers(recordsAsLines(Array.from({ length: 8 }, (_, i) => paper(`a${i}`))), papers());
    const first = open();
    await first.sync.start();
    await first.sync.checkpoint(); // the one the build asked for, done
    expect(fs.readFileSync(path.join(dir, 'vectors', 'CURRENT'), 'utf8')).toMatch(/^snapshot-/);
    const afterBuild = savedPosition();

    await loadPapers(recordsAsLines(Array.from({ length: 4 }, (_, i) => paper(`b${i}`))), papers());
    await first.sync.catchUp();
    await first.sync.checkpoint();
    expect(savedPosition()).toBeGreaterThan(afterBuild);

    // More changes, then a shutdown with no time for a save: neither the index nor its position is written.
    await loadPapers(recordsAsLines(Array.from({ length: 3 }, (_, i) => paper(`c${i}`))), papers());
    await first.sync.catchUp();
    expect(await first.index.count()).toBe(15);
    const position = savedPosition();
    await first.sync.stop();
    await first.index.close({ save: false });
    expect(savedPosition()).toBe(position);

    const second = open();
    await second.sync.start();
    try {
      expect(await second.index.count()).toBe(15);
    } finally {
      await second.sync.stop();
      await second.index.close();
      second.sync.savePosition();
    }
  });
});
