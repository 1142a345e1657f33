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
const paper = (id: string) => paperLine(id, { title: `Offshore wind study ${id}`, year: 2022 });

/**
 * The in-process vector index and the log position saved beside it always describe the same
 * content: a process that dies after following more changes than it saved reopens the last saved
 * pair and applies what came after it, so nothing is skipped.
 */
describe('the vector index and its saved log position', () => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = makeTempDir('vector-position');
  });
  afterAll(async () => {
    await database?.drop();
    removeDir(dir);
  });

  const papers = () => new PaperRepository(database.db);
  const open = () => {
    const index = new EmbeddedVectorIndex({ dimensions: DIMENSIONS, directory: path.join(dir, 'vectors') });
    const store = new EmbeddingStore(database.db, new EmbeddedEmbedder({ dimensions: DIMENSIONS }));
    const sync = new VectorSync(papers(), new PaperChangeLog(database.db), index, store, database.url, logger, path.join(dir, 'vector-sync.json'));
    return { index, sync };
  };

  it('a crash after following further than the last save loses nothing at the next start', async () => {
    await loadPapers(recordsAsLines(Array.from({ length: 10 }, (_, i) => paper(`a${i}`))), papers());
    const first = open();
    await first.sync.start();
    await first.sync.stop();
    await first.index.close();
    first.sync.savePosition(); // a clean shutdown: index, then position

    const second = open();
    await second.sync.start();
    await loadPapers(recordsAsLines(Array.from({ length: 5 }, (_, i) => paper(`b${i}`))), papers());
    await second.sync.catchUp();
    expect(await second.index.count()).toBe(15);
    await second.sync.stop(); // then the process dies: neither the index nor its position is saved

    const third = open();
    await third.sync.start();
    try {
      expect(await third.index.count()).toBe(15);
    } finally {
      await third.sync.stop();
      await third.index.close();
    }
  });
});
