let generation = 0;

/**
 * Waits for an event the test cannot be told about directly: polls `check` every `intervalMs` until it
 * returns a value other than undefined/false/null, and resolves with that value. No deadline of its
 * own: jest's timeout bounds the test, and a wait its test left behind stops at the end of that test
 * (tests/support/after-each-file.ts). An error thrown by `check` ends the wait with that error.
 */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false | null> | T | undefined | false | null, intervalMs = 20): Promise<T> {
  const mine = generation;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false && value !== null) return value;
    if (mine !== generation) throw new Error(`gave up waiting for ${what}: its test ended`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Ends every wait in progress (called when a test ends). */
export function cancelWaits(): void {
  generation++;
}
