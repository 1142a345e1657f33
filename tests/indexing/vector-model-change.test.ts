import fs from 'node:fs';
import path from 'node:path';
import { EmbeddingStore } from '../../modules/embeddings/embedding-store';
import { OnnxEmbedder } from '../../modules/embeddings/embedder.onnx';
import { PaperChangeLog } from '../../modules/papers/change-log';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { EmbeddedVectorIndex } from '../../modules/vector-index/vector-index.embedded';
import { VectorSync } from '../../modules/vector-index/vector-sync';
import { createLogger } from '../../shared/logging/logger';
import { paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { makeTempDir, removeDir, scratchDir } from '../support/test-run';
import { writeTinyModel, type TinyModelOptions } from '../support/tiny-onnx-model';

const logger = createLogger({ level: 'silent' });
const TITLES = ['Carbon pricing policy', 'Hydrogen supply chain', 'Green bonds and climate risk', 'Energy transition policy', 'Climate risk in supply chains', 'Hydrogen energy transition'];

/**
 * A process-local vector index saved with one model is never reopened by another: a restart with a
 * changed EMBEDDING_MODEL_DIR builds the index from nothing, whatever the length of the vectors it
 * saved and whatever was deleted while the process was down (docs/data-api.md, "A model in process").
 */
describe('the vector index after a change of model', () => {
  let database: TestDatabase;
  let dir: string;
  const embedders: OnnxEmbedder[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = makeTempDir('vector-model-change');
    await loadPapers(recordsAsLines(TITLES.map((title, i) => paperLine(`m${i}`, { title }))), papers());
  });
  afterAll(async () => {
    await Promise.all(embedders.map((e) => e.close()));
    await database?.drop();
    removeDir(dir);
  });

  function papers() {
    return new PaperRepository(database.db);
  }
  const modelsDir = scratchDir('tiny-models');
  const model = (name: string, options: TinyModelOptions) => {
    const modelDir = path.join(modelsDir, name);
    fs.mkdirSync(modelDir);
    return writeTinyModel(modelDir, { name: `tiny-test/${name}`, ...options });
  };
  const models = {
    first: model('first', { hidden: 8 }),
    // The same length, other weights: only the fingerprint tells it from the first.
    reweighted: model('reweighted', { hidden: 8, seed: 21 }),
    wider: model('wider', { hidden: 12 }),
  };

  /** What the vector-search module runs, on a model directory; stopped and saved as at a clean shutdown. */
  async function run<T>(modelDir: string, fn: (index: EmbeddedVectorIndex) => Promise<T>): Promise<T> {
    const embedder = new OnnxEmbedder({ modelDir, queryPrefix: 'query: ', passagePrefix: 'passage: ', batchSize: 8, timeoutMs: 10_000, queryTimeoutMs: 10_000 });
    embedders.push(embedder);
    const index = new EmbeddedVectorIndex({ dimensions: embedder.dimensions, directory: path.join(dir, 'vectors') });
    const sync = new VectorSync(papers(), new PaperChangeLog(database.db), index, new EmbeddingStore(database.db, embedder), database.url, logger, path.join(dir, 'vector-sync.json'));
    await sync.start();
    try {
      return await fn(index);
    } finally {
      await sync.stop();
      await index.close();
      sync.savePosition();
    }
  }
  const ids = async (index: EmbeddedVectorIndex, query: Float32Array) => (await index.search(query, {}, 50)).map((h) => h.id).sort();
  const stored = async () => (await papers().findByIds((await database.db.query<{ id: string }>('SELECT id FROM papers')).rows.map((r) => r.id))).map((p) => p.id).sort();

  it('another model of the same length: built from nothing, without the papers deleted while the process was down', async () => {
    await run(models.first, async (index) => expect(await index.count()).toBe(TITLES.length));
    const [gone] = (await database.db.query<{ id: string }>('DELETE FROM papers WHERE id = (SELECT min(id) FROM papers) RETURNING id')).rows;
    await run(models.reweighted, async (index) => {
      expect(await index.count()).toBe(TITLES.length - 1);
      expect(await ids(index, new Float32Array(8).fill(1))).toEqual(await stored());
      expect(await ids(index, new Float32Array(8).fill(1))).not.toContain(gone!.id);
    });
  });

  it('a model of another length: built from nothing, not refused for the length of the saved vectors', async () => {
    await run(models.wider, async (index) => {
      expect(index.dimensions).toBe(12);
      expect(await index.count()).toBe(TITLES.length - 1);
      expect(await ids(index, new Float32Array(12).fill(1))).toEqual(await stored());
    });
    // And back to the first: rebuilt again (its vectors are still in Postgres, so nothing is embedded anew).
    await run(models.first, async (index) => expect(await index.count()).toBe(TITLES.length - 1));
  });
});
