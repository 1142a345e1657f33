import fs from 'node:fs';
import path from 'node:path';
import { isCi } from './services';

/**
 * The reference data (papers.jsonl, companies.jsonl, sbt_targets.jsonl): the folder
 * GX_REFERENCE_DATA_DIR names (`.ci/run` sets it). Without it, the suites that read the data say
 * they are skipped and why; in CI they fail instead.
 */
export const REFERENCE_DATA_ENV = 'GX_REFERENCE_DATA_DIR';

export function referenceDataDir(): string | undefined {
  const dir = process.env[REFERENCE_DATA_ENV];
  return dir ? path.resolve(dir) : undefined;
}

/** A reference file's path (its folder unset: a path that is not there, so the suite reports it missing). */
export const referenceFile = (name: string): string => path.join(referenceDataDir() ?? `<${REFERENCE_DATA_ENV} unset>`, name);

/** The reference files among `names` that are not there. */
export function missingReferenceFiles(names: readonly string[]): string[] {
  return names.filter((name) => !fs.existsSync(referenceFile(name)));
}

function missingWhy(files: readonly string[]): string | undefined {
  const missing = missingReferenceFiles(files);
  if (missing.length === 0) return undefined;
  const dir = referenceDataDir();
  return dir ? `needs ${missing.join(', ')} in ${dir} (${REFERENCE_DATA_ENV})` : `needs ${missing.join(', ')}: set ${REFERENCE_DATA_ENV} to the reference data's folder`;
}

const failInCi = (why: string) => () => {
  throw new Error(`reference data missing: ${why}; CI must have it`);
};

/**
 * `describe` when the reference files are there. Otherwise, outside CI, one skipped test that says
 * which files are missing; in CI, one failing test (the body is not run: it would only read files
 * that are not there).
 */
export function describeWithReferenceData(name: string, files: readonly string[], fn: () => void): void {
  const why = missingWhy(files);
  if (!why) describe(name, fn);
  else if (isCi()) describe(name, () => it(why, failInCi(why)));
  else describe.skip(name, () => it(`skipped: ${why}`, () => undefined));
}

/** `it` when the reference files are there; else skipped (outside CI) or failing (in CI), saying why. */
export function itWithReferenceData(name: string, files: readonly string[], fn: () => Promise<unknown>): void {
  const why = missingWhy(files);
  if (!why) it(name, fn);
  else if (isCi()) it(`${name} (${why})`, failInCi(why));
  else it.skip(`${name} (skipped: ${why})`, () => undefined);
}
