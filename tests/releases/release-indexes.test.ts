import fs from 'node:fs';
import { createFrozenKeywordIndex, frozenIndexDir } from '../../modules/keyword-index';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { cutDatasetRelease, Releases } from '../../modules/releases';
import { createLogger } from '../../shared/logging/logger';
import { paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { removeDir, testConfig } from '../support/test-run';
import { waitFor } from '../support/wait-for';

/** A process's release indexes: at most RELEASE_INDEXES_OPEN open, and on its disk only those it holds open. */
describe('release search indexes held by a process', () => {
  let database: TestDatabase;
  let releases: Releases | undefined;
  const config = testConfig({ RELEASE_INDEXES_OPEN: '2' });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await releases?.close();
    await database?.drop();
    removeDir(config.dataDir);
  });

  it('keeps the latest and the one used last open, and deletes the files of the one it lets go', async () => {
    const papers = new PaperRepository(database.db);
    const ids: string[] = [];
    for (const [n, day] of [[1, '2026-11-01'], [2, '2026-11-02'], [3, '2026-11-03']] as const) {
      await loadPapers(recordsAsLines([paperLine(`held-${n}`, { title: `Hydrogen release ${n}` })]), papers);
      ids.push((await cutDatasetRelease(database.db, config.releases, { now: new Date(`${day}T00:00:00Z`) }))!.release);
    }
    expect(ids).toEqual([config.releases.firstName, '2026-11-02', '2026-11-03']);
    releases = new Releases(database.db, config.releases, (name, identity) => createFrozenKeywordIndex(config, name, identity), createLogger({ level: 'silent' }), 0);
    await releases.start({ pollMs: 60_000 });
    releases.servesSearches();
    await releases.whenIndexReady('2026-11-03');
    const dir = (id: string) => frozenIndexDir(config, id);
    await releases.whenIndexReady(ids[0]!);
    expect(fs.existsSync(dir(ids[0]!))).toBe(true);
    // A third one opened: the least recently used other than the latest is let go, files and all.
    await releases.whenIndexReady('2026-11-02');
    await waitFor('the first release index to be let go', () => !fs.existsSync(dir(ids[0]!)));
    expect([fs.existsSync(dir('2026-11-02')), fs.existsSync(dir('2026-11-03'))]).toEqual([true, true]);
    // Asked for again, it is built again from Postgres and answers as before.
    const view = await releases.resolve(ids[0]);
    await releases.whenIndexReady(ids[0]!);
    const hits = await releases.keywordIndex(view!.release).search({ terms: ['hydrogen'], filters: {}, offset: 0, limit: 10 });
    expect(hits.total).toBe(1);
  });
});
