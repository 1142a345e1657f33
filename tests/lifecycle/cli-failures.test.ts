import fs from 'node:fs';
import path from 'node:path';
import { describeFailure } from '../../cli/failure';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { runGx, tempDataDir } from './gx-child';

/** stderr's lines that are not JSON log lines. */
const plainLines = (stderr: string) => stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('{'));

/**
 * Every `gx` failure prints its real cause in one line on stderr and exits non-zero; log lines go
 * to stderr and command output to stdout, so `gx keys list --json | jq` works.
 */
describe('gx command failures and output', () => {
  let database: TestDatabase;
  const dirs: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('an unreachable DATABASE_URL: one line naming the server and the refusal, exit code 1', async () => {
    const result = await runGx(['keys', 'list'], { DATABASE_URL: 'postgres://gx:secret@127.0.0.1:1/x' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^gx: cannot reach DATABASE_URL postgres:\/\/gx:\*\*\*@127\.0\.0\.1:1\/x: .*ECONNREFUSED/)]);
    expect(result.stderr).not.toMatch(/undefined|secret/);
  });

  it('an unknown key id: one line with the cause, exit code 1, nothing on stdout', async () => {
    const result = await runGx(['keys', 'show', 'key_AAAAAAAAAAAA'], { DATABASE_URL: database.url });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^gx: not_found: /)]);
  });

  it('an embedded PostgreSQL that cannot start: its reason, not "undefined"', async () => {
    const dir = tempDataDir();
    dirs.push(dir);
    // A cluster directory that is not one (PG_VERSION without the rest).
    fs.mkdirSync(path.join(dir, 'postgres'));
    fs.writeFileSync(path.join(dir, 'postgres', 'PG_VERSION'), '18\n');
    const result = await runGx(['keys', 'list'], { DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(plainLines(result.stderr)).toEqual([expect.stringMatching(new RegExp(`^gx: the embedded PostgreSQL of DATA_DIR ${dir} did not start: .*pg_control`))]);
  });

  it('list commands take --json: stdout is JSON and nothing else, logs go to stderr', async () => {
    const created = await runGx(['keys', 'create', '--plan', 'paid', '--daily', '100', '--email', 'json@example.org'], { DATABASE_URL: database.url, LOG_LEVEL: 'debug' });
    expect(created.code).toBe(0);
    const keys = await runGx(['keys', 'list', '--json'], { DATABASE_URL: database.url, LOG_LEVEL: 'debug' });
    expect(keys.code).toBe(0);
    const list = JSON.parse(keys.stdout) as { data: { email: string; plan: string }[]; count: number; total: number };
    expect(list).toMatchObject({ count: 1, total: 1, data: [{ email: 'json@example.org', plan: 'paid' }] });
    // The log lines (debug here, so there are some) went to stderr.
    expect(keys.stderr).toMatch(/^\{"level":"debug"/m);

    const status = await runGx(['ingest', 'status', '--json'], { DATABASE_URL: database.url, LOG_LEVEL: 'debug' });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ runner: 'in-process', schedule: { cron: '0 3 * * *', timezone: 'Asia/Tokyo' }, sources: [], runs: [] });
  });

  it('describes any rejection in one line', () => {
    expect(describeFailure(undefined)).toBe('failed without giving a reason (a rejection with undefined)');
    expect(describeFailure('plain text')).toBe('plain text');
    expect(describeFailure({ code: 7 })).toBe('failed with a value that is not an error: {"code":7}');
    const refused = Object.assign(new AggregateError([new Error('connect ECONNREFUSED ::1:1'), new Error('connect ECONNREFUSED 127.0.0.1:1')]), { code: 'ECONNREFUSED' });
    expect(describeFailure(refused)).toBe('ECONNREFUSED: connect ECONNREFUSED ::1:1: connect ECONNREFUSED 127.0.0.1:1');
    expect(describeFailure(new Error('outer', { cause: new Error('inner') }))).toBe('outer: inner');
    expect(describeFailure(new Error(''))).toBe('Error without a message');
    expect(describeFailure(new Error('two\nlines'))).toBe('two | lines');
  });
});
