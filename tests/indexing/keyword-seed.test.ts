import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { makeTempDir, removeDir } from '../support/test-run';
import { paperLine } from '../support/paper-fixtures';
import { waitFor } from '../support/wait-for';

const paper = (id: string, title: string) => paperLine(id, { title });
const TOKEN = 'keyword-seed-service-token';
const QUERIES = ['tidal', 'power', 'wave', 'geothermal', 'lagoon', 'economics'];

interface Started {
  app: TestProcess;
  /** Every line it has logged so far. */
  lines: { msg: string; [field: string]: unknown }[];
  logged(msg: string): { msg: string; [field: string]: unknown } | undefined;
}

/** Starts the public search (`--target public-search`) on a DATA_DIR of its own, with `env` added, keeping its log. */
async function start(database: TestDatabase, dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const lines: Started['lines'] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)));
      cb();
    },
  });
  const app = await startTestProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, SERVICE_TOKEN: TOKEN, ...env }, 'public-search', pino({ level: 'info' }, sink));
  return { app, lines, logged: (msg) => lines.find((l) => l.msg === msg) };
}

/** What a search answers that depends on the index's content: the total, the hits in order, the facets. */
async function answer(url: string, q: string) {
  const body = (await request(url).get('/api/v1/papers/search').query({ q, facets: 'topic,year' }).expect(200)).body;
  return { q, total: body.total, ids: body.results.map((r: { id: string }) => r.id), facets: body.facets };
}
const answers = (url: string) => Promise.all(QUERIES.map((q) => answer(url, q)));
const segmentFiles = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^segment-.+\.bin$/.test(f)).sort() : []);

/**
 * A process with a fresh DATA_DIR on a shared Postgres (a new pod) takes the keyword index another
 * process published to INDEX_SEED_DIR and catches up from the change log, instead of building the
 * index from Postgres; a seed it cannot catch up from (another database's, or older than the log's
 * retention of removals) is refused with a warning, and the process builds its own.
 */
describe('the keyword index seed (INDEX_SEED_DIR)', () => {
  let database: TestDatabase;
  let root: string;
  let seedDir: string;
  let publisher: Started | undefined;

  beforeAll(async () => {
    root = makeTempDir('keyword-seed-replica');
    seedDir = path.join(root, 'seed');
    database = await createTestDatabase();
    await loadPapers(recordsAsLines([paper('a', 'Tidal energy storage'), paper('b', 'Tidal power economics'), paper('c', 'Geothermal heat pumps')]), new PaperRepository(database.db));
  });
  afterAll(async () => {
    await publisher?.app.stop();
    await database?.drop();
    removeDir(root);
  });

  it('is published by the process told to, and a fresh DATA_DIR copies it, catches up with the changes made since, and answers as the publisher does', async () => {
    publisher = await start(database, path.join(root, 'publisher'), { INDEX_SEED_DIR: seedDir, INDEX_SEED_PUBLISH: 'true' });
    expect(publisher.logged('keyword index built from Postgres')).toBeDefined();
    const published = await waitFor('the first publication', () => publisher!.logged('keyword index published to the seed'));
    expect(published).toMatchObject({ replaced: 'nothing' });
    const seedSegments = segmentFiles(path.join(seedDir, 'keyword-index'));
    expect(seedSegments.length).toBeGreaterThan(0);

    // Changed after the publication (the publisher applies them; its next checkpoint is minutes away).
    await loadPapers(recordsAsLines([paper('d', 'Tidal lagoon ecology'), paper('b', 'Wave power economics')]), new PaperRepository(database.db));
    await database.db.query(`DELETE FROM papers WHERE title = 'Geothermal heat pumps'`);
    await waitFor('the publisher to apply the changes', async () => (await answer(publisher!.app.url, 'geothermal')).total === 0 && (await answer(publisher!.app.url, 'lagoon')).total === 1);

    const replicaDir = path.join(root, 'replica');
    const replica = await start(database, replicaDir, { INDEX_SEED_DIR: seedDir });
    try {
      const taken = replica.logged('keyword index taken from the seed and caught up');
      expect(taken).toMatchObject({ files: seedSegments.length, caughtUp: 3, behind: 0 });
      expect(replica.lines.filter((l) => l.msg === 'keyword index built from Postgres')).toEqual([]);
      // The seed's files themselves, not a build of its own (whose segments would have new names).
      expect(segmentFiles(path.join(replicaDir, 'keyword-index'))).toEqual(seedSegments);
      const expected = await answers(publisher.app.url);
      expect(expected.find((a) => a.q === 'tidal')!.total).toBe(2);
      expect(await answers(replica.app.url)).toEqual(expected);
    } finally {
      await replica.app.stop();
      removeDir(replicaDir);
    }
  });

  it("refuses another database's seed with a warning, and builds its own index from Postgres", async () => {
    const other = await createTestDatabase();
    const replicaDir = path.join(root, 'other-replica');
    try {
      await loadPapers(recordsAsLines([paper('z', 'Peatland carbon')]), new PaperRepository(other.db));
      const replica = await start(other, replicaDir, { INDEX_SEED_DIR: seedDir });
      try {
        expect(replica.logged('keyword index seed not taken: building from Postgres')).toMatchObject({ level: 40, reason: expect.stringMatching(/another database/) });
        expect(replica.logged('keyword index built from Postgres')).toBeDefined();
        expect((await answer(replica.app.url, 'peatland')).total).toBe(1);
        expect((await answer(replica.app.url, 'tidal')).total).toBe(0);
      } finally {
        await replica.app.stop();
      }
    } finally {
      await other.drop();
      removeDir(replicaDir);
    }
  });

  it('refuses a seed the change log can no longer catch up (a removal after it was pruned), and builds instead', async () => {
    // What a pruning pass records when it drops a removal past the seed's position (PAPER_CHANGES_RETENTION_DAYS).
    await database.db.query('INSERT INTO paper_change_prunes (through, removals) VALUES ((SELECT max(position) FROM paper_changes), 1)');
    const replicaDir = path.join(root, 'late-replica');
    const replica = await start(database, replicaDir, { INDEX_SEED_DIR: seedDir });
    try {
      expect(replica.logged('keyword index seed not taken: building from Postgres')).toMatchObject({ reason: expect.stringMatching(/no longer holds every removal/) });
      expect(replica.logged('keyword index built from Postgres')).toBeDefined();
      expect(await answers(replica.app.url)).toEqual(await answers(publisher!.app.url));
    } finally {
      await replica.app.stop();
      removeDir(replicaDir);
    }
  });
});
