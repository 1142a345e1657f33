import os from 'node:os';
import type { SpanCount, TelemetrySummary } from '../telemetry.bench';
import { GX_BENCH_SETTINGS, type GxSetting } from './gx-server';
import type { Measured } from './telemetry.support';
import { median } from './stats';
import { int, mb, ms, table } from './table';

const out = (text = '') => process.stdout.write(`${text}\n`);
const signed = (x: number, digits = 1) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;
const pct = (ratio: number) => `${signed((ratio - 1) * 100)}%`;
const rpsOf = (m: Measured) => m.rounds.map((r) => r.rps);
const us = (v: number) => `${v.toFixed(1)} µs`;
const perRequest = (c: SpanCount) => (c.requests ? c.spans / c.requests : Number.NaN);

/** min–max of the rounds and their half-range as a share of the median: the noise of one configuration. */
function spread(values: number[], format: (v: number) => string = int): { text: string; halfRange: number } {
  const halfRange = (Math.max(...values) - Math.min(...values)) / 2 / median(values);
  return { text: `${format(Math.min(...values))}–${format(Math.max(...values))} (±${(halfRange * 100).toFixed(1)}%)`, halfRange };
}

export interface Comparison {
  /** Median of the paired ratios other/base (round i of one against round i of the other). */
  ratio: number;
  low: number;
  high: number;
  /** The noise floor: the median change between consecutive rounds of the base configuration alone. */
  floor: number;
  measurable: boolean;
}

/**
 * Measurable: every paired ratio on the same side of 1 (a sign test: with 6 pairs p ≈ 0.03) and the
 * median ratio further from 1 than two rounds of the base configuration typically are from each other.
 */
export function compare(base: number[], other: number[]): Comparison {
  const ratios = other.map((v, i) => v / base[i]!);
  const ratio = median(ratios);
  const floor = median(base.slice(1).map((v, i) => Math.abs(v / base[i]! - 1)));
  const sameSide = ratios.every((r) => r > 1) || ratios.every((r) => r < 1);
  return { ratio, low: Math.min(...ratios), high: Math.max(...ratios), floor, measurable: sameSide && Math.abs(ratio - 1) > floor };
}

const judged = (c: Comparison, base = 'OFF') =>
  `${pct(c.ratio)} (paired rounds ${pct(c.low)} … ${pct(c.high)}; ${base} vs ${base}: ±${(c.floor * 100).toFixed(1)}%): ` +
  (c.measurable ? 'MEASURABLE' : 'not measurable');

/** Prints the telemetry benchmark: figures, rounds, the hooks micro-measure, verdicts, then the summary as one JSON line. */
export function printTelemetryReport(s: TelemetrySummary, tracing: GxSetting): void {
  const cpus = os.cpus();
  out();
  out('=== Telemetry cost: public search with tracing off (default) and on, against a bare Node server ===');
  out(`Corpus: ${int(s.corpus.total)} papers = ${int(s.corpus.real)} from the reference data's papers.jsonl (GX_REFERENCE_DATA_DIR) + ${int(s.corpus.generated)} generated` +
    ` (loaded in ${(s.corpus.loadMs / 1000).toFixed(1)} s; Postgres: ${s.database}); both servers on this one database`);
  out('Servers: two `node bin/gx.js start --target all` side by side (child processes, embedded defaults), each with:');
  for (const { name, value, why } of GX_BENCH_SETTINGS) out(`  ${name}=${value}: ${why}`);
  out(`  ${tracing.name}=<sink>: ${tracing.why}`);
  out('Sink: a loopback Node `http` server (child process) answering 200 `{}` to POST /v1/traces and counting the spans.');
  out('Bare: a Node `http` server answering a captured search response body to every request (the ceiling).');
  out(`Load: autocannon, ${s.load.connections} connections, no pipelining; a warm-up of ${s.load.warmupSeconds} s per server, then ` +
    `${s.load.rounds} rounds × ${s.load.roundSeconds} s per server, interleaved with the order rotated each round (AB BA… / ABC BCA CAB…);` +
    ' figures are medians over the rounds. Cache misses: a distinct path for every request, the same sequence sent to both servers.');
  out(`Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, load average at the end ${s.loadAverage.map((l) => l.toFixed(2)).join(' ')}`);
  out();

  const missCmp = compare(rpsOf(s.miss.off), rpsOf(s.miss.on));
  const hitCmp = compare(rpsOf(s.hit.off), rpsOf(s.hit.on));
  const seqCmp = compare(s.sequential.off.blockP50, s.sequential.on.blockP50);
  const hooksCmp = compare(rpsOf(s.hooks.plain), rpsOf(s.hooks.hooks));
  const missCpu = compare(s.miss.off.cpuUs, s.miss.on.cpuUs);
  const hitCpu = compare(s.hit.off.cpuUs, s.hit.on.cpuUs);
  const hooksCpu = compare(s.hooks.plain.cpuUs, s.hooks.hooks.cpuUs);
  const cpuSpread = (m: Measured) => spread(m.cpuUs, (v) => v.toFixed(0)).text;
  const ratio = (a: number, b: number) => (a / b).toFixed(3);
  const seq = s.sequential;
  const sp = s.spans;
  out(table(['figure', 'tracing OFF', 'tracing ON', 'bare', 'ON/OFF', 'OFF/bare'], [
    ['start-up (spawn → /readyz 200)', `${int(s.gx.off.startupMs)} ms`, `${int(s.gx.on.startupMs)} ms`, '', ratio(s.gx.on.startupMs, s.gx.off.startupMs), ''],
    ['then until /readyz says ready (vector index)', `${int(s.gx.off.fullyReadyMs)} ms (${s.gx.off.readyStatus})`, `${int(s.gx.on.fullyReadyMs)} ms (${s.gx.on.readyStatus})`, '', '', ''],
    ['RSS once ready', mb(s.gx.off.rssMb.afterStart), mb(s.gx.on.rssMb.afterStart), '', ratio(s.gx.on.rssMb.afterStart, s.gx.off.rssMb.afterStart), ''],
    ['RSS after the run (peak)', `${mb(s.gx.off.rssMb.afterRun)} (${mb(s.gx.off.rssMb.peak)})`, `${mb(s.gx.on.rssMb.afterRun)} (${mb(s.gx.on.rssMb.peak)})`, '', ratio(s.gx.on.rssMb.peak, s.gx.off.rssMb.peak), ''],
    [`cache-miss throughput, req/s (${s.load.connections} conn.)`, int(s.miss.off.rps), int(s.miss.on.rps), '', ratio(s.miss.on.rps, s.miss.off.rps), ''],
    ['  its rounds, min–max (±half-range)', spread(rpsOf(s.miss.off)).text, spread(rpsOf(s.miss.on)).text, '', '', ''],
    ['cache-miss server CPU per request', us(s.miss.off.cpuUsMedian), us(s.miss.on.cpuUsMedian), '', ratio(s.miss.on.cpuUsMedian, s.miss.off.cpuUsMedian), ''],
    ['  its rounds, min–max µs (±half-range)', cpuSpread(s.miss.off), cpuSpread(s.miss.on), '', '', ''],
    [`cache-miss p50 / p99 (${s.load.connections} conn.)`, `${ms(s.miss.off.p50)} / ${ms(s.miss.off.p99)}`, `${ms(s.miss.on.p50)} / ${ms(s.miss.on.p99)}`, '', ratio(s.miss.on.p50, s.miss.off.p50), ''],
    [`cache-miss p50 (sequential, n=${seq.off.n})`, ms(seq.off.p50), ms(seq.on.p50), '', ratio(seq.on.p50, seq.off.p50), ''],
    [`  p50 of each block of ${s.sequentialBlocks.perBlock}, min–max`, spread(seq.off.blockP50, ms).text, spread(seq.on.blockP50, ms).text, '', '', ''],
    [`cache-miss p99 (sequential, n=${seq.off.n})`, ms(seq.off.p99), ms(seq.on.p99), '', ratio(seq.on.p99, seq.off.p99), ''],
    [`cache-hit throughput, req/s (${s.load.connections} conn.)`, int(s.hit.off.rps), int(s.hit.on.rps), int(s.hit.bare.rps), ratio(s.hit.on.rps, s.hit.off.rps), ratio(s.hit.off.rps, s.hit.bare.rps)],
    ['  its rounds, min–max (±half-range)', spread(rpsOf(s.hit.off)).text, spread(rpsOf(s.hit.on)).text, spread(rpsOf(s.hit.bare)).text, '', ''],
    ['cache-hit server CPU per request', us(s.hit.off.cpuUsMedian), us(s.hit.on.cpuUsMedian), us(s.hit.bare.cpuUsMedian), ratio(s.hit.on.cpuUsMedian, s.hit.off.cpuUsMedian), ratio(s.hit.off.cpuUsMedian, s.hit.bare.cpuUsMedian)],
    ['  its rounds, min–max µs (±half-range)', cpuSpread(s.hit.off), cpuSpread(s.hit.on), cpuSpread(s.hit.bare), '', ''],
    [`cache-hit p50 / p99 (${s.load.connections} conn.)`, `${ms(s.hit.off.p50)} / ${ms(s.hit.off.p99)}`, `${ms(s.hit.on.p50)} / ${ms(s.hit.on.p99)}`, `${ms(s.hit.bare.p50)} / ${ms(s.hit.bare.p99)}`, ratio(s.hit.on.p50, s.hit.off.p50), ''],
    ['spans / request: misses under load', '0', spansCell(sp.miss), '', '', ''],
    ['spans / request: sequential misses', '0', spansCell(sp.sequential), '', '', ''],
    ['spans / request: hits under load', '0', spansCell(sp.hit), '', '', ''],
    ['sink CPU per traced request', '', us(s.sinkCpuUsPerRequest), '', '', ''],
  ]));
  out();

  out('Rounds (req/s; server CPU µs a request), in the order run; ratios are round against round:');
  const n = s.load.rounds;
  const row = (name: string, m: Measured) => [name, ...m.rounds.map((r, i) => `${int(r.rps)}; ${m.cpuUs[i]!.toFixed(0)}`), int(m.rounds.reduce((a, r) => a + r.non2xx + r.errors, 0))];
  const ratioRow = (name: string, a: Measured, b: Measured) => [name, ...a.rounds.map((r, i) => ratio(r.rps, b.rounds[i]!.rps)), ''];
  out(table(['run', ...Array.from({ length: n }, (_, i) => `round ${i + 1}`), 'non-2xx + errors'], [
    row('cache miss, tracing OFF', s.miss.off),
    row('cache miss, tracing ON', s.miss.on),
    ratioRow('  ON/OFF', s.miss.on, s.miss.off),
    row('cache hit, tracing OFF', s.hit.off),
    row('cache hit, tracing ON', s.hit.on),
    row('bare server', s.hit.bare),
    ratioRow('  ON/OFF', s.hit.on, s.hit.off),
    ratioRow('  OFF/bare', s.hit.off, s.hit.bare),
  ]));
  out();

  const hooksUs = s.hooks.hooks.cpuUsMedian - s.hooks.plain.cpuUsMedian;
  out(`Per-request hooks with tracing off (access log at warn + request histogram + getSpan + edge-cache counter), on a bare` +
    ` server; ${s.micro.rounds} interleaved rounds × ${s.micro.roundSeconds} s, ${s.micro.connections} connections:`);
  out(table(['figure', 'plain http', '+ hooks', 'hooks/plain'], [
    ['throughput, req/s', int(s.hooks.plain.rps), int(s.hooks.hooks.rps), ratio(s.hooks.hooks.rps, s.hooks.plain.rps)],
    ['  its rounds, min–max (±half-range)', spread(rpsOf(s.hooks.plain)).text, spread(rpsOf(s.hooks.hooks)).text, ''],
    ['  rounds, in order', s.hooks.plain.rounds.map((r) => int(r.rps)).join(' '), s.hooks.hooks.rounds.map((r) => int(r.rps)).join(' '), ''],
    ['p50 / p99', `${ms(s.hooks.plain.p50)} / ${ms(s.hooks.plain.p99)}`, `${ms(s.hooks.hooks.p50)} / ${ms(s.hooks.hooks.p99)}`, ''],
    ['server CPU per request', us(s.hooks.plain.cpuUsMedian), us(s.hooks.hooks.cpuUsMedian), `${signed(hooksUs)} µs`],
    ['  its rounds, in order', s.hooks.plain.cpuUs.map((v) => v.toFixed(1)).join(' '), s.hooks.hooks.cpuUs.map((v) => v.toFixed(1)).join(' '), ''],
  ]));
  const parts = s.hookPartsNs;
  out('Their parts, each called 5 × 1,000,000 times in the bench process (no SDK registered, as in gx with tracing off), median:');
  out(table(['part', 'ns a call'], [
    ['trace.getSpan(context.active()) (tracing\'s only per-request work when off)', parts.getSpan.toFixed(1)],
    ['request-duration histogram observe (recordRequest)', parts.requestHistogram.toFixed(1)],
    ['edge-cache hit/miss counter inc', parts.edgeCacheCounter.toFixed(1)],
  ]));
  out();

  const lostUnderLoad = 1 - perRequest(sp.miss) / perRequest(sp.sequential);
  const addedUs = (c: { off: Measured; on: Measured }) => `${signed(c.on.cpuUsMedian - c.off.cpuUsMedian, 0)} µs`;
  out('Verdicts (measurable = every paired round on the same side of 1, and the median paired change larger than the median change' +
    ' between consecutive rounds of the base configuration alone, "OFF vs OFF": the noise floor):');
  out(`  tracing OFF (default), tracing's own per-request work: ${parts.getSpan.toFixed(0)} ns a request (the no-op span lookup); no span, no export`);
  out(`  tracing OFF (default), all per-request hooks (tracing lookup + metrics): ${signed(hooksUs)} µs of CPU a request on a bare server, CPU ${judged(hooksCpu, 'plain')}, throughput ${judged(hooksCmp, 'plain')};` +
    ` a gx request costs ${us(s.hit.off.cpuUsMedian)} (hit) to ${us(s.miss.off.cpuUsMedian)} (miss) of CPU with tracing off`);
  out(`  tracing ON, cache misses: CPU ${addedUs(s.miss)} a request, ${judged(missCpu)}; throughput ${judged(missCmp)}`);
  out(`  tracing ON, cache hits: CPU ${addedUs(s.hit)} a request, ${judged(hitCpu)}; throughput ${judged(hitCmp)}`);
  out(`  tracing ON, sequential cache-miss p50 (blocks of ${s.sequentialBlocks.perBlock}): ${judged(seqCmp)}; p99 ${ms(seq.off.p99)} → ${ms(seq.on.p99)}`);
  out(`  tracing ON, export: ${int(sp.miss.spans + sp.sequential.spans + sp.hit.spans)} spans in ${int(sp.batches)} batches (${mb(sp.bytes / 1048576)} of OTLP/JSON), ` +
    `${perRequest(sp.sequential).toFixed(2)} a miss, ${perRequest(sp.hit).toFixed(2)} a hit; the sink used ${us(s.sinkCpuUsPerRequest)} of CPU a traced request; ` +
    (lostUnderLoad > 0.02 ? `under load ${(lostUnderLoad * 100).toFixed(0)}% fewer spans a miss than sequentially (dropped: queue full)` : 'none lost under load') +
    `${sp.rejected ? `; ${sp.rejected} batches unreadable` : ''}${sp.countAgrees ? '' : '; WARNING: the sink\'s span count disagreed with a parse'}`);
  out();
  out(`BENCH_SUMMARY ${JSON.stringify(s)}`);
}

function spansCell(c: SpanCount): string {
  return `${perRequest(c).toFixed(2)} (${int(c.spans)}/${int(c.requests)})`;
}
