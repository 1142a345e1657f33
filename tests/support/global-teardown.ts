import fs from 'node:fs';
import { TEST_ENV } from './services';

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as { __gxEmbeddedPostgres?: { stop(): Promise<void> } }).__gxEmbeddedPostgres;
  await server?.stop();
  const dir = process.env[TEST_ENV.embeddedDir];
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
