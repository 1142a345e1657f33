import os from 'node:os';
import type { PublicSearchSummary } from '../public-search.bench';
import { GX_BENCH_SETTINGS } from './gx-server';
import type { Measurement } from './load';
import { TARGETS } from './public-search.targets';
import { int, mb, ms, table, yesNo } from './table';

const out = (text = '') => process.stdout.write(`${text}\n`);

/** Prints the figures of the public-search benchmark as tables, then the whole summary as one JSON line. */
export function printPublicSearchReport(s: PublicSearchSummary): void {
  const cpus = os.cpus();
  out();
  out('=== Public search: GET /api/v1/papers/search through the gateway ===');
  out(`Corpus: ${int(s.corpus.total)} papers = ${int(s.corpus.real)} from the reference data's papers.jsonl (GX_REFERENCE_DATA_DIR) + ${int(s.corpus.generated)} generated` +
    ` (loaded in ${(s.corpus.loadMs / 1000).toFixed(1)} s; Postgres: ${s.database})`);
  out('Server: `node bin/gx.js start --target all` as a child process, embedded defaults (in-process keyword index and response cache; no Redis, no Elasticsearch):');
  for (const { name, value, why } of GX_BENCH_SETTINGS) out(`  ${name}=${value}: ${why}`);
  out('Baseline: a bare Node `http` server (child process) answering a captured search response body to every request.');
  out(`Load: autocannon in the bench process, ${s.load.connections} connections, no pipelining; warm-up ${s.load.warmupSeconds} s, then` +
    ` ${s.load.rounds} rounds × ${s.load.roundSeconds} s; figures are medians over the rounds; latency is client-side, send to last byte.`);
  out(`Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  out();

  const t = s.targets;
  out(table(['figure', 'value', 'target', 'met'], [
    ['start-up (spawn → /readyz 200)', `${int(s.startupMs)} ms`, '', ''],
    ['RSS after start-up', mb(s.rssMb.afterStart), '', ''],
    ['RSS after the run (peak)', `${mb(s.rssMb.afterRun)} (${mb(s.rssMb.peak)})`, '', ''],
    [`cache miss p50 (${s.load.connections} connections)`, ms(s.miss.p50), `< ${TARGETS.missP50Ms} ms`, yesNo(t.missP50)],
    [`cache miss p99 (${s.load.connections} connections)`, ms(s.miss.p99), `< ${TARGETS.missP99Ms} ms`, yesNo(t.missP99)],
    ['cache miss throughput', `${int(s.miss.rps)} req/s`, '', ''],
    [`cache miss p50 (sequential, n=${s.miss.sequential.n})`, ms(s.miss.sequential.p50), `< ${TARGETS.missP50Ms} ms`, yesNo(s.miss.sequential.p50 < TARGETS.missP50Ms)],
    [`cache miss p99 (sequential, n=${s.miss.sequential.n})`, ms(s.miss.sequential.p99), `< ${TARGETS.missP99Ms} ms`, yesNo(s.miss.sequential.p99 < TARGETS.missP99Ms)],
    ['cache hit p50 / p99', `${ms(s.hit.p50)} / ${ms(s.hit.p99)}`, '', ''],
    ['cache hit throughput', `${int(s.hit.rps)} req/s`, '', ''],
    ['bare server p50 / p99', `${ms(s.bare.p50)} / ${ms(s.bare.p99)}`, '', ''],
    ['bare server throughput', `${int(s.bare.rps)} req/s`, '', ''],
    ['cache hit / bare throughput', s.hitToBareRatio.toFixed(2), `>= ${TARGETS.hitToBareRatio}`, yesNo(t.hitThroughput)],
  ]));
  out();

  out('Rounds (req/s, p50, p99):');
  out(table(['run', ...s.miss.rounds.map((_, i) => `round ${i + 1}`), 'non-2xx', 'errors'], [
    roundRow('cache miss', s.miss),
    roundRow('cache hit', s.hit),
    roundRow('bare server', s.bare),
  ]));
  out();

  out('Cache-miss latency by category (sequential requests over one kept-alive connection, no concurrency):');
  out(table(['category', 'queries', 'median total', 'requests', 'MISS', 'p50', 'p99'],
    Object.values(s.categories).map((c) => [c.label, int(c.queries), int(c.medianTotal), int(c.requests), int(c.misses), ms(c.p50), ms(c.p99)])));
  out();

  const missCache = sumCache(s.miss);
  const hitCache = sumCache(s.hit);
  out('Checks:');
  out(`  queries: ${s.queries.kept} kept; ${s.queries.dropped.length} dropped by the probe (too few matches)` +
    `${s.queries.dropped.length ? `: ${s.queries.dropped.map((d) => `${d.q} [${d.category}, ${d.total}]`).join(', ')}` : ''}`);
  out(`  cache-miss sample before the run: ${s.miss.sample.miss}/${s.miss.sample.checked} X-Cache: MISS`);
  out(`  cache-miss run: ${int(s.miss.uniquePaths)} distinct paths; X-Cache MISS ${int(missCache.miss)}, HIT ${int(missCache.hit)} over the measured rounds`);
  out(`  cache-hit sample after pre-warming: ${s.hit.sample.hit}/${s.hit.sample.checked} X-Cache: HIT; run: HIT ${int(hitCache.hit)}, MISS ${int(hitCache.miss)}`);
  out(`  body sizes: cache-hit responses ${int(s.hit.bodyBytes)} B on average, bare server ${int(s.bare.bodyBytes)} B`);
  if (s.cpuProfileDir) out(`  CPU profile of the gx process written to ${s.cpuProfileDir}`);
  out();
  out(`BENCH_SUMMARY ${JSON.stringify(s)}`);
}

function roundRow(name: string, m: Measurement): string[] {
  return [
    name,
    ...m.rounds.map((r) => `${int(r.rps)}, ${r.p50.toFixed(2)}, ${r.p99.toFixed(2)}`),
    int(m.rounds.reduce((n, r) => n + r.non2xx, 0)),
    int(m.rounds.reduce((n, r) => n + r.errors, 0)),
  ];
}

function sumCache(m: Measurement): { hit: number; miss: number } {
  return m.rounds.reduce((acc, r) => ({ hit: acc.hit + r.cache.hit, miss: acc.miss + r.cache.miss }), { hit: 0, miss: 0 });
}
