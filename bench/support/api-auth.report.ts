import os from 'node:os';
import type { AddedLatency, ApiAuthSummary } from '../api-auth.bench';
import { int, ms, table, yesNo } from './table';

const out = (text = '') => process.stdout.write(`${text}\n`);
const signedMs = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(2)} ms`;

/** Prints the figures of the API-auth benchmark as tables, then the whole summary as one JSON line. */
export function printApiAuthReport(s: ApiAuthSummary): void {
  const cpus = os.cpus();
  const target = s.targetAddedP50Ms;
  out();
  out(`=== Data API: ${s.request} through the gateway, authenticated vs auth disabled ===`);
  out(`Request: the same bytes to every configuration, \`Authorization: Bearer <key>\` included; the key is a Paid key with daily and monthly` +
    ` allowances of ${int(s.key.daily)} (both windows charged on every request, never exhausted). Postgres: ${s.database} (one scratch database for all).`);
  out('Servers: `node bin/gx.js start --target all`, one child process per configuration, all running for the whole run; settings common to all:');
  for (const { name, value, why } of s.settings) out(`  ${name}=${value}: ${why}`);
  out('Configurations:');
  for (const c of s.configurations) {
    const env = c.settings.map((x) => `${x.name}=${x.value}`).join(' ');
    out(`  ${c.label}: ${env ? `${env}; ` : ''}${c.counters} (pid ${c.pid}, ready in ${int(c.startupMs)} ms)`);
  }
  if (!s.redis.reachable) out(`  (c) auth + quota, Redis: SKIPPED, Redis is not reachable at ${s.redis.url} (${s.redis.reason ?? 'no reason given'})`);
  out(`Load: autocannon in the bench process, ${s.load.connections} connections, no pipelining; warm-up ${s.load.warmupSeconds} s each, then` +
    ` ${s.load.rounds} rounds × ${s.load.roundSeconds} s each, configurations interleaved in rotating order; figures are medians over the rounds.`);
  out(`Sequential: one kept-alive connection per configuration, ${s.sequential.warmup} warm-up requests each, then ${int(s.sequential.requests)}` +
    ` requests each in interleaved blocks of ${s.sequential.block}; req/s = requests / sum of their latencies. Latency is client-side, send to last byte.`);
  out(`Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  out();

  out('Throughput and latency:');
  out(table(
    ['configuration', `req/s (${s.load.connections} conn)`, 'p50', 'p99', 'req/s (sequential)', 'p50', 'p99'],
    s.configurations.map((c) => [c.label, int(c.load.rps), ms(c.load.p50), ms(c.load.p99), int(c.sequential.rps), ms(c.sequential.p50), ms(c.sequential.p99)]),
  ));
  out();

  out(`Added by authentication and quota, over (a) (target: under ${target} ms at p50; information, not an assertion).`);
  out('Sequential figures are the added time of one request; under load they also hold the queueing caused by lower throughput.');
  out(table(
    ['configuration', 'p50 sequential', `under ${target} ms`, `p50 ${s.load.connections} conn`, `under ${target} ms`, 'p99 sequential', `p99 ${s.load.connections} conn`, 'throughput vs (a)'],
    s.added.map((a: AddedLatency) => [
      a.label,
      signedMs(a.sequentialP50Ms),
      yesNo(a.under.sequential),
      signedMs(a.loadedP50Ms),
      yesNo(a.under.loaded),
      signedMs(a.sequentialP99Ms),
      signedMs(a.loadedP99Ms),
      `${(a.throughputRatio * 100).toFixed(0)} %`,
    ]),
  ));
  out();

  out('Rounds (req/s, p50, p99):');
  out(table(
    ['configuration', ...(s.configurations[0]?.load.rounds ?? []).map((_, i) => `round ${i + 1}`), 'non-2xx', 'errors'],
    s.configurations.map((c) => [
      c.label,
      ...c.load.rounds.map((r) => `${int(r.rps)}, ${r.p50.toFixed(2)}, ${r.p99.toFixed(2)}`),
      int(c.load.rounds.reduce((n, r) => n + r.non2xx, 0)),
      int(c.load.rounds.reduce((n, r) => n + r.errors, 0)),
    ]),
  ));
  out();

  out('Checks (before measuring, and the quota after):');
  for (const c of s.configurations) {
    for (const check of c.checks) out(`  ${c.label}: ${check}`);
    const { answered, sent } = c.requests;
    if (c.charged === undefined) {
      out(`  ${c.label}: ${int(answered)} requests answered 200 of ${int(sent)} sent over the run (checks and warm-ups included)`);
    } else {
      // The request without a key is refused before it is counted; those in flight when a round stopped are charged but never answered.
      const consistent = c.charged >= answered && c.charged <= sent - 1;
      out(`  ${c.label}: daily counter after the run ${int(c.charged)}; the bench had ${int(answered)} answered 200 of ${int(sent - 1)} sent with the key` +
        ` (those in flight when a round stopped are charged, never answered): ${consistent ? 'consistent' : 'INCONSISTENT'}`);
    }
  }
  if (s.cpuProfileDir) {
    out(`  CPU profiles of the gx processes written to ${s.cpuProfileDir} (file names end in the pid: ` +
      `${s.configurations.map((c) => `${c.label} ${c.pid}`).join(', ')}); profiling slows the servers, so these figures are not the reference ones`);
  }
  out();
  out(`BENCH_SUMMARY ${JSON.stringify(s)}`);
}
