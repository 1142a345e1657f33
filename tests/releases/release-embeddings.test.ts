import { EmbeddedEmbedder } from '../../modules/embeddings/embedder.embedded';
import { EmbeddingStore, pruneEmbeddings } from '../../modules/embeddings/embedding-store';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { ReleaseCorpus } from '../../modules/releases/release-corpus';
import { cutDatasetRelease } from '../../modules/releases';
import { FrozenVectorSearch } from '../../modules/vector-index/release-vectors';
import { newPaper, paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testConfig } from '../support/test-run';

const first = paperLine('emb-a', { title: 'Hydrogen storage in salt caverns', abstract: 'Storage at scale.' });
const other = paperLine('emb-b', { title: 'Carbon pricing in Japan', abstract: 'A tax on carbon.' });
const id = newPaper(first).id;

/** Passage vectors kept per content: a release keeps the vectors of what it recorded; the retention and each cut drop what nobody needs. */
describe('passage vectors per content, for releases (real Postgres)', () => {
  let database: TestDatabase;
  const settings = testConfig().releases;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database?.drop();
  });

  const load = (records: object[]) => loadPapers(recordsAsLines(records), new PaperRepository(database.db));
  const store = () => new EmbeddingStore(database.db, new EmbeddedEmbedder({ dimensions: 64 }));
  const storedHashes = async () =>
    (await database.db.query<{ content_hash: string }>('SELECT content_hash FROM paper_embeddings WHERE paper_id = $1 ORDER BY created_at, content_hash', [id])).rows.map((r) => r.content_hash);
  const currentHash = async () => (await database.db.query<{ content_hash: string }>('SELECT content_hash FROM papers WHERE id = $1', [id])).rows[0]!.content_hash;

  it('keeps the vector a kept release needs, drops one nobody needs, and keeps the current one', async () => {
    await load([first, other]);
    await store().vectorsFor([id]);
    const recorded = await currentHash();
    await cutDatasetRelease(database.db, settings, { now: new Date('2026-11-01T00:00:00Z') });
    const record = await database.db.query<{ content_hash: string }>('SELECT content_hash FROM release_records WHERE paper_id = $1', [id]);
    expect(record.rows.map((r) => r.content_hash)).toEqual([recorded]);

    // Two changes before the next cut: the middle content is in no release and is no paper's now.
    await load([{ ...first, title: 'Hydrogen storage, second take' }]);
    await store().vectorsFor([id]);
    const middle = await currentHash();
    await load([{ ...first, title: 'Hydrogen storage, third take' }]);
    await store().vectorsFor([id]);
    const now = await currentHash();
    expect(new Set(await storedHashes())).toEqual(new Set([recorded, middle, now]));

    expect(await pruneEmbeddings(database.db)).toBe(1);
    expect(new Set(await storedHashes())).toEqual(new Set([recorded, now]));
    // A second cut (which prunes too) records the current content: both stay, the release's and the paper's.
    await cutDatasetRelease(database.db, settings, { now: new Date('2026-11-02T00:00:00Z') });
    expect(new Set(await storedHashes())).toEqual(new Set([recorded, now]));
  });

  it('drops a release\'s vectors once the release is past its retention', async () => {
    await load([first, other]);
    await store().vectorsFor([id]);
    const recorded = await currentHash();
    await cutDatasetRelease(database.db, settings, { now: new Date('2026-01-01T00:00:00Z') });
    await load([{ ...first, title: 'Hydrogen storage, revised' }]);
    await store().vectorsFor([id]);
    await cutDatasetRelease(database.db, settings, { now: new Date('2026-01-02T00:00:00Z') });
    expect(await storedHashes()).toContain(recorded);
    // A cut past the first release's retention (counted from the second's cut) expires it, and its vector with it.
    await load([{ ...first, title: 'Hydrogen storage, revised again' }]);
    await cutDatasetRelease(database.db, settings, { now: new Date(Date.parse('2026-01-02T00:00:00Z') + (settings.retentionDays + 1) * 86_400_000) });
    expect(await storedHashes()).not.toContain(recorded);
  });

  it('builds a release\'s vectors from what it recorded, embedding a content that has no vector yet once, and the same after the paper moved on', async () => {
    await load([first, other]);
    await cutDatasetRelease(database.db, settings, { now: new Date('2026-11-01T00:00:00Z') });
    const corpus = new ReleaseCorpus(database.db, 1);
    const building = store();
    const built = await FrozenVectorSearch.build(building, 64, corpus.contentsInBatches(1));
    expect(built.size).toBe(2);
    expect(building.embedded).toBe(2);
    const query = (await new EmbeddedEmbedder({ dimensions: 64 }).embedQueries(['hydrogen storage']))[0]!;
    const hits = built.search(query, {}, 5);
    expect(hits[0]!.id).toBe(id);

    await load([{ ...first, title: 'Carbon capture instead' }]);
    await store().vectorsFor([id]);
    const again = store();
    const rebuilt = await FrozenVectorSearch.build(again, 64, corpus.contentsInBatches());
    // Read, not embedded again: the release's vectors are fixed.
    expect(again.embedded).toBe(0);
    expect(rebuilt.search(query, {}, 5)).toEqual(hits);
  });
});
