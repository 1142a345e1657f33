import { EmbeddedEmbedder } from '../../modules/embeddings/embedder.embedded';
import { EmbeddingStore } from '../../modules/embeddings/embedding-store';
import { createLogger } from '../../shared/logging/logger';
import { PaperChangeLog } from '../../modules/papers/change-log';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { EmbeddedVectorIndex } from '../../modules/vector-index/vector-index.embedded';
import { vectorConsumer, type IndexConsumer } from '../../services/indexer/index-consumers';
import { LeaderLock } from '../../services/indexer/leader-lock';
import { INDEXER_LOCK_KEY } from '../../services/indexer/module';
import { SharedIndexer } from '../../services/indexer/shared-indexer';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';
import { MapIndex } from './map-index';
import { paperLine } from '../support/paper-fixtures';

const logger = createLogger({ level: 'silent' });
const paper = (id: string) => paperLine(id, { title: `Hydrogen storage study ${id}`, abstract: `Carbon and hydrogen, case ${id}.`, year: 2023 });
const OPTIONS = { batchSize: 10, attempts: 2, backoffMs: 5, pollMs: 20 };

/** Counts every passage the embedding service is asked for. */
class CountingEmbedder extends EmbeddedEmbedder {
  passages = 0;
  override async embedPassages(texts: string[]): Promise<Float32Array[]> {
    this.passages += texts.length;
    return super.embedPassages(texts);
  }
}

/** A MapIndex as a shared index, with faults on demand. */
function mapConsumer(name: string, index: MapIndex, fault?: (upserts: string[]) => Error | undefined): IndexConsumer {
  return {
    name,
    init: async () => undefined,
    async apply(upserts, deletes) {
      const err = fault?.(upserts.map((p) => p.id));
      if (err) throw err;
      await index.apply(upserts, deletes);
    },
    async rebuild(batches) {
      index.papers.clear();
      for await (const batch of batches) await index.apply(batch, []);
    },
    close: async () => undefined,
  };
}

/**
 * The indexer applies the change log to the shared indexes exactly once per change, with real
 * Postgres: leadership, a leader that dies mid-batch, an engine down for a while, a paper an index
 * keeps refusing, a reindex. Afterwards every index holds exactly the papers of Postgres, and each
 * paper was embedded once.
 */
describe('the shared indexer', () => {
  let database: TestDatabase;
  let papers: PaperRepository;
  const running: SharedIndexer[] = [];

  beforeEach(async () => {
    database = await createTestDatabase();
    papers = new PaperRepository(database.db);
  });
  afterEach(async () => {
    for (const indexer of running.splice(0)) await indexer.stop();
    await database?.drop();
  });

  const load = (ids: string[]) => loadPapers(recordsAsLines(ids.map(paper)), papers, { batchSize: 4 });
  const storedIds = async () => (await database.db.query<{ id: string }>('SELECT id FROM papers ORDER BY id')).rows.map((r) => r.id);
  const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(2, '0')}`);

  function startIndexer(consumers: IndexConsumer[]): SharedIndexer {
    const indexer = new SharedIndexer(
      { log: new PaperChangeLog(database.db), papers, lock: new LeaderLock(database.url, INDEXER_LOCK_KEY, logger), consumers, logger },
      OPTIONS,
    );
    indexer.start();
    running.push(indexer);
    return indexer;
  }

  const caughtUp = (indexer: SharedIndexer) =>
    waitFor('the indexer to apply the whole log', async () => Object.values(await indexer.lag()).every((l) => l.changes === 0));

  it('applies every change to every shared index, and reports lag until it has', async () => {
    const keyword = new MapIndex();
    const embedder = new CountingEmbedder();
    const vectors = new EmbeddedVectorIndex({ dimensions: embedder.dimensions });
    await load(ids('a', 25));
    const indexer = startIndexer([mapConsumer('keyword', keyword), vectorConsumer(vectors, new EmbeddingStore(database.db, embedder), 'vectors')]);
    await caughtUp(indexer);
    await load(ids('b', 12));
    indexer.nudge();
    await caughtUp(indexer);
    expect(keyword.ids()).toEqual(await storedIds());
    expect(await vectors.count()).toBe(37);
    expect(embedder.passages).toBe(37);
  });

  it('only one of two instances leads; each change is applied once', async () => {
    const index = new MapIndex();
    await load(ids('p', 30));
    const first = startIndexer([mapConsumer('keyword', index)]);
    const second = startIndexer([mapConsumer('keyword', index)]);
    await caughtUp(first);
    expect(index.ids()).toEqual(await storedIds());
    expect(index.writes).toBe(30);
    expect(first.state().length + second.state().length).toBe(1);
  });

  it('a leader that dies mid-batch is replaced; nothing is lost, doubled, or embedded twice', async () => {
    const embedder = new CountingEmbedder();
    const store = () => new EmbeddingStore(database.db, embedder);
    await load(ids('k', 23));
    // The first leader embeds its batch, then hangs while writing it: as good as dead.
    let hung: () => void = () => undefined;
    const stuck = new EmbeddedVectorIndex({ dimensions: embedder.dimensions });
    const dying = vectorConsumer(stuck, store(), 'vectors');
    const first = startIndexer([{ ...dying, apply: async (u, d) => { await dying.apply([], d); await store().vectorsFor(u.map((p) => p.id)); await new Promise<void>((resolve) => (hung = resolve)); } }]);
    await waitFor('the first leader to embed its batch', () => embedder.passages >= OPTIONS.batchSize);
    // Its process dies: Postgres ends its session and with it the leader lock.
    await (first as unknown as { deps: { lock: LeaderLock } }).deps.lock.release();

    const healthy = new EmbeddedVectorIndex({ dimensions: embedder.dimensions });
    const second = startIndexer([vectorConsumer(healthy, store(), 'vectors')]);
    await caughtUp(second);
    hung(); // the old leader wakes up: fenced off, it writes no position
    expect(await healthy.count()).toBe(23);
    expect(embedder.passages).toBe(23);
    expect(await new PaperChangeLog(database.db).lag((await new PaperChangeLog(database.db).position('embedded:vectors'))!)).toMatchObject({ changes: 0 });
  });

  it('an engine down for a while: batches wait and retry, nothing is set aside', async () => {
    const index = new MapIndex();
    let failuresLeft = 7;
    await load(ids('d', 15));
    const indexer = startIndexer([mapConsumer('keyword', index, () => (failuresLeft-- > 0 ? new Error('connect ECONNREFUSED') : undefined))]);
    await caughtUp(indexer);
    expect(failuresLeft).toBeLessThan(0);
    expect(index.ids()).toEqual(await storedIds());
    expect((await database.db.query('SELECT * FROM index_dead_letters')).rows).toEqual([]);
  });

  it('a paper an index keeps refusing gets a dead-letter record; the others go in and the log moves on', async () => {
    const index = new MapIndex();
    await load(ids('r', 12));
    const [poison] = (await storedIds()).slice(3, 4);
    let refusing = true;
    const indexer = startIndexer([mapConsumer('keyword', index, (batch) => (refusing && batch.includes(poison!) ? new Error('mapper_parsing_exception') : undefined))]);
    await caughtUp(indexer);
    expect(index.ids()).toEqual((await storedIds()).filter((id) => id !== poison));
    const letters = async () => (await database.db.query('SELECT consumer, paper_id, error FROM index_dead_letters')).rows;
    expect(await letters()).toEqual([{ consumer: 'keyword', paper_id: poison, error: 'mapper_parsing_exception' }]);

    // Mended (the mapping fixed, say), the paper's next change goes in and its dead letter goes.
    refusing = false;
    await database.db.query(`UPDATE papers SET title = title || ' (corrected)' WHERE id = $1`, [poison]);
    indexer.nudge();
    await caughtUp(indexer);
    expect(index.ids()).toEqual(await storedIds());
    expect(await letters()).toEqual([]);
  });

  it('a reindex replays the log from its start into a new version, deletes included', async () => {
    const index = new MapIndex();
    await load(ids('x', 14));
    const indexer = startIndexer([mapConsumer('keyword', index)]);
    await caughtUp(indexer);
    index.papers.set('stale', index.papers.values().next().value!);
    await database.db.query(`DELETE FROM papers WHERE id = (SELECT min(id) FROM papers)`);
    await new PaperChangeLog(database.db).requestReindex('test');
    indexer.nudge();
    await waitFor('the reindex', async () => !index.papers.has('stale') && (await storedIds()).join() === index.ids().join());
    await caughtUp(indexer);
    expect(index.ids()).toEqual(await storedIds());
  });

  it('a reindex asked for while no indexer ran is acted on by the next leader, once', async () => {
    const index = new MapIndex();
    await load(ids('q', 6));
    const log = new PaperChangeLog(database.db);
    // The index is current (its position at the end of the log) but holds something it should not.
    await log.savePosition('keyword', await log.snapshotCursor());
    index.papers.set('stale', (await papers.findByIds((await storedIds()).slice(0, 1)))[0]!);
    await log.requestReindex('test');
    const indexer = startIndexer([mapConsumer('keyword', index)]);
    // The rebuild empties the index first, so the stale entry goes before the papers come back.
    const stored = (await storedIds()).join();
    await waitFor('the reindex', () => !index.papers.has('stale') && index.ids().join() === stored);
    await caughtUp(indexer);
    const writes = index.writes;
    indexer.nudge();
    await caughtUp(indexer);
    expect(index.writes).toBe(writes);
  });
});
