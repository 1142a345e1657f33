import os from 'node:os';
import type { CompanyDataSummary, KindFigures, TargetFigures } from '../company-data.bench';
import type { ProfileEntry } from './cpu-profile';
import { int, mb, ms, table, yesNo } from './table';

const out = (text = '') => process.stdout.write(`${text}\n`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const pct = (share: number) => `${(share * 100).toFixed(1)} %`;

/** Prints the figures of the company-data benchmark as tables, then the whole summary as one JSON line. */
export function printCompanyDataReport(s: CompanyDataSummary): void {
  const cpus = os.cpus();
  out();
  out('=== Data API, company data: GET /api/v1/gx-metrics (1,000 records) and GET /api/v1/companies (500) through the gateway ===');
  out(`Data: ${int(s.data.companies)} generated companies × ${s.data.years} years (generateDemoCompanyData; codes start with 0, never real) loaded with the` +
    ` project's loaders: ${int(s.data.rows.companies)} companies, ${int(s.data.rows.reports)} reports, ${int(s.data.rows.gx_metrics)} metric records` +
    ` (generated in ${int(s.data.generateMs)} ms, loaded in ${(s.data.loadMs / 1000).toFixed(1)} s, then VACUUM ANALYZE). Postgres: ${s.database}.`);
  out(`Server: \`node bin/gx.js start --target all\` as a child process (pid ${s.server.pid}, ready in ${int(s.server.startupMs)} ms), DATABASE_POOL_SIZE at its default (10); settings:`);
  for (const { name, value, why } of s.settings) out(`  ${name}=${value}: ${why}`);
  out(`Counters: ${s.redis.reachable ? `Redis at ${s.redis.url} (reachable): the per-key burst limiter counts in Redis, as in production` : `Redis NOT reachable at ${s.redis.url} (${s.redis.reason ?? 'no reason given'}): the burst limiter counts in process`}.` +
    ' Key: Internal plan (`gx keys create --plan internal`), unlimited allowance, so no quota counter is charged.');
  out('Requests (each response checked before the run: 200, count = data.length = limit):');
  for (const t of s.targets) out(`  ${t.label}: ${t.request}${t.paths > 1 ? `; ${int(t.paths)} distinct paths, cycled in a fixed shuffled order` : ''}`);
  for (const [name, set] of Object.entries(s.requests)) {
    out(`  ${name} pages by filter kind: ${Object.entries(set.kinds).map(([k, n]) => `${k} ${n}`).join(', ')}; deepest offset ${int(set.maxOffset)};` +
      ` ${set.filters} filters kept, ${set.dropped.length} dropped (fewer matches than one page)`);
  }
  out(`Load: autocannon in the bench process, ${s.load.connections} connections, no pipelining; warm-up ${s.load.warmupSeconds} s each, then` +
    ` ${s.load.rounds} rounds × ${s.load.roundSeconds} s each, targets interleaved in rotating order; figures are medians over the rounds.`);
  out(`Sequential: one kept-alive connection per target, ${s.sequential.warmup} warm-up requests each, then ${int(s.sequential.requests)}` +
    ` requests each in interleaved blocks of ${s.sequential.block}; req/s = requests / sum of their latencies. Latency is client-side, send to last byte.`);
  out(`Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')};` +
    ' the load generator, the server, Postgres and Redis share these CPUs.');
  out();

  out('Response sizes (bytes of the body):');
  out(table(['target', 'records', 'min', 'mean', 'max'], s.targets.map((t) => [
    t.label, t.records ? int(t.records) : '', `${int(t.bodyBytes.min)} B`, `${int(t.bodyBytes.mean)} B (${kb(t.bodyBytes.mean)})`, `${int(t.bodyBytes.max)} B`,
  ])));
  out();

  out('Throughput and latency:');
  out(table(
    ['target', `req/s (${s.load.connections} conn)`, 'p50', 'p99', 'MB/s', 'req/s (sequential)', 'p50', 'p99'],
    s.targets.map((t) => [
      t.label, int(t.load.rps), ms(t.load.p50), ms(t.load.p99), (t.load.rps * t.bodyBytes.mean / 1e6).toFixed(1),
      int(t.sequential.rps), ms(t.sequential.p50), ms(t.sequential.p99),
    ]),
  ));
  out();

  const t = s.target;
  out(`Target: p50 under ${t.p50Ms} ms for the 1,000-record cross-company search (information, not an assertion):`);
  out(`  sequential (one request at a time): p50 ${ms(t.sequentialP50)}, under ${t.p50Ms} ms: ${yesNo(t.metSequential)}`);
  out(`  under load (${s.load.connections} connections): p50 ${ms(t.loadedP50)}, under ${t.p50Ms} ms: ${yesNo(t.metLoaded)}`);
  const m = s.targets.find((x) => x.name === 'metrics');
  const bare = s.targets.find((x) => x.name === 'bare-metrics');
  if (m && bare) {
    out(`  for reading them: ${s.load.connections} connections / ${int(m.load.rps)} req/s = ${ms((s.load.connections / m.load.rps) * 1000)} per request` +
      ` (Little's law), so the loaded p50 is set by throughput; a bare Node server sending a body of the same size on this machine:` +
      ` p50 ${ms(bare.sequential.p50)} sequential, ${ms(bare.load.p50)} with ${s.load.connections} connections.`);
  }
  out();

  for (const f of s.targets.filter((x) => x.byKind)) {
    out(`${f.label}, sequential latency by filter kind and by offset:`);
    out(kindTable([...f.byKind!, ...f.byOffset!]));
    out();
  }

  out('Rounds (req/s, p50, p99):');
  out(table(
    ['target', ...(s.targets[0]?.load.rounds ?? []).map((_, i) => `round ${i + 1}`), 'non-2xx', 'errors'],
    s.targets.map((x: TargetFigures) => [
      x.label,
      ...x.load.rounds.map((r) => `${int(r.rps)}, ${r.p50.toFixed(2)}, ${r.p99.toFixed(2)}`),
      int(x.load.rounds.reduce((n, r) => n + r.non2xx, 0)),
      int(x.load.rounds.reduce((n, r) => n + r.errors, 0)),
    ]),
  ));
  out();

  const pass = s.profilePass;
  if (pass) {
    out(`CPU profile, gx-metrics only (--cpu-prof): a second gx process (pid ${pass.pid}) answered ${int(pass.requests)} sequential gx-metrics requests` +
      ` and nothing else (sequential p50 ${ms(pass.sequential.p50)}, p99 ${ms(pass.sequential.p99)} while profiled).`);
    const p = pass.profile;
    if (!p) out('  no profile file was found for it');
    else {
      out(`  ${p.file}: ${int(p.busyMs)} ms busy of ${int(p.totalMs)} ms sampled, so at most ${pass.busyMsPerRequest!.toFixed(2)} ms of CPU per request in the Node process` +
        ' (start-up and warm-up included); the rest of each request\'s time is Postgres, Redis and the client.');
      out('Self time by area:');
      out(profileTable(p.selfByArea));
      out('Self time by function:');
      out(profileTable(p.selfByFunction));
      out('Inclusive time by function (on the stack):');
      out(profileTable(p.inclusiveByFunction));
    }
    out();
  }

  out('Checks:');
  for (const c of s.checks) out(`  ${c}`);
  out(`  gx process RSS: ${mb(s.server.rssMb.afterStart)} after start-up, ${mb(s.server.rssMb.afterRun)} after the run (peak ${mb(s.server.rssMb.peak)})`);
  if (s.cpuProfileDir) out(`  CPU profiles written to ${s.cpuProfileDir}: the main gx process (pid ${s.server.pid}, the whole run, all targets) and the profiling pass; profiling slows the servers, so the figures of such a run are not the reference ones`);
  out();
  out(`BENCH_SUMMARY ${JSON.stringify(s)}`);
}

function kindTable(rows: KindFigures[]): string {
  return table(['requests', 'n', 'p50', 'p99'], rows.map((r) => [r.kind, int(r.n), ms(r.p50), ms(r.p99)]));
}

function profileTable(rows: ProfileEntry[]): string {
  return table(['', 'ms', 'of busy'], rows.map((r) => [r.name, int(r.ms), pct(r.share)]));
}
