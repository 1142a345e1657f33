interface Step {
  name: string;
  run: () => Promise<unknown> | void;
  /** Synchronous, so it can still run from the `exit` event when something else ends the process. */
  sync: boolean;
}

/**
 * Teardown steps run in reverse order of acquisition, on success, on error and on Ctrl-C alike, so
 * a failed or interrupted run leaves no server, database or temp dir behind.
 */
export class Cleanup {
  private readonly steps: Step[] = [];
  private running?: Promise<void>;

  add(name: string, run: () => Promise<unknown>): void {
    this.steps.push({ name, run, sync: false });
  }

  addSync(name: string, run: () => void): void {
    this.steps.push({ name, run, sync: true });
  }

  /** Idempotent: a signal and the failing run it interrupts both wait for the same teardown. */
  runAll(): Promise<void> {
    this.running ??= this.drain().finally(() => (this.running = undefined));
    return this.running;
  }

  /** The synchronous steps not yet run; for the `exit` event, where nothing can be awaited. */
  runSyncLeftovers(): void {
    for (const step of this.steps.filter((s) => s.sync).reverse()) {
      try {
        step.run();
      } catch {
        // The process is ending; nothing better to do than try the next step.
      }
    }
    this.steps.length = 0;
  }

  private async drain(): Promise<void> {
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

/**
 * Runs `fn` with a cleanup stack that also unwinds when the run is interrupted by a signal (the
 * embedded PostgreSQL runs detached from the terminal, so a Ctrl-C reaches only this process and the
 * stack stops it); the synchronous steps (temp dirs) also run on `exit`.
 */
export async function withCleanup<T>(fn: (cleanup: Cleanup) => Promise<T>): Promise<T> {
  const cleanup = new Cleanup();
  const onSignal = (signal: NodeJS.Signals) => {
    process.stderr.write(`\n[bench] ${signal}: cleaning up\n`);
    void cleanup.runAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  const onExit = () => cleanup.runSyncLeftovers();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', onExit);
  try {
    return await fn(cleanup);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup.runAll();
    process.off('exit', onExit);
  }
}
