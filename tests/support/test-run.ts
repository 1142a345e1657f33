import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../../shared/config/config';

/**
 * Where this test run keeps what it writes. The global setup makes one directory per run
 * (`<tmp>/gx-test-run-<pid>-<random>`) and points TMPDIR at it, so every `os.tmpdir()` of the suites,
 * of the code under test and of the processes they spawn lands there; DATA_DIR is never the
 * project's `./.data`. The global teardown fails the run when anything is left in it.
 */
export const TEST_RUN_ENV = {
  runDir: 'GX_TEST_RUN_DIR',
} as const;

export const RUN_DIR_PREFIX = 'gx-test-run-';

export function testRunDir(): string {
  const dir = process.env[TEST_RUN_ENV.runDir];
  if (!dir) throw new Error('the jest global setup did not provide a run directory');
  return dir;
}

/** A new, empty directory of this run. Whoever makes it removes it (see `removeDir`). */
export function makeTempDir(label: string): string {
  return fs.mkdtempSync(path.join(testRunDir(), `${label}-`));
}

/** A DATA_DIR of its own for one process or config: a path in this run's directory, created by whoever writes there. */
export function newDataDirPath(label = 'data'): string {
  const dir = makeTempDir(label);
  fs.rmdirSync(dir);
  return dir;
}

export function removeDir(dir: string | undefined): void {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * `loadConfig` for tests: the same validation, with a DATA_DIR of its own unless the test gives one,
 * so nothing a test starts can write into the project's `./.data`.
 */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({ DATA_DIR: newDataDirPath(), METRICS_PORT: '0', ...env });
}

const scratch = new Set<string>();

/**
 * A directory for the input files of one test file (JSON Lines fixtures and the like), removed when
 * that file's tests are done (tests/support/after-each-file.ts).
 */
export function scratchDir(label = 'scratch'): string {
  const dir = makeTempDir(label);
  scratch.add(dir);
  return dir;
}

export function removeScratchDirs(): void {
  for (const dir of scratch) removeDir(dir);
  scratch.clear();
}
