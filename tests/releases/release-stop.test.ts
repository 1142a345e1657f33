import { Writable } from 'node:stream';
import pino from 'pino';
import { createFrozenKeywordIndex } from '../../modules/keyword-index';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { Releases } from '../../modules/releases';
import { paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { removeDir, testConfig } from '../support/test-run';
import { waitFor } from '../support/wait-for';

/**
 * A process stopping while the first release is cut in the background (a first start's demo load,
 * stopped at once): the cut gives up at its next step and is rolled back, nothing is logged as a
 * failure, the database closes after it, and the next start cuts the release whole.
 */
describe('stopping during the first release cut', () => {
  let database: TestDatabase;
  const config = testConfig();
  const PAPERS = 2_500;

  beforeAll(async () => {
    database = await createTestDatabase();
    const lines = Array.from({ length: PAPERS }, (_, n) => paperLine(`stop-${n}`, { title: `Hydrogen storage ${n}` }));
    await loadPapers(recordsAsLines(lines), new PaperRepository(database.db));
  });
  afterAll(async () => {
    await database?.drop();
    removeDir(config.dataDir);
  });

  const start = async (lines: Array<{ level: number; msg: string }>) => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const releases = new Releases(database.db, config.releases, (name, identity) => createFrozenKeywordIndex(config, name, identity), pino({ level: 'debug' }, sink));
    await releases.start({ pollMs: 60_000 });
    return releases;
  };
  const releaseRows = async () => (await database.db.query<{ id: string; papers: number }>('SELECT id, papers FROM releases')).rows;

  it('gives the cut up without a warning, leaves no part of it, and the next start cuts it whole', async () => {
    const first: Array<{ level: number; msg: string }> = [];
    const stopped = await start(first);
    await stopped.close();
    // Every step of the cut had ended by then: the pool the test closes next is no longer used by it.
    expect(first.filter((l) => l.level >= 40)).toEqual([]);
    // Given up (rolled back: no release, no stored record), or finished just before the stop: whole.
    const rows = await releaseRows();
    if (rows.length === 0) {
      expect(first.map((l) => l.msg)).toContain('stopping before the first dataset release was cut; the next start cuts it');
      expect((await database.db.query('SELECT 1 FROM release_records LIMIT 1')).rowCount).toBe(0);
    } else expect(rows).toEqual([{ id: config.releases.firstName, papers: PAPERS }]);

    const second: Array<{ level: number; msg: string }> = [];
    const releases = await start(second);
    try {
      await waitFor('the first release', () => releases.latestId());
      expect(await releaseRows()).toEqual([{ id: config.releases.firstName, papers: PAPERS }]);
      expect(second.filter((l) => l.level >= 40)).toEqual([]);
    } finally {
      await releases.close();
    }
  });
});
