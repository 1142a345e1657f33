import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { acquireDataDir, DataDirInUseError, dataDirOwner, holdsDataDir, OWNER_FILE, OWNER_SOCKET } from '../../shared/runtime/data-dir-lock';
import { tempDataDir } from './gx-child';

/** The compiled lock, for child processes (`npm test` builds first). */
const LOCK_MODULE = path.resolve(__dirname, '../../dist/shared/runtime/data-dir-lock.js');

/** A child process that tries to take `dir`; prints `taken` or the error's message, then stays until killed or exits. */
function tryInChild(dir: string, then: 'exit' | 'stay') {
  const script = `
    const { acquireDataDir } = require(${JSON.stringify(LOCK_MODULE)});
    acquireDataDir(${JSON.stringify(dir)}, { command: 'child-test' }).then(
      () => { process.stdout.write('taken\\n'); ${then === 'exit' ? 'process.exit(0);' : 'setInterval(() => undefined, 1000);'} },
      (err) => { process.stdout.write(err.name + ': ' + err.message + '\\n'); process.exit(3); });`;
  return spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
}

const firstLine = (child: ReturnType<typeof spawn>) =>
  new Promise<string>((resolve) => readline.createInterface({ input: child.stdout! }).once('line', resolve));

/**
 * One owner per DATA_DIR: the lock is a Unix socket its owner listens on, so another process is
 * refused with the owner named, a lock whose owner died (even by SIGKILL) is taken over, and one
 * process may take it more than once (each holder releases its share).
 */
describe('the DATA_DIR lock', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const newDir = () => {
    const d = tempDataDir('gx-lock-');
    dirs.push(d);
    return d;
  };

  it('refuses another process, naming this one; is shared within the process; is released by its last holder', async () => {
    const dir = newDir();
    const lock = await acquireDataDir(dir, { command: 'gx start --target all' });
    expect(JSON.parse(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8'))).toMatchObject({ pid: process.pid, command: 'gx start --target all' });

    const child = tryInChild(dir, 'exit');
    expect(await firstLine(child)).toMatch(
      new RegExp(`^DataDirInUseError: DATA_DIR ${dir} is in use by gx start --target all \\(pid ${process.pid}, since \\d{4}-\\d\\d-\\d\\dT[^)]+\\); stop that process first`),
    );

    const second = await acquireDataDir(dir);
    await lock.release();
    expect(holdsDataDir(dir)).toBe(true);
    expect((await dataDirOwner(dir))?.pid).toBe(process.pid);
    await second.release();
    expect(holdsDataDir(dir)).toBe(false);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(await dataDirOwner(dir)).toBeUndefined();

    // Free again: another process takes it.
    const taker = tryInChild(dir, 'exit');
    expect(await firstLine(taker)).toBe('taken');
  });

  it('takes over the lock of an owner killed with SIGKILL', async () => {
    const dir = newDir();
    const owner = tryInChild(dir, 'stay');
    expect(await firstLine(owner)).toBe('taken');
    await expect(acquireDataDir(dir)).rejects.toThrow(DataDirInUseError);
    await expect(acquireDataDir(dir)).rejects.toThrow(`pid ${owner.pid}`);
    owner.kill('SIGKILL');
    await new Promise((r) => owner.once('exit', r));
    // Its socket is still there, but nobody listens on it.
    expect(fs.existsSync(path.join(dir, OWNER_SOCKET))).toBe(true);
    const lock = await acquireDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it('is released when its process exits without releasing it', () => {
    const dir = newDir();
    const child = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(LOCK_MODULE)}).acquireDataDir(${JSON.stringify(dir)}).then(() => process.exit(0))`], { encoding: 'utf8' });
    expect({ status: child.status, stderr: child.stderr }).toEqual({ status: 0, stderr: '' });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('several processes racing for a stale lock: exactly one takes it', async () => {
    const dir = newDir();
    const owner = tryInChild(dir, 'stay');
    expect(await firstLine(owner)).toBe('taken');
    owner.kill('SIGKILL');
    await new Promise((r) => owner.once('exit', r));
    const racers = Array.from({ length: 4 }, () => tryInChild(dir, 'stay'));
    const outcomes = await Promise.all(racers.map(firstLine));
    for (const r of racers) r.kill('SIGKILL');
    await Promise.all(racers.map((r) => (r.exitCode === null && r.signalCode === null ? new Promise((res) => r.once('exit', res)) : undefined)));
    expect(outcomes.filter((o) => o === 'taken')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'taken').every((o) => o.startsWith('DataDirInUseError'))).toBe(true);
  });
});
