import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withCleanup, type Cleanup } from './support/cleanup';
import { loadCorpus, type CorpusReport } from './support/corpus';
import { GX_BENCH_SETTINGS, startBareServer, startGxServer, type GxSetting } from './support/gx-server';
import { checkCache } from './support/cache-check';
import { HttpClient } from './support/http-client';
import type { LoadSettings, RoundResult } from './support/load';
import { freePort } from './support/ports';
import { HIT_QUERIES, MISS_QUERIES, searchPath } from './support/search-queries';
import { rotated } from './support/sequential';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { latencySummary } from './support/stats';
import { int } from './support/table';
import { printTelemetryReport } from './support/telemetry.report';
import { cpuMs, fullyReady, hookPartsNs, interleaved, settled as settledTally, type Measured } from './support/telemetry.support';
import { probeQueries, UniqueSearchUrls, type ProbedSpec } from './support/unique-urls';
import { benchWorkspace, progress } from './support/bench-workspace';

const CORPUS_SIZE = 30_000;
/** Many short rounds rather than a few long ones: more pairs to compare, and noise spread over both sides. */
const LOAD: LoadSettings = { connections: 10, warmupSeconds: 3, rounds: 6, roundSeconds: 3 };
const MICRO: LoadSettings = { connections: 10, warmupSeconds: 2, rounds: 8, roundSeconds: 2 };
const SEQUENTIAL = { blocks: 6, perBlock: 100 };
/** Longer than the batch span processor's default 5 s delay: after this long without a new span, all were sent. */
const SPANS_QUIET_MS = 5_500;
/** The first vector-index build of 30,000 papers takes about half a minute on 2 cores. */
const FULLY_READY_TIMEOUT_MS = 300_000;

export const TRACING_SETTING = (endpoint: string): GxSetting => ({
  name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
  value: endpoint,
  why: 'tracing on (the ON server only): OTLP/HTTP JSON to the loopback sink, default batch settings (512 spans a batch, 5 s delay, 2,048 queued)',
});

/** Spans the sink received in one phase, over the requests the traced server was sent in it. */
export interface SpanCount {
  spans: number;
  requests: number;
}

export interface TelemetrySummary {
  bench: 'telemetry';
  database: string;
  corpus: CorpusReport;
  load: LoadSettings;
  micro: LoadSettings;
  sequentialBlocks: typeof SEQUENTIAL;
  /** Start-up: spawn until /readyz first answered 200; fullyReadyMs: then until it said `ready` (vector index built too). */
  gx: Record<'off' | 'on', { startupMs: number; fullyReadyMs: number; readyStatus: string; rssMb: { afterStart: number; afterRun: number; peak: number } }>;
  queries: { kept: number; dropped: Pick<ProbedSpec, 'category' | 'q' | 'total'>[] };
  miss: Record<'off' | 'on', Measured>;
  /** Per config: all samples, and the p50 of each interleaved block (their spread is the noise floor). */
  sequential: Record<'off' | 'on', { p50: number; p99: number; n: number; blockP50: number[]; misses: number }>;
  hit: Record<'off' | 'on' | 'bare', Measured> & { bodyBytes: number; sampleHits: number; sampleChecked: number };
  spans: { miss: SpanCount; sequential: SpanCount; hit: SpanCount; batches: number; bytes: number; rejected: number; countAgrees: boolean };
  /** CPU time of the sink process over every request sent to the traced server (µs a request). */
  sinkCpuUsPerRequest: number;
  hooks: Record<'plain' | 'hooks', Measured>;
  /** The hooks' parts called in the bench process, ns a call. */
  hookPartsNs: ReturnType<typeof hookPartsNs>;
  loadAverage: number[];
}

/**
 * What tracing costs the public search: `gx start --target all` with tracing off (no endpoint, the
 * default) and on (exporting to a loopback OTLP sink) side by side on one database and corpus, their
 * rounds interleaved with each other and with a bare Node server; then the per-request hooks that run
 * with tracing off, on a bare server with and without them.
 */
export async function runTelemetryBench(options: { cpuProfDir?: string } = {}): Promise<TelemetrySummary> {
  return withCleanup(async (cleanup) => {
    const { tmp, db } = await benchWorkspace(cleanup);

    progress(`loading ${CORPUS_SIZE} papers (papers.jsonl + generated)`);
    const corpus = await loadCorpus(db.url, CORPUS_SIZE);

    const sink = await startChild(cleanup, 'OTLP sink', 'otlp-sink.js', [], '/count', tmp);
    const sinkClient = new HttpClient(sink.url);
    cleanup.addSync('close the sink client', () => sinkClient.close());
    const sinkTally = async () => JSON.parse((await sinkClient.get('/count')).body) as { spans: number; batches: number; bytes: number; rejected: number; countAgrees: boolean };

    const startGx = async (config: 'off' | 'on', settings: readonly GxSetting[]) => {
      progress(`starting \`gx start --target all\`, tracing ${config}`);
      const dataDir = path.join(tmp, `data-${config}`);
      fs.mkdirSync(dataDir);
      const server = await startGxServer({ databaseUrl: db.url, dataDir, settings, cpuProfDir: options.cpuProfDir, name: `gx (tracing ${config})` });
      cleanup.add(`stop gx (tracing ${config})`, () => server.stop());
      // One at a time, each left to finish its background vector-index build before anything else runs.
      const ready = await fullyReady(server.url, FULLY_READY_TIMEOUT_MS);
      if (ready.status !== 'ready') progress(`gx (tracing ${config}) still says "${ready.status}" after ${int(ready.ms)} ms; measuring anyway`);
      return { server, ready };
    };
    const { server: off, ready: offReady } = await startGx('off', GX_BENCH_SETTINGS);
    const { server: on, ready: onReady } = await startGx('on', [...GX_BENCH_SETTINGS, TRACING_SETTING(sink.url)]);
    const afterStart = { off: off.memory(), on: on.memory() };
    const clients = { off: new HttpClient(off.url), on: new HttpClient(on.url) };
    cleanup.addSync('close the http clients', () => Object.values(clients).forEach((c) => c.close()));

    const { kept, dropped } = await probeQueries(clients.off, MISS_QUERIES);
    // One sequence of distinct paths per server: both are sent the same searches, each a miss.
    const urls = { off: new UniqueSearchUrls(kept), on: new UniqueSearchUrls(kept) };
    let onRequests = 0;
    const countOn = (config: string, r: RoundResult) => void (config === 'on' && (onRequests += r.sent));
    // Spans a phase caused: those received from its start until the traced server has sent them all.
    let settled = (await settledTally(sinkTally, SPANS_QUIET_MS)).spans;
    const sinkCpuBefore = cpuMs(sink.pid);
    const phase = async <T>(work: () => Promise<T>): Promise<{ result: T; spans: SpanCount }> => {
      const [spansBefore, requestsBefore] = [settled, onRequests];
      const result = await work();
      settled = (await settledTally(sinkTally, SPANS_QUIET_MS)).spans;
      return { result, spans: { spans: settled - spansBefore, requests: onRequests - requestsBefore } };
    };

    progress(`cache-miss runs, interleaved: warm-up ${LOAD.warmupSeconds} s each + ${LOAD.rounds} × ${LOAD.roundSeconds} s each`);
    const miss = await phase(() =>
      interleaved({ off: { url: off.url, pid: off.pid, paths: () => urls.off.next() }, on: { url: on.url, pid: on.pid, paths: () => urls.on.next() } }, LOAD, countOn),
    );

    progress(`sequential cache misses: ${SEQUENTIAL.blocks} interleaved blocks of ${SEQUENTIAL.perBlock} each`);
    const sequential = await phase(async () => {
      const blocks = { off: [] as number[][], on: [] as number[][] };
      const misses = { off: 0, on: 0 };
      for (let b = 0; b < SEQUENTIAL.blocks; b++) {
        for (const config of rotated(['off', 'on'] as const, b)) {
          const ms: number[] = [];
          for (let i = 0; i < SEQUENTIAL.perBlock; i++) {
            const res = await clients[config].get(urls[config].next());
            if (res.status !== 200) throw new Error(`search answered ${res.status}: ${res.body.slice(0, 300)}`);
            if (res.headers['x-cache'] === 'MISS') misses[config]++;
            ms.push(res.ms);
          }
          if (config === 'on') onRequests += ms.length;
          blocks[config].push(ms);
        }
      }
      const figures = (config: 'off' | 'on') => ({
        ...latencySummary(blocks[config].flat()),
        blockP50: blocks[config].map((ms) => latencySummary(ms).p50),
        misses: misses[config],
      });
      return { off: figures('off'), on: figures('on') };
    });

    const hitPaths = HIT_QUERIES.map((spec) => searchPath(spec, 10, 0));
    const hit = await phase(async () => {
      // Warmed only now: the hit phase must fit in the 60 s TTL of these entries.
      for (const config of ['off', 'on'] as const) await checkCache(clients[config], hitPaths, 'MISS');
      const sample = await checkCache(clients.off, hitPaths, 'HIT');
      await checkCache(clients.on, hitPaths, 'HIT');
      onRequests += 2 * hitPaths.length;
      const bodyFile = path.join(tmp, 'bare-body.json');
      fs.writeFileSync(bodyFile, sample.firstBody);
      const bare = await startBareServer(bodyFile, tmp);
      cleanup.add('stop the bare server', () => bare.stop());
      progress(`cache-hit and bare runs, interleaved: warm-up ${LOAD.warmupSeconds} s each + ${LOAD.rounds} × ${LOAD.roundSeconds} s each`);
      const figures = await interleaved(
        { off: { url: off.url, pid: off.pid, paths: hitPaths }, on: { url: on.url, pid: on.pid, paths: hitPaths }, bare: { url: bare.url, pid: bare.pid, paths: hitPaths } },
        LOAD,
        countOn,
      );
      await bare.stop();
      return { ...figures, bodyBytes: Buffer.byteLength(sample.firstBody), sampleHits: sample.matched, sampleChecked: sample.checked };
    });
    const afterRun = { off: off.memory(), on: on.memory() };
    const tally = await sinkTally();
    const sinkCpuUsPerRequest = ((cpuMs(sink.pid) - sinkCpuBefore) * 1000) / onRequests;
    await Promise.all([off.stop(), on.stop()]);

    progress(`per-request hooks with tracing off: a bare server with and without them, interleaved (${MICRO.rounds} × ${MICRO.roundSeconds} s each)`);
    const bodyFile = path.join(tmp, 'bare-body.json');
    const plain = await startChild(cleanup, 'bare server (plain)', 'bare-server.js', [bodyFile, 'plain'], '/', tmp);
    const hooked = await startChild(cleanup, 'bare server (hooks)', 'bare-server.js', [bodyFile, 'hooks'], '/', tmp);
    const hooks = await interleaved({ plain: { url: plain.url, pid: plain.pid, paths: hitPaths }, hooks: { url: hooked.url, pid: hooked.pid, paths: hitPaths } }, MICRO);
    await Promise.all([plain.stop(), hooked.stop(), sink.stop()]);
    progress('the hooks\' parts, timed in this process');
    const parts = hookPartsNs();

    const memoryOf = (config: 'off' | 'on') => ({ afterStart: afterStart[config].rssMb, afterRun: afterRun[config].rssMb, peak: afterRun[config].peakRssMb });
    const summary: TelemetrySummary = {
      bench: 'telemetry',
      database: db.server,
      corpus,
      load: LOAD,
      micro: MICRO,
      sequentialBlocks: SEQUENTIAL,
      gx: {
        off: { startupMs: off.startupMs, fullyReadyMs: offReady.ms, readyStatus: offReady.status, rssMb: memoryOf('off') },
        on: { startupMs: on.startupMs, fullyReadyMs: onReady.ms, readyStatus: onReady.status, rssMb: memoryOf('on') },
      },
      queries: { kept: kept.length, dropped: dropped.map(({ category, q, total }) => ({ category, q, total })) },
      miss: miss.result,
      sequential: sequential.result,
      hit: hit.result,
      spans: { miss: miss.spans, sequential: sequential.spans, hit: hit.spans, batches: tally.batches, bytes: tally.bytes, rejected: tally.rejected, countAgrees: tally.countAgrees },
      sinkCpuUsPerRequest,
      hooks,
      hookPartsNs: parts,
      loadAverage: os.loadavg(),
    };
    printTelemetryReport(summary, TRACING_SETTING(sink.url));
    return summary;
  });
}

/** A helper server compiled next to this bench's support files, on a free port, stopped by `cleanup`. */
async function startChild(cleanup: Cleanup, name: string, script: string, args: string[], readyPath: string, cwd: string): Promise<ServerProcess> {
  const port = await freePort();
  const file = path.join(__dirname, 'support', script);
  const [first, ...rest] = args;
  const argv = first === undefined ? [file, String(port)] : [file, first, String(port), ...rest];
  const server = await startServerProcess({ name, args: argv, env: {}, cwd, port, readyPath, timeoutMs: 15_000 });
  cleanup.add(`stop the ${name}`, () => server.stop());
  return server;
}

