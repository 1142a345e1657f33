import { runApiAuthBench } from './api-auth.bench';
import { runCompanyDataBench } from './company-data.bench';
import { runIngestBench } from './ingest.bench';
import { runPublicSearchBench } from './public-search.bench';
import { runSemanticSearchBench } from './semantic-search.bench';

/**
 * `npm run bench`: every benchmark, one after the other (each cleans up before the next starts).
 * Figures are information, never assertions: the exit code is 0 unless a benchmark crashed.
 * Options:
 *   --only=NAME[,NAME…]  run just these benchmarks (default: all, in the order below)
 *   --cpu-prof=DIR       write V8 CPU profiles of the servers under test to DIR
 */
const BENCHMARKS: Readonly<Record<string, (options: { cpuProfDir?: string }) => Promise<unknown>>> = {
  'public-search': runPublicSearchBench,
  'api-auth': runApiAuthBench,
  'company-data': runCompanyDataBench,
  'semantic-search': runSemanticSearchBench,
  ingest: runIngestBench,
};

function option(argv: string[], name: string): string | undefined {
  const arg = argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : undefined;
}

/** The benchmarks to run, in their order; undefined after a usage error. */
function selected(argv: string[]): string[] | undefined {
  const known = Object.keys(BENCHMARKS);
  const unknownArgs = argv.filter((a) => !/^--(only|cpu-prof)=/.test(a));
  const only = option(argv, 'only');
  const names = only === undefined ? known : only.split(',').map((n) => n.trim()).filter(Boolean);
  const unknownNames = names.filter((n) => !known.includes(n));
  if (unknownArgs.length || unknownNames.length || names.length === 0) {
    process.stderr.write(
      `${[...unknownArgs.map((a) => `unknown argument ${a}`), ...unknownNames.map((n) => `unknown benchmark "${n}"`)].join('\n') || 'no benchmark named'}\n` +
        `usage: npm run bench [-- [--only=${known.join('|')}[,…]] [--cpu-prof=DIR]]\n`,
    );
    return undefined;
  }
  return known.filter((n) => names.includes(n));
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const names = selected(argv);
  if (!names) process.exit(2);
  const cpuProfDir = option(argv, 'cpu-prof');
  for (const name of names) await BENCHMARKS[name]!({ cpuProfDir });
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
