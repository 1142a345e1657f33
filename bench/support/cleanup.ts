/**
 * Teardown steps run in reverse order of acquisition, on success, on error and on Ctrl-C alike, so
 * a failed or interrupted run leaves no server, database or temp dir behind.
 */
export class Cleanup {
  private readonly steps: { name: string; run: () => Promise<void> | void }[] = [];

  add(name: string, run: () => Promise<void> | void): void {
    this.steps.push({ name, run });
  }

  async runAll(): Promise<void> {
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      try {
        await step.run();
      } catch (err) {
        // One failed step must not keep the others from running.
        process.stderr.write(`[bench] cleanup "${step.name}" failed: ${(err as Error).message}\n`);
      }
    }
  }
}

/** Runs `fn` with a cleanup stack that also unwinds when the run is interrupted by a signal. */
export async function withCleanup<T>(fn: (cleanup: Cleanup) => Promise<T>): Promise<T> {
  const cleanup = new Cleanup();
  const onSignal = (signal: NodeJS.Signals) => {
    process.stderr.write(`\n[bench] ${signal}: cleaning up\n`);
    void cleanup.runAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await fn(cleanup);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup.runAll();
  }
}
