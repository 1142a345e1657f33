import { EmbeddedEmbedder, lexicalConfiguration } from '../../modules/embeddings/embedder.embedded';
import { EmbeddingStore } from '../../modules/embeddings/embedding-store';
import { LexicalFitStore } from '../../modules/embeddings/lexical-fit.store';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { paperLine } from '../support/paper-fixtures';

const CONFIGURATION = lexicalConfiguration(64);
const paper = (id: string, title: string) => paperLine(id, { title, abstract: `${title}: a study.` });

/**
 * The embedded embedder's fit lives in Postgres: the first process that needs it fits it on the
 * papers, every other process loads the same one, and it is fitted anew only after `gx reindex` (or
 * when it was made before there were any papers).
 */
describe('LexicalFitStore (real Postgres)', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database?.drop();
  });

  const store = () => new LexicalFitStore(database.db, new PaperRepository(database.db), CONFIGURATION);
  const load = (records: object[]) => loadPapers(recordsAsLines(records), new PaperRepository(database.db));
  const fitRows = async () =>
    (await database.db.query<{ fit_id: string; documents: number; fitted_at: Date }>('SELECT fit_id, documents, fitted_at FROM embedder_fits')).rows;

  it('fits once on the papers; another process loads that fit instead of making its own', async () => {
    await load([paper('a', 'Ammonia co-firing'), paper('b', 'Carbon pricing'), paper('c', 'Carbon capture')]);
    expect(await store().stored()).toBeUndefined();
    // Two processes asking at once: one fits, the other waits for it and loads it.
    const [first, second] = await Promise.all([store().current(), store().current()]);
    expect(first.documents).toBe(3);
    expect(second.id).toBe(first.id);
    expect(await fitRows()).toHaveLength(1);
    expect((await store().stored())?.id).toBe(first.id);
  });

  it('fits anew after a reindex request, once for all processes; the old fit’s vectors are dropped', async () => {
    await load([paper('a', 'Ammonia co-firing'), paper('b', 'Carbon pricing')]);
    const embedder = new EmbeddedEmbedder({ dimensions: 64, source: store() });
    await embedder.init();
    const vectors = new EmbeddingStore(database.db, embedder);
    const ids = (await database.db.query<{ id: string }>('SELECT id FROM papers ORDER BY id')).rows.map((r) => r.id);
    await vectors.vectorsFor(ids);
    const before = embedder.model;

    expect(await embedder.refresh()).toBe(false); // nothing asked for a new fit
    await load([paper('c', 'Offshore wind')]);
    await database.db.query("INSERT INTO reindex_requests (requested_by) VALUES ('test')");
    const [refreshed, other] = await Promise.all([embedder.refresh(), store().fresh()]);
    expect(refreshed).toBe(true);
    expect(embedder.model).not.toBe(before);
    expect(other.id).toBe(embedder.model.split(':').pop());
    expect((await fitRows())[0]!.documents).toBe(3);
    const { rows } = await database.db.query<{ model: string }>('SELECT DISTINCT model FROM paper_embeddings');
    expect(rows.map((r) => r.model)).not.toContain(before);
  });

  it('a fit made before there were papers is made again once papers have come', async () => {
    const empty = await store().current();
    expect(empty.documents).toBe(0);
    expect((await store().fresh()).id).toBe(empty.id); // still no papers: kept
    await load([paper('a', 'Ammonia co-firing')]);
    const fit = await store().fresh();
    expect(fit.documents).toBe(1);
    expect(fit.id).not.toBe(empty.id);
  });
});
