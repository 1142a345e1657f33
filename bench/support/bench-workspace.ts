import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../shared/logging/logger';
import type { Cleanup } from './cleanup';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';

/** A benchmark's progress line on stderr (stdout carries its report). */
export const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/** What every benchmark starts from: a temp folder and a scratch database, both removed by `cleanup`. */
export async function benchWorkspace(cleanup: Cleanup): Promise<{ tmp: string; db: ScratchDatabase }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-bench-'));
  cleanup.addSync('remove the bench temp dir', () => fs.rmSync(tmp, { recursive: true, force: true }));
  progress('preparing a scratch database');
  const db = await createScratchDatabase(cleanup, createLogger({ level: 'warn', name: 'bench' }));
  return { tmp, db };
}
