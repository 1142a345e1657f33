import fs from 'node:fs';
import path from 'node:path';
import { OWNER_FILE, OWNER_SOCKET } from '../../shared/runtime/data-dir-lock';
import { runGx, startGx, tempDataDir, type GxServer } from './gx-child';
import { isAlive, pidFile, postmasterPid } from '../support/postmaster';


/** Polls `check` until it answers `true` (the test's own timeout bounds it; `what` names it in a failure). */
async function eventually(check: () => Promise<boolean | undefined> | boolean | undefined, what: string): Promise<void> {
  let last: unknown;
  for (let i = 0; ; i++) {
    try {
      if ((await check()) === true) return;
    } catch (err) {
      last = err;
    }
    if (i > 600) throw new Error(`still waiting for ${what}${last ? ` (${(last as Error).message})` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A log line `msg`, now or later. */
const logged = (server: GxServer, msg: string) =>
  new Promise<void>((resolve) => {
    if (server.logs.some((l) => l.msg === msg)) return resolve();
    server.onLog((l) => l.msg === msg && resolve());
  });

/**
 * `gx start` on the embedded PostgreSQL owns its DATA_DIR and its server: a server that dies is
 * restarted with its data, a second owner is refused with the first one named, an owner killed with
 * SIGKILL leaves no server behind for long, and SIGTERM stops everything within the grace period.
 */
describe('gx start owns its DATA_DIR and supervises its embedded PostgreSQL', () => {
  const dirs: string[] = [];
  const servers: GxServer[] = [];
  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    for (const s of servers) await s.exited;
    // What a SIGKILLed process left is stopped by its watchdog; wait for it before removing the directory.
    for (const d of dirs) await eventually(() => !fs.existsSync(pidFile(d)) || !isAlive(postmasterPid(d)), 'its postmaster to be gone');
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string>) => {
    const server = await startGx(env);
    servers.push(server);
    return server;
  };

  it('restarts a postmaster killed with SIGKILL: the data API answers again, with the data written before', async () => {
    const dataDir = tempDataDir('gx-pg-kill-');
    dirs.push(dataDir);
    const gx = await start({ DATA_DIR: dataDir, DEMO_DATA: 'false', API_KEY_CACHE_SECONDS: '0' });
    // Written through the server of gx start (gx keys uses the owner's server and leaves it running).
    const created = await runGx(['keys', 'create', '--plan', 'internal', '--email', 'restart@example.org'], { DATA_DIR: dataDir });
    expect({ code: created.code, stderr: created.stderr.split('\n').filter((l) => l && !l.startsWith('{')) }).toEqual({ code: 0, stderr: [] });
    const key = created.stdout.trim().split('\n').pop()!;
    const dataApi = () => fetch(`http://127.0.0.1:${gx.ports.api}/api/v1/intelligence-events`, { headers: { authorization: `Bearer ${key}` } });
    expect((await dataApi()).status).toBe(200);

    const killed = postmasterPid(dataDir);
    process.kill(killed, 'SIGKILL');
    await logged(gx, 'embedded PostgreSQL restarted');
    await eventually(async () => (await dataApi()).status === 200, 'the data API to answer 200');
    expect(postmasterPid(dataDir)).not.toBe(killed);
    expect(isAlive(killed)).toBe(false);

    const listed = await runGx(['keys', 'list', '--json'], { DATA_DIR: dataDir });
    expect((JSON.parse(listed.stdout) as { data: { email: string }[] }).data.map((k) => k.email)).toEqual(['restart@example.org']);
    expect((await fetch(`http://127.0.0.1:${gx.port}/healthz`)).status).toBe(200);
    expect(gx.logs.filter((l) => l.msg === 'the embedded PostgreSQL exited unexpectedly: restarting it on the same data directory').map((l) => l.pid)).toEqual([killed]);

    gx.child.kill('SIGTERM');
    expect(await gx.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(pidFile(dataDir))).toBe(false);
  });

  it('a postmaster that cannot be restarted makes /healthz fail, until a restart succeeds', async () => {
    const dataDir = tempDataDir('gx-pg-broken-');
    dirs.push(dataDir);
    const gx = await start({ DATA_DIR: dataDir, DEMO_DATA: 'false' });
    const healthz = async () => (await fetch(`http://127.0.0.1:${gx.port}/healthz`)).status;
    expect(await healthz()).toBe(200);
    // A setting PostgreSQL refuses: every restart fails until it is gone.
    const conf = path.join(dataDir, 'postgres', 'postgresql.conf');
    const original = fs.readFileSync(conf, 'utf8');
    fs.appendFileSync(conf, '\nnot_a_postgres_setting = 1\n');
    process.kill(postmasterPid(dataDir), 'SIGKILL');
    await eventually(async () => (await healthz()) === 503, '/healthz to fail');
    const body = (await (await fetch(`http://127.0.0.1:${gx.port}/healthz`)).json()) as { status: string; failing: Record<string, { reason: string }> };
    expect(body.status).toBe('failing');
    expect(body.failing['embedded-postgres']!.reason).toMatch(/^the embedded PostgreSQL exited and \d+ restarts failed: .*postgresql\.conf/);

    fs.writeFileSync(conf, original);
    await eventually(async () => (await healthz()) === 200, '/healthz to pass again');
    await eventually(async () => {
      const res = await fetch(`http://127.0.0.1:${gx.port}/readyz`);
      if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
      return true;
    }, '/readyz to pass again');
    gx.child.kill('SIGTERM');
    expect(await gx.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(pidFile(dataDir))).toBe(false);
  }, 90_000);

  it('refuses a second gx start on the same DATA_DIR, naming the process that has it', async () => {
    const dataDir = tempDataDir('gx-pg-two-');
    dirs.push(dataDir);
    const first = await start({ DATA_DIR: dataDir, DEMO_DATA: 'false' });
    const second = await runGx(['start'], { DATA_DIR: dataDir, DEMO_DATA: 'false', PUBLIC_PORT: '0', API_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toMatch(new RegExp(`^gx: DATA_DIR ${dataDir} is in use by gx start .*\\(pid ${first.child.pid}, since \\d{4}-\\d\\d-\\d\\dT`));
    // The first one is unharmed, and owns the directory still.
    expect((await fetch(`http://127.0.0.1:${first.port}/readyz`)).status).toBe(200);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, OWNER_FILE), 'utf8')).pid).toBe(first.child.pid);

    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    // Released on exit: nothing of the lock is left.
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('gx-owner'))).toEqual([]);
    expect(fs.existsSync(pidFile(dataDir))).toBe(false);
  });

  it('after an owner killed with SIGKILL, the next gx start takes the DATA_DIR and no postmaster of the old one remains', async () => {
    const dataDir = tempDataDir('gx-pg-orphan-');
    dirs.push(dataDir);
    const first = await start({ DATA_DIR: dataDir, DEMO_DATA: 'false' });
    const old = postmasterPid(dataDir);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, OWNER_SOCKET))).toBe(true); // a stale lock: nobody listens

    const second = await start({ DATA_DIR: dataDir, DEMO_DATA: 'false' });
    expect(isAlive(old)).toBe(false);
    expect(postmasterPid(dataDir)).not.toBe(old);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, OWNER_FILE), 'utf8')).pid).toBe(second.child.pid);
    expect((await fetch(`http://127.0.0.1:${second.port}/readyz`)).status).toBe(200);

    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(pidFile(dataDir))).toBe(false);
  });

  it('with a grace period far too short, SIGTERM still ends the process in time and the embedded PostgreSQL never outlives it', async () => {
    const dataDir = tempDataDir('gx-pg-grace-');
    dirs.push(dataDir);
    const gx = await start({ DATA_DIR: dataDir, DEMO_DATA: 'true', SHUTDOWN_GRACE_SECONDS: '2' });
    const pid = postmasterPid(dataDir);
    gx.child.kill('SIGTERM');
    const { code, signal } = await gx.exited;
    const messages = gx.logs.map((l) => l.msg);
    // Either everything fitted (modules abandoned or not: exit 0), or the budget ran out and the
    // process exited at its end (exit 1); nothing in between, and never a hang.
    const outcome = code === 0 && messages.includes('stopped') ? 'stopped' : code === 1 && messages.includes('shutdown did not finish within SHUTDOWN_GRACE_SECONDS: exiting now') ? 'overdue' : 'neither';
    expect({ outcome, signal, stderr: gx.stderr() }).toEqual({ outcome: expect.stringMatching(/^(stopped|overdue)$/), signal: null, stderr: '' });
    expect(gx.logs.find((l) => l.msg === 'shutting down: no new connections, finishing requests in flight')?.grace_s).toBe(2);
    // Stopped by the process, or (overdue) asked to stop at its exit: gone either way.
    await eventually(() => !isAlive(pid), 'the postmaster to be gone');
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('gx-owner'))).toEqual([]);
  });
});
