import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../shared/db/embedded-postgres';
import type { Logger } from '../../shared/logging/logger';
import type { Cleanup } from './cleanup';

export interface ScratchDatabase {
  url: string;
  /** Where the server came from, for the report. */
  server: 'embedded (temp dir)' | 'DATABASE_URL';
}

/**
 * The environment the benchmarks read for Postgres: a server to use instead of a private embedded
 * one (a scratch database is created in it and dropped afterwards). Redis: see `redis.ts`.
 */
function databaseUrlOverride(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

/**
 * An empty database of its own for one benchmark, on the DATABASE_URL server or on an embedded
 * Postgres in a temp dir; dropped (and the embedded server stopped, its dir removed) by `cleanup`.
 */
export async function createScratchDatabase(cleanup: Cleanup, logger: Logger): Promise<ScratchDatabase> {
  let adminUrl = databaseUrlOverride();
  const server = adminUrl ? 'DATABASE_URL' : 'embedded (temp dir)';
  if (!adminUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-bench-pg-'));
    cleanup.addSync('remove the embedded Postgres dir', () => fs.rmSync(dir, { recursive: true, force: true }));
    // As root Postgres runs as the `postgres` user, which must be able to enter the dir.
    fs.chmodSync(dir, 0o755);
    const embedded = await startEmbeddedPostgres(dir, logger);
    cleanup.add('stop the embedded Postgres', () => embedded.stop());
    adminUrl = embedded.url;
  }

  const name = `gx_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  // FORCE: a server that did not exit cleanly may still hold connections.
  cleanup.add('drop the scratch database', () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), server };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
