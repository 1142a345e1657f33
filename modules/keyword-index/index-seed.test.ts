import fs from 'node:fs';
import path from 'node:path';
import { FIXTURE_PAPERS, paper } from '../../tests/contract/fixture-papers';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { makeTempDir, removeDir } from '../../tests/support/test-run';
import { splitTerms } from '../../shared/text/normalize';
import { MANIFEST } from './index-files';
import { advisoryLock, CopyStopped, IndexSeed, type SeedLock } from './index-seed';
import { MemoryKeywordIndex } from './keyword-index.memory';
import type { IndexCheckpoint, KeywordQuery } from './keyword-index.port';

const AT: IndexCheckpoint = { database: 'db-1', cursor: { position: '42' }, reindex: '7' };
const QUERIES = ['水素', 'hydrogen', 'carbon', 'climate finance', 'co2', '排出'].map((q): KeywordQuery => ({ terms: splitTerms(q), filters: {}, offset: 0, limit: 50, facets: ['topic', 'lang', 'year'] }));
const answers = async (index: MemoryKeywordIndex) => Promise.all(QUERIES.map((q) => index.search(q)));
const accept = async () => undefined;
const segments = (dir: string) => fs.readdirSync(dir).filter((f) => f.startsWith('segment-')).sort();

/**
 * The seed of the embedded keyword index (INDEX_SEED_DIR): a publication copies a process's last
 * checkpoint there whole or not at all, a process without files copies it back and answers as the
 * publisher did, and publishers take turns by an advisory lock of the database.
 */
describe('IndexSeed', () => {
  let database: TestDatabase;
  let lock: SeedLock;
  let root: string;
  let publisherDir: string;
  let seed: IndexSeed;
  const open: MemoryKeywordIndex[] = [];
  const index = (segmentPapers = 4) => {
    const made = new MemoryKeywordIndex({ segmentPapers });
    open.push(made);
    return made;
  };

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    lock = advisoryLock(database.db);
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(() => {
    root = makeTempDir('keyword-seed');
    publisherDir = path.join(root, 'publisher');
    seed = new IndexSeed(path.join(root, 'seed'), lock);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((i) => i.close()));
    removeDir(root);
  });

  it('copies a checkpoint out and back: the copy reopens without a rebuild and answers as the publisher does', async () => {
    const publisher = index();
    await publisher.upsert(FIXTURE_PAPERS);
    await publisher.checkpoint(publisherDir, AT);
    const published = await seed.publish(publisherDir);
    expect(published).toMatchObject({ state: 'published', replaced: 'nothing', copy: { at: AT } });
    expect(segments(seed.dir)).toEqual(segments(publisherDir));

    const replicaDir = path.join(root, 'replica');
    const judged: IndexCheckpoint[] = [];
    const taken = await seed.take(replicaDir, async (at) => void judged.push(at));
    expect(taken).toMatchObject({ at: AT, files: segments(publisherDir).length, copied: segments(publisherDir).length });
    expect(judged).toEqual([AT]);
    const replica = index();
    expect(await replica.reopen(replicaDir, AT.database)).toEqual(AT);
    expect(await answers(replica)).toEqual(await answers(publisher));
  });

  it('publishes only what is newer than the seed, copying the new segments alone, and keeps the previous publication whole', async () => {
    const publisher = index();
    await publisher.upsert(FIXTURE_PAPERS.slice(0, 12));
    await publisher.checkpoint(publisherDir, AT);
    await seed.publish(publisherDir);
    const first = segments(seed.dir);
    expect(await seed.publish(publisherDir)).toEqual({ state: 'current' });

    await publisher.upsert(FIXTURE_PAPERS.slice(12));
    const later = { ...AT, cursor: { position: '50' } };
    await publisher.checkpoint(publisherDir, later);
    const second = await seed.publish(publisherDir);
    expect(second).toMatchObject({ state: 'published', replaced: 'an older copy', copy: { at: later, copied: segments(publisherDir).length - first.length } });
    // The previous manifest and its segments stay for a reader still copying them.
    expect(fs.readdirSync(seed.dir)).toContain('manifest-previous.bin');
    expect(segments(seed.dir)).toEqual(expect.arrayContaining(first));

    // Content of an earlier position never replaces the seed's.
    const behind = index();
    await behind.upsert(FIXTURE_PAPERS);
    const behindDir = path.join(root, 'behind');
    await behind.checkpoint(behindDir, AT);
    expect(await seed.publish(behindDir)).toEqual({ state: 'current' });
    // A later reindex does, whatever its position; another database's copy is replaced too.
    await behind.checkpoint(behindDir, { ...AT, reindex: '8' });
    expect(await seed.publish(behindDir)).toMatchObject({ state: 'published', replaced: 'an older copy' });
    await behind.checkpoint(behindDir, { ...AT, database: 'db-2' });
    expect(await seed.publish(behindDir)).toMatchObject({ state: 'published', replaced: 'another database' });
    // Segments named by neither the seed's manifest nor the previous one are gone.
    expect(segments(seed.dir)).toEqual(segments(behindDir));
  });

  it('never hands out a half-written publication: one cut short leaves the previous whole, and its leftovers are ignored and cleared', async () => {
    const publisher = index(2);
    await publisher.upsert(FIXTURE_PAPERS.slice(0, 6));
    await publisher.checkpoint(publisherDir, AT);
    await seed.publish(publisherDir);
    const expected = await answers(publisher);

    // A second publication stopped after its first segment file (the process stopping mid-copy).
    await publisher.upsert(FIXTURE_PAPERS.slice(6));
    await publisher.checkpoint(publisherDir, { ...AT, cursor: { position: '60' } });
    let files = 0;
    await expect(seed.publish(publisherDir, () => files++ > 0)).rejects.toBeInstanceOf(CopyStopped);
    // And what a crash would leave: a manifest and a segment beside their names.
    fs.writeFileSync(path.join(seed.dir, `${MANIFEST}.dead.tmp`), 'half a manifest');
    fs.writeFileSync(path.join(seed.dir, 'segment-999-dead.bin.dead.tmp'), 'half a segment');

    const replicaDir = path.join(root, 'replica');
    expect(await seed.take(replicaDir, accept)).toMatchObject({ at: AT });
    const replica = index();
    expect(await replica.reopen(replicaDir, AT.database)).toEqual(AT);
    expect(await answers(replica)).toEqual(expected);
    expect(fs.readdirSync(replicaDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    // The next publication clears the leftovers and goes through.
    expect(await seed.publish(publisherDir)).toMatchObject({ state: 'published', copy: { at: { cursor: { position: '60' } } } });
    expect(fs.readdirSync(seed.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('copies nothing the judge refuses, and nothing from a seed without a whole manifest', async () => {
    const replicaDir = path.join(root, 'replica');
    expect(await seed.take(replicaDir, accept)).toBeUndefined();
    const publisher = index();
    await publisher.upsert(FIXTURE_PAPERS);
    await publisher.checkpoint(publisherDir, AT);
    await seed.publish(publisherDir);
    expect(await seed.take(replicaDir, async (at) => (at.database === 'db-2' ? undefined : 'another database'))).toEqual({ refused: 'another database' });
    expect(fs.readdirSync(replicaDir)).toEqual([]);
    fs.truncateSync(path.join(seed.dir, MANIFEST), 100);
    expect(await seed.take(replicaDir, accept)).toBeUndefined();
    expect(fs.readdirSync(replicaDir)).toEqual([]);
  });

  it('a segment the source removed while it was copied (a merge) makes the copy start again from the newer manifest', async () => {
    const publisher = index();
    await publisher.upsert(FIXTURE_PAPERS);
    await publisher.checkpoint(publisherDir, AT);
    await seed.publish(publisherDir);
    // Between reading the manifest and copying its segments, the seed moves on and drops one of them.
    const replicaDir = path.join(root, 'replica');
    const moved = index();
    await moved.upsert([...FIXTURE_PAPERS, paper({ id: 'tidal', title: 'Tidal lagoon ecology', year: 2024 })]);
    const movedDir = path.join(root, 'moved');
    const later = { ...AT, cursor: { position: '99' } };
    await moved.checkpoint(movedDir, later);
    let judged = 0;
    const taken = await seed.take(replicaDir, async () => {
      if (judged++ > 0) return undefined;
      await seed.publish(movedDir);
      // A later publication after that one: what the first manifest named is collected.
      fs.rmSync(path.join(seed.dir, 'manifest-previous.bin'));
      for (const name of segments(seed.dir)) if (!segments(movedDir).includes(name)) fs.rmSync(path.join(seed.dir, name));
      return undefined;
    });
    expect(judged).toBe(2);
    expect(taken).toMatchObject({ at: later });
    const replica = index();
    expect(await replica.reopen(replicaDir, AT.database)).toEqual(later);
    expect(await replica.count()).toBe(FIXTURE_PAPERS.length + 1);
  });

  it('publishers take turns: one finding another publishing skips its publication', async () => {
    const publisher = index();
    await publisher.upsert(FIXTURE_PAPERS);
    await publisher.checkpoint(publisherDir, AT);
    const other = new IndexSeed(seed.dir, advisoryLock(database.db));
    const inner = await lock(() => other.publish(publisherDir));
    expect(inner).toEqual({ state: 'busy' });
    expect(fs.existsSync(path.join(seed.dir, MANIFEST))).toBe(false);
    expect(await other.publish(publisherDir)).toMatchObject({ state: 'published' });
  });
});
