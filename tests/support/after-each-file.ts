import path from 'node:path';
import { registerWorkerHook } from '../../shared/runtime/worker-program';
import { removeScratchDirs } from './test-run';
import { cancelWaits } from './wait-for';

// Worker threads running a program of the project load its TypeScript sources, as the tests do.
registerWorkerHook(path.join(__dirname, 'worker-typescript.js'));

// A wait its test left behind (a timed-out test) stops polling.
afterEach(() => {
  cancelWaits();
});

// Every test file's scratch directories (tests/support/test-run.ts `scratchDir`) go when its tests are done.
afterAll(() => {
  cancelWaits();
  removeScratchDirs();
});
