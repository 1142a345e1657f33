import { removeScratchDirs } from './test-run';
import { cancelWaits } from './wait-for';

// A wait its test left behind (a timed-out test) stops polling.
afterEach(() => {
  cancelWaits();
});

// Every test file's scratch directories (tests/support/test-run.ts `scratchDir`) go when its tests are done.
afterAll(() => {
  cancelWaits();
  removeScratchDirs();
});
