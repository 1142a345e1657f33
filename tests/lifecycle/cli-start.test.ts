import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { newDataDirPath, removeDir } from '../support/test-run';

/** `gx start` as operators run it: JSON logs, a port, and a clean exit on SIGTERM. */
describe('gx start', () => {
  let database: TestDatabase;
  const dataDir = newDataDirPath('cli-start');
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    removeDir(dataDir);
  });

  it('serves, then on SIGTERM shuts down gracefully and exits 0', async () => {
    const child = spawn('node', [path.resolve(__dirname, '../../bin/gx.js'), 'start', '--target', 'all'], {
      env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, PUBLIC_PORT: '0', API_PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'false', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const logs: Record<string, unknown>[] = [];
    const lines = readline.createInterface({ input: child.stdout! });
    const port = await new Promise<number>((resolve, reject) => {
      lines.on('line', (line) => {
        const entry = JSON.parse(line) as { msg?: string; ports?: { public: number } };
        logs.push(entry);
        if (entry.msg === 'started') resolve(entry.ports!.public);
      });
      child.once('exit', (code) => reject(new Error(`gx start exited early with ${code}`)));
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/papers/search?q=hydrogen`);
    expect(res.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(logs.map((l) => l.msg)).toEqual(expect.arrayContaining(['started', 'ready', 'stopped']));
    // Every log line is structured JSON with a level and a time.
    expect(logs.every((l) => typeof l.level === 'string' && typeof l.time === 'string')).toBe(true);
  });
});
