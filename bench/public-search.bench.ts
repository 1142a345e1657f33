import fs from 'node:fs';
import path from 'node:path';
import { withCleanup } from './support/cleanup';
import { loadCorpus, type CorpusReport } from './support/corpus';
import { startBareServer, startGxServer } from './support/gx-server';
import { checkCache } from './support/cache-check';
import { HttpClient } from './support/http-client';
import { measure, runRound, summarise, type LoadSettings, type Measurement, type RoundResult } from './support/load';
import { printPublicSearchReport } from './support/public-search.report';
import { TARGETS } from './support/public-search.targets';
import { CATEGORY_LABELS, HIT_QUERIES, MISS_QUERIES, searchPath, type Category } from './support/search-queries';
import { latencySummary } from './support/stats';
import { probeQueries, UniqueSearchUrls, type ProbedSpec } from './support/unique-urls';
import { benchWorkspace, progress } from './support/bench-workspace';

const CORPUS_SIZE = 30_000;
const LOAD: LoadSettings = { connections: 10, warmupSeconds: 3, rounds: 3, roundSeconds: 5 };
const SEQUENTIAL_PER_CATEGORY = 200;
const MISS_SAMPLE = 20;

export interface CategoryFigures {
  label: string;
  queries: number;
  medianTotal: number;
  p50: number;
  p99: number;
  requests: number;
  misses: number;
}

export interface PublicSearchSummary {
  bench: 'public-search';
  database: string;
  corpus: CorpusReport;
  startupMs: number;
  rssMb: { afterStart: number; afterRun: number; peak: number };
  load: LoadSettings;
  queries: { kept: number; dropped: Pick<ProbedSpec, 'category' | 'q' | 'total'>[] };
  miss: Measurement & {
    uniquePaths: number;
    sample: { checked: number; miss: number };
    /** All the per-category requests together: latency without queueing behind other requests. */
    sequential: { p50: number; p99: number; n: number };
  };
  categories: Partial<Record<Category, CategoryFigures>>;
  hit: Measurement & { bodyBytes: number; sample: { checked: number; hit: number } };
  bare: Measurement & { bodyBytes: number };
  hitToBareRatio: number;
  /** Met or not, on the loaded (10-connection) figures; the sequential ones are shown beside them. */
  targets: { missP50: boolean; missP99: boolean; hitThroughput: boolean };
  cpuProfileDir?: string;
}

/**
 * Public search through the gateway, `gx start --target all` on the embedded defaults with 30,000
 * papers: cache-miss and cache-hit throughput and latency against a bare Node server in the same run.
 */
export async function runPublicSearchBench(options: { cpuProfDir?: string } = {}): Promise<PublicSearchSummary> {
  return withCleanup(async (cleanup) => {
    const { tmp, db } = await benchWorkspace(cleanup);

    progress(`loading ${CORPUS_SIZE} papers (papers.jsonl + generated)`);
    const corpus = await loadCorpus(db.url, CORPUS_SIZE);

    progress('starting `gx start --target all`');
    const gx = await startGxServer({ databaseUrl: db.url, dataDir: tmp, cpuProfDir: options.cpuProfDir });
    cleanup.add('stop gx', () => gx.stop());
    const afterStart = gx.memory();
    const client = new HttpClient(gx.url);
    cleanup.addSync('close the http client', () => client.close());

    const { kept, dropped } = await probeQueries(client, MISS_QUERIES);
    const urls = new UniqueSearchUrls(kept);
    const missSample = await checkCache(client, Array.from({ length: MISS_SAMPLE }, () => urls.next()), 'MISS');

    progress(`cache-miss run: warm-up ${LOAD.warmupSeconds} s + ${LOAD.rounds} × ${LOAD.roundSeconds} s`);
    const issuedBefore = urls.issued;
    const miss = await measure(gx.url, () => urls.next(), LOAD);
    const uniquePaths = urls.issued - issuedBefore;

    progress(`per-category latency: ${SEQUENTIAL_PER_CATEGORY} sequential requests each`);
    const categories: Partial<Record<Category, CategoryFigures>> = {};
    const sequentialMs: number[] = [];
    for (const category of urls.categories()) {
      const { figures, ms } = await sequentialCategory(client, urls, category, kept);
      categories[category] = figures;
      sequentialMs.push(...ms);
    }

    // Warmed only now: the hit phase must fit in the 60 s TTL of these entries.
    const hitPaths = HIT_QUERIES.map((spec) => searchPath(spec, 10, 0));
    await checkCache(client, hitPaths, 'MISS');
    const hitSample = await checkCache(client, hitPaths, 'HIT');
    // The baseline answers a real search response, so both sides move the same bytes.
    const bodyFile = path.join(tmp, 'bare-body.json');
    fs.writeFileSync(bodyFile, hitSample.firstBody);
    const bare = await startBareServer(bodyFile, tmp);
    cleanup.add('stop the bare server', () => bare.stop());

    progress(`cache-hit and bare runs, interleaved: warm-up ${LOAD.warmupSeconds} s each + ${LOAD.rounds} × ${LOAD.roundSeconds} s each`);
    const { hit, bareRun } = await hitVersusBare(gx.url, bare.url, hitPaths);

    const afterRun = gx.memory();
    await gx.stop(); // now, so a CPU profile is written before the report points at it
    await bare.stop();

    const hitToBareRatio = hit.rps / bareRun.rps;
    const summary: PublicSearchSummary = {
      bench: 'public-search',
      database: db.server,
      corpus,
      startupMs: gx.startupMs,
      rssMb: { afterStart: afterStart.rssMb, afterRun: afterRun.rssMb, peak: afterRun.peakRssMb },
      load: LOAD,
      queries: { kept: kept.length, dropped: dropped.map(({ category, q, total }) => ({ category, q, total })) },
      miss: { ...miss, uniquePaths, sample: { checked: missSample.checked, miss: missSample.matched }, sequential: latencySummary(sequentialMs) },
      categories,
      hit: { ...hit, bodyBytes: hitSample.meanBytes, sample: { checked: hitSample.checked, hit: hitSample.matched } },
      bare: { ...bareRun, bodyBytes: Buffer.byteLength(hitSample.firstBody) },
      hitToBareRatio,
      targets: {
        missP50: miss.p50 < TARGETS.missP50Ms,
        missP99: miss.p99 < TARGETS.missP99Ms,
        hitThroughput: hitToBareRatio >= TARGETS.hitToBareRatio,
      },
      cpuProfileDir: options.cpuProfDir && path.resolve(options.cpuProfDir),
    };
    printPublicSearchReport(summary);
    return summary;
  });
}


async function sequentialCategory(
  client: HttpClient,
  urls: UniqueSearchUrls,
  category: Category,
  specs: ProbedSpec[],
): Promise<{ figures: CategoryFigures; ms: number[] }> {
  const ms: number[] = [];
  let misses = 0;
  for (let i = 0; i < SEQUENTIAL_PER_CATEGORY; i++) {
    const res = await client.get(urls.nextIn(category));
    if (res.status !== 200) throw new Error(`${category} search answered ${res.status}: ${res.body.slice(0, 300)}`);
    if (res.headers['x-cache'] === 'MISS') misses++;
    ms.push(res.ms);
  }
  const totals = specs.filter((s) => s.category === category).map((s) => s.total).sort((a, b) => a - b);
  const { p50, p99 } = latencySummary(ms);
  const figures = {
    label: CATEGORY_LABELS[category],
    queries: totals.length,
    medianTotal: totals[Math.floor(totals.length / 2)] ?? 0,
    p50,
    p99,
    requests: ms.length,
    misses,
  };
  return { figures, ms };
}

/** Alternating rounds, so a burst of machine noise lands on both sides rather than on one. */
async function hitVersusBare(gxUrl: string, bareUrl: string, paths: string[]): Promise<{ hit: Measurement; bareRun: Measurement }> {
  await runRound(gxUrl, paths, LOAD.connections, LOAD.warmupSeconds);
  await runRound(bareUrl, paths, LOAD.connections, LOAD.warmupSeconds);
  const hitRounds: RoundResult[] = [];
  const bareRounds: RoundResult[] = [];
  for (let i = 0; i < LOAD.rounds; i++) {
    hitRounds.push(await runRound(gxUrl, paths, LOAD.connections, LOAD.roundSeconds));
    bareRounds.push(await runRound(bareUrl, paths, LOAD.connections, LOAD.roundSeconds));
  }
  return { hit: summarise(hitRounds), bareRun: summarise(bareRounds) };
}
