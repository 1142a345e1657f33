import { runApiAuthBench } from './api-auth.bench';
import { runCitationsBench } from './citations.bench';
import { runCompanyDataBench } from './company-data.bench';
import { runIngestBench } from './ingest.bench';
import { runKeywordIndexBench } from './keyword-index.bench';
import { runPublicSearchBench } from './public-search.bench';
import { runRecordShapingBench } from './record-shaping.bench';
import { runRelatedBench } from './related.bench';
import { runReleasesBench } from './releases.bench';
import { runRelevanceBench } from './relevance.bench';
import { runScalingBench } from './scaling.bench';
import { runSemanticSearchBench } from './semantic-search.bench';
import { runStartUpBench } from './start-up.bench';
import { runTelemetryBench } from './telemetry.bench';

/**
 * `npm run bench`: every benchmark, one after the other (each cleans up before the next starts).
 * Figures are information, never assertions: the exit code is 0 unless a benchmark crashed.
 * Options:
 *   --only=NAME[,NAME…]  run just these benchmarks (default: all, in the order below)
 *   --cpu-prof=DIR       write V8 CPU profiles of the servers under test to DIR
 *   --sizes=N[:plan],…   corpus sizes of the scaling benchmark (default 30000,100000,300000,1000000; a size may name its plan, N:all or N:public-search; or SCALING_SIZES);
 *                        the related benchmark takes the first (default 30000)
 *   --eval=DIR[,DIR…]    the relevance benchmark's collections: folders in the judged collections' format
 *   --hybrid-weights=W[,W…]  the relevance benchmark also asks hybrid mode at each lexical share W (0 to 1),
 *                        restarting gx with HYBRID_LEXICAL_WEIGHT=W; the embedding configuration judged is
 *                        the EMBEDDING_* variables of the bench's environment (docs/configuration.md)
 *   --papers=N           papers loaded by the citations benchmark (default 300000, at least 30000; or CITATIONS_PAPERS)
 *                        and by the releases benchmark (default 30000, at least 10000; or RELEASES_PAPERS)
 * `scaling` (tens of minutes) and `telemetry` (about 4½ minutes, most of it waiting for two first
 * vector-index builds) run only when named: `--only=scaling`, `--only=telemetry`. So does `relevance`
 * (about a minute): it judges rankings, not cost, and is run by whoever changes the ranking. So does
 * `citations` (loading 300,000 papers takes minutes; `--papers=30000` for a quick run).
 * And `releases` (a load, three starts of gx, two cuts and four builds of a release index: about six minutes at
 * its default 30,000 papers on a busy 2-core machine).
 * And `related` (it loads its own corpus with a citation graph and builds a vector index of it:
 * `--only=related --sizes=300000` for the lead's figures).
 * And `start-up` (`npm start` to the first answer, seven starts of gx: about a minute): run it with no
 * source changed since the build, as `npm run bench -- --only=start-up` does.
 */
const BENCHMARKS: Readonly<Record<string, (options: { cpuProfDir?: string; sizes?: string; evalDirs?: string; papers?: string; hybridWeights?: string }) => Promise<unknown>>> = {
  'public-search': runPublicSearchBench,
  'record-shaping': runRecordShapingBench,
  'api-auth': runApiAuthBench,
  'company-data': runCompanyDataBench,
  'semantic-search': runSemanticSearchBench,
  ingest: runIngestBench,
  telemetry: runTelemetryBench,
  scaling: runScalingBench,
  relevance: runRelevanceBench,
  related: runRelatedBench,
  'keyword-index': runKeywordIndexBench,
  citations: runCitationsBench,
  releases: runReleasesBench,
  'start-up': runStartUpBench,
};

/** Long benchmarks left out of the default run. */
const ONLY_WHEN_NAMED: readonly string[] = ['scaling', 'telemetry', 'relevance', 'keyword-index', 'citations', 'related', 'releases', 'start-up'];

function option(argv: string[], name: string): string | undefined {
  const arg = argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : undefined;
}

/** The benchmarks to run, in their order; undefined after a usage error. */
function selected(argv: string[]): string[] | undefined {
  const known = Object.keys(BENCHMARKS);
  const unknownArgs = argv.filter((a) => !/^--(only|cpu-prof|sizes|eval|papers|hybrid-weights)=/.test(a));
  const only = option(argv, 'only');
  const names = only === undefined ? known.filter((n) => !ONLY_WHEN_NAMED.includes(n)) : only.split(',').map((n) => n.trim()).filter(Boolean);
  const unknownNames = names.filter((n) => !known.includes(n));
  if (unknownArgs.length || unknownNames.length || names.length === 0) {
    process.stderr.write(
      `${[...unknownArgs.map((a) => `unknown argument ${a}`), ...unknownNames.map((n) => `unknown benchmark "${n}"`)].join('\n') || 'no benchmark named'}\n` +
        `usage: npm run bench [-- [--only=${known.join('|')}[,…]] [--cpu-prof=DIR] [--sizes=N,…] [--eval=DIR,…] [--hybrid-weights=W,…] [--papers=N]]\n`,
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
  const sizes = option(argv, 'sizes');
  const evalDirs = option(argv, 'eval');
  const papers = option(argv, 'papers');
  const hybridWeights = option(argv, 'hybrid-weights');
  for (const name of names) await BENCHMARKS[name]!({ cpuProfDir, sizes, evalDirs, papers, hybridWeights });
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
