import fs from 'node:fs';
import path from 'node:path';
import { startGx, tempDataDir, type GxServer } from './gx-child';

/**
 * `gx start` with no DATABASE_URL owns its shutdown: on SIGTERM, or a terminal's Ctrl-C (SIGINT to
 * the whole process group), the listeners and modules stop in reverse start order and the embedded
 * PostgreSQL last, with exit code 0, no warning or error, the server stopped and the vector index
 * saved whole.
 */
describe('gx start on the embedded PostgreSQL: shutdown', () => {
  const dataDir = tempDataDir('gx-shutdown-');
  let running: GxServer | undefined;
  afterAll(async () => {
    if (running && running.child.exitCode === null) running.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const quiet = (server: GxServer) => ({
    problems: server.logs.filter((l) => l.level !== 'info' && l.level !== 'debug'),
    stderr: server.stderr(),
  });

  const expectCleanStop = async (server: GxServer) => {
    const { code, signal } = await server.exited;
    expect({ code, signal, ...quiet(server) }).toEqual({ code: 0, signal: null, problems: [], stderr: '' });
    const messages = server.logs.map((l) => l.msg);
    expect(messages.indexOf('stopped')).toBeGreaterThan(messages.indexOf('started'));
    // The embedded PostgreSQL stopped, after everything else (its pid file goes when it has).
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    // The vector index was saved whole: a committed snapshot, nothing half-written.
    const vectors = fs.readdirSync(path.join(dataDir, 'vectors'));
    expect(vectors).toContain('CURRENT');
    expect(vectors.filter((n) => n.endsWith('.tmp'))).toEqual([]);
  };

  it('on SIGTERM, stops cleanly with exit code 0 and stops PostgreSQL last', async () => {
    running = await startGx({ DATA_DIR: dataDir, DEMO_DATA: 'true' });
    const res = await fetch(`http://127.0.0.1:${running.port}/api/v1/papers/search?q=hydrogen`);
    expect(res.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);
    running.child.kill('SIGTERM');
    await expectCleanStop(running);
  });

  it('on Ctrl-C (SIGINT to the whole process group), PostgreSQL is not killed under the services', async () => {
    running = await startGx({ DATA_DIR: dataDir, DEMO_DATA: 'false' }, { detached: true });
    expect((await fetch(`http://127.0.0.1:${running.port}/api/v1/papers/search?q=hydrogen`)).status).toBe(200);
    process.kill(-running.child.pid!, 'SIGINT');
    await expectCleanStop(running);
  });
});
