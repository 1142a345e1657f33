import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { embeddedPostgresLayout, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../shared/db/embedded-postgres';
import { createLogger } from '../../shared/logging/logger';
import { runGx, tempDataDir } from './gx-child';
import { isAlive, pidFile } from '../support/postmaster';

const logger = createLogger({ level: 'silent' });

async function scalar<T>(url: string, sql: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Object.values((await client.query(sql)).rows[0] as Record<string, T>)[0]!;
  } finally {
    await client.end();
  }
}


/**
 * Each DATA_DIR has its own embedded PostgreSQL, reached through a Unix socket inside it (no TCP
 * port), so two checkouts, a bench and a test run never meet, and `gx` reaches the server of its own
 * DATA_DIR.
 */
describe('embedded PostgreSQL, one per DATA_DIR', () => {
  const dirs: string[] = [];
  const servers: EmbeddedPostgresHandle[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => undefined);
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('runs two servers side by side, and gx load and gx keys reach the one of their DATA_DIR', async () => {
    const a = tempDataDir();
    const b = tempDataDir();
    dirs.push(a, b);
    const serverA = await startEmbeddedPostgres(a, logger);
    servers.push(serverA);
    const serverB = await startEmbeddedPostgres(b, logger);
    servers.push(serverB);
    expect(serverA.started && serverB.started).toBe(true);
    expect(serverA.url).not.toBe(serverB.url);
    // No TCP listener at all: only the socket inside DATA_DIR.
    expect(await scalar<string>(serverA.url, `SELECT current_setting('listen_addresses')`)).toBe('');
    expect(await scalar<string>(serverA.url, `SELECT current_setting('unix_socket_directories')`)).toContain(path.join(a, 'postgres-run'));

    const papers = path.join(a, 'papers.jsonl');
    fs.writeFileSync(papers, `${JSON.stringify({ id: 'w1', title: 'Hydrogen steel in A', year: 2024, source: 'test', lang: 'en' })}\n`);
    const load = await runGx(['load', 'papers', papers], { DATA_DIR: a, DEMO_DATA: 'false' });
    expect({ code: load.code, stderr: load.stderr.split('\n').filter((l) => l && !l.startsWith('{')) }).toEqual({ code: 0, stderr: [] });
    expect(await scalar<number>(serverA.url, 'SELECT count(*)::int FROM papers')).toBe(1);
    expect(await scalar<number>(serverB.url, `SELECT count(*)::int FROM pg_tables WHERE tablename = 'papers'`)).toBe(0);

    const created = await runGx(['keys', 'create', '--plan', 'internal', '--email', 'b@example.org'], { DATA_DIR: b });
    expect(created.code).toBe(0);
    const listB = JSON.parse((await runGx(['keys', 'list', '--json'], { DATA_DIR: b })).stdout) as { data: { email: string }[] };
    const listA = JSON.parse((await runGx(['keys', 'list', '--json'], { DATA_DIR: a })).stdout) as { data: { email: string }[] };
    expect(listB.data.map((k) => k.email)).toEqual(['b@example.org']);
    expect(listA.data).toEqual([]);

    // The commands found the servers running and left them so.
    expect(fs.existsSync(pidFile(a)) && fs.existsSync(pidFile(b))).toBe(true);
    expect(await scalar<number>(serverB.url, 'SELECT 1')).toBe(1);
    await serverA.stop();
    await serverB.stop();
    expect(fs.existsSync(pidFile(a)) || fs.existsSync(pidFile(b))).toBe(false);
  });

  it('a command on a DATA_DIR with no server running starts its own and stops it at the end', async () => {
    const dir = tempDataDir();
    dirs.push(dir);
    const first = await runGx(['keys', 'create', '--plan', 'trial', '--email', 'c@example.org'], { DATA_DIR: dir });
    expect(first.code).toBe(0);
    expect(fs.existsSync(pidFile(dir))).toBe(false);
    const list = await runGx(['keys', 'list', '--json'], { DATA_DIR: dir });
    expect((JSON.parse(list.stdout) as { total: number }).total).toBe(1);
    expect(fs.existsSync(pidFile(dir))).toBe(false);
  });

  it('the process that started a server stops it when done, once the other processes using it have finished', async () => {
    const dir = tempDataDir();
    dirs.push(dir);
    const server = await startEmbeddedPostgres(dir, logger);
    servers.push(server);
    const other = new pg.Client({ connectionString: embeddedPostgresLayout(dir).url });
    await other.connect();
    // Another start in the same process finds it running and does not own it: its stop does nothing.
    const again = await startEmbeddedPostgres(dir, logger);
    expect(again.started).toBe(false);
    await again.stop();
    expect(fs.existsSync(pidFile(dir))).toBe(true);
    // Its starter waits for the other user before it stops it (a one-shot command's courtesy).
    const stopping = server.stop();
    expect((await other.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    expect(fs.existsSync(pidFile(dir))).toBe(true);
    await other.end();
    await stopping;
    expect(fs.existsSync(pidFile(dir))).toBe(false);
  });

  it('a server left running on the DATA_DIR with no live owner (pg_ctl by hand, an owner and its watchdog killed) is stopped before a new one starts', async () => {
    const dir = tempDataDir();
    dirs.push(dir);
    const first = await startEmbeddedPostgres(dir, logger); // creates the cluster
    await first.stop();
    // Started by hand, as nothing of ours would: no lock, no watchdog.
    const layout = embeddedPostgresLayout(dir);
    const fromLibrary = createRequire(require.resolve('embedded-postgres'));
    const pgCtl = path.join(path.dirname(fromLibrary.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`)), '..', 'native', 'bin', 'pg_ctl');
    const asPostgres = os.userInfo().uid === 0 ? { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })) } : {};
    const options = `-c listen_addresses='' -c unix_socket_directories='${layout.socketDir}' -p 5432`;
    const byHand = spawnSync(pgCtl, ['start', '-w', '-D', layout.databaseDir, '-l', layout.logFile, '-o', options], { encoding: 'utf8', ...asPostgres });
    expect({ status: byHand.status, stderr: byHand.stderr }).toEqual({ status: 0, stderr: '' });
    const orphan = Number(fs.readFileSync(pidFile(dir), 'utf8').split('\n')[0]);

    const owner = await startEmbeddedPostgres(dir, logger);
    servers.push(owner);
    expect(owner.started).toBe(true);
    expect(isAlive(orphan)).toBe(false);
    expect(Number(fs.readFileSync(pidFile(dir), 'utf8').split('\n')[0])).not.toBe(orphan);
    expect(await scalar<number>(owner.url, 'SELECT 1')).toBe(1);
    await owner.stop();
    expect(fs.existsSync(pidFile(dir))).toBe(false);
  });

  it('refuses a DATA_DIR too long for a Unix socket, naming it', async () => {
    const long = path.join(os.tmpdir(), 'x'.repeat(100));
    expect(() => embeddedPostgresLayout(long)).toThrow(/DATA_DIR .*x{100} is too long .*DATABASE_URL/);
    const result = await runGx(['keys', 'list'], { DATA_DIR: long });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^gx: DATA_DIR .* is too long for the embedded PostgreSQL/)]);
    expect(fs.existsSync(long)).toBe(false);
  });
});
