import fs from 'node:fs';
import { TEST_ENV } from './services';
import { TEST_RUN_ENV } from './test-run';

/**
 * Stops the run's embedded PostgreSQL, then removes the run directory; anything a suite left in it
 * (a temporary folder it did not remove, a process's DATA_DIR) fails the run, named.
 */
export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as { __gxEmbeddedPostgres?: { stop(): Promise<void> } }).__gxEmbeddedPostgres;
  await server?.stop();
  const embedded = process.env[TEST_ENV.embeddedDir];
  if (embedded) fs.rmSync(embedded, { recursive: true, force: true });

  const runDir = process.env[TEST_RUN_ENV.runDir];
  if (!runDir) return;
  const leftovers = fs.existsSync(runDir) ? fs.readdirSync(runDir) : [];
  fs.rmSync(runDir, { recursive: true, force: true });
  if (leftovers.length > 0) {
    throw new Error(`the tests left ${leftovers.length} temporary file(s) or folder(s) behind (now removed), each suite must remove what it makes: ${leftovers.sort().join(', ')}`);
  }
}
