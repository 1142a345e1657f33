import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread that runs a program of this project: a module beside its caller, compiled like
 * the rest (`<name>.program.js` in dist/), so the program can use the project's own code (the text
 * analyzer, say) rather than be a string of plain JavaScript. The tests run the TypeScript sources:
 * they register a loader of TypeScript (`registerWorkerHook`), which a worker loads before its program.
 */
const hooks: string[] = [];

/** A module every worker loads before its program (the tests' loader of TypeScript). */
export function registerWorkerHook(file: string): void {
  if (!hooks.includes(file)) hooks.push(file);
}

const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
for (const hook of workerData.hooks) require(hook);
require(workerData.program);
`;

/**
 * Starts `<dir>/<name>.program` with the extension of `caller` (the module asking: .js compiled,
 * .ts under the tests); the program reads `data` as `workerData.data`.
 */
export function startWorkerProgram(caller: string, name: string, data: unknown): Worker {
  const program = path.join(path.dirname(caller), `${name}.program${path.extname(caller)}`);
  return new Worker(BOOTSTRAP, { eval: true, workerData: { hooks: [...hooks], program, data } });
}
