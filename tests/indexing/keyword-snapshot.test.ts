import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { PaperChangeLog } from '../../modules/papers/change-log';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess } from '../support/test-process';
import { makeTempDir, removeDir } from '../support/test-run';
import { paperLine } from '../support/paper-fixtures';

const paper = (id: string, title: string) => paperLine(id, { title });
const run = promisify(execFile);

/** Starts `--target public-search`-like serving (`all`) on a data directory and says how the keyword index came up. */
async function start(database: TestDatabase, dataDir: string) {
  const lines: string[] = [];
  const sink = new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } });
  const app = await startTestProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir }, 'all', pino({ level: 'info' }, sink));
  const how = lines.map((l) => JSON.parse(l).msg as string).find((m) => /^keyword index (built|reopened|taken)/.test(m));
  return { app, how };
}

const total = async (url: string, q: string) => (await request(url).get('/api/v1/papers/search').query({ q }).expect(200)).body.total as number;

/**
 * A restart reopens the embedded keyword index from its snapshot under DATA_DIR and catches up from
 * the change log (papers loaded, changed or deleted while it was down), instead of reading every
 * paper from Postgres; a snapshot of another database is never reopened.
 */
describe('the embedded keyword index on disk', () => {
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = makeTempDir('keyword-snapshot');
    fs.chmodSync(dataDir, 0o777);
    database = await createTestDatabase();
    await loadPapers(recordsAsLines([paper('a', 'Tidal energy storage'), paper('b', 'Tidal power economics'), paper('c', 'Geothermal heat pumps')]), new PaperRepository(database.db));
  });
  afterAll(async () => {
    await database?.drop();
    removeDir(dataDir);
  });

  it('is built from Postgres on the first start and saved as index files', async () => {
    const { app, how } = await start(database, dataDir);
    expect(how).toBe('keyword index built from Postgres');
    expect(await total(app.url, 'tidal')).toBe(2);
    await app.stop();
    // The structures themselves, to be reopened without a rebuild: a manifest and its frozen segments.
    const files = fs.readdirSync(path.join(dataDir, 'keyword-index'));
    expect(files).toContain('manifest.bin');
    expect(files.some((f) => /^segment-.+\.bin$/.test(f))).toBe(true);
  });

  it('is reopened at the next start and catches up with what changed meanwhile', async () => {
    const papers = new PaperRepository(database.db);
    await loadPapers(recordsAsLines([paper('d', 'Tidal lagoon ecology'), paper('b', 'Wave power economics')]), papers);
    await database.db.query(`DELETE FROM papers WHERE title = 'Geothermal heat pumps'`);
    const { app, how } = await start(database, dataDir);
    try {
      expect(how).toBe('keyword index reopened from its snapshot and caught up');
      expect(await total(app.url, 'tidal')).toBe(2);
      expect(await total(app.url, 'wave')).toBe(1);
      expect(await total(app.url, 'geothermal')).toBe(0);
    } finally {
      await app.stop();
    }
  });

  it('is rebuilt from Postgres when a reindex was asked for while it was down, then reopened again', async () => {
    await new PaperChangeLog(database.db).requestReindex('test');
    const first = await start(database, dataDir);
    try {
      expect(first.how).toBe('keyword index built from Postgres');
    } finally {
      await first.app.stop();
    }
    const second = await start(database, dataDir);
    try {
      expect(second.how).toBe('keyword index reopened from its snapshot and caught up');
      expect(await total(second.app.url, 'tidal')).toBe(2);
    } finally {
      await second.app.stop();
    }
  });

  it('is not reopened against another database', async () => {
    const other = await createTestDatabase();
    try {
      await loadPapers(recordsAsLines([paper('z', 'Peatland carbon')]), new PaperRepository(other.db));
      const { app, how } = await start(other, dataDir);
      try {
        expect(how).toBe('keyword index built from Postgres');
        expect(await total(app.url, 'tidal')).toBe(0);
        expect(await total(app.url, 'peatland')).toBe(1);
      } finally {
        await app.stop();
      }
    } finally {
      await other.drop();
    }
  });

  it('is reopened on the first start after `gx load papers --index-files` wrote its files (a bulk load, then a start)', async () => {
    const other = await createTestDatabase();
    const aheadDir = makeTempDir('keyword-ahead');
    fs.chmodSync(aheadDir, 0o777);
    const file = path.join(aheadDir, 'papers.jsonl');
    try {
      fs.writeFileSync(file, `${[paper('m', 'Mangrove carbon'), paper('n', 'Mangrove restoration')].map((p) => JSON.stringify(p)).join('\n')}\n`);
      const load = await run('node', [path.resolve(__dirname, '../../bin/gx.js'), 'load', 'papers', file, '--index-files'], { env: { ...process.env, DATABASE_URL: other.url, DATA_DIR: aheadDir, LOG_LEVEL: 'info' } });
      expect(load.stderr).toMatch(/keyword index files written/);
      expect(fs.readdirSync(path.join(aheadDir, 'keyword-index'))).toContain('manifest.bin');
      await loadPapers(recordsAsLines([paper('o', 'Mangrove fisheries')]), new PaperRepository(other.db));
      const { app, how } = await start(other, aheadDir);
      try {
        expect(how).toBe('keyword index reopened from its snapshot and caught up');
        expect(await total(app.url, 'mangrove')).toBe(3);
      } finally {
        await app.stop();
      }
    } finally {
      await other.drop();
      removeDir(aheadDir);
    }
  });
});
