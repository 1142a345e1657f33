import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../shared/project-paths';
import { SCALING, SCALING_PLANS, SCALING_TARGETS, sizeLabel, type ScalingSummary, type SizeFigures } from '../scaling.bench';
import { CATEGORIES, CATEGORY_LABELS } from './search-queries';
import { median } from './stats';
import { lineChartSvg, type ChartSeries, type LineChart } from './svg-chart';
import { int, table } from './table';

const out = (text = '') => process.stdout.write(`${text}\n`);
const DASH = '—';
const sec = (ms: number | undefined) => (ms === undefined ? DASH : `${(ms / 1000).toFixed(2)} s`);
const msf = (v: number | undefined) => (v === undefined ? DASH : v.toFixed(2));
const mbf = (v: number | undefined) => (v === undefined ? DASH : `${Math.round(v)}`);
const pair = (a: string, b: string) => (a === DASH && b === DASH ? DASH : `${a} / ${b}`);
/** A figure of the rounds run while the first start built the vector index (none: a dash). */
const during = (f: SizeFigures, fn: (xs: NonNullable<SizeFigures['duringBuild']>) => string) => (f.duringBuild?.length ? fn(f.duringBuild) : DASH);
/** The median over the restarts that measured the figure (vector mode: only plans with the vector index). */
const restartsMedian = (f: SizeFigures, pick: (r: SizeFigures['restarts'][number]) => number | undefined) => {
  const values = f.restarts.map(pick).filter((v): v is number => v !== undefined);
  return values.length ? median(values) : undefined;
};

export type TargetState = 'met' | 'NOT met' | 'not measured';
export interface TargetVerdict {
  name: string;
  state: TargetState;
  detail: string;
}

/** The issue's targets, judged on the figures measured so far. */
export function judgeTargets(sizes: readonly SizeFigures[]): TargetVerdict[] {
  const t = SCALING_TARGETS;
  const verdicts: TargetVerdict[] = [];
  const state = (measured: boolean, ok: boolean): TargetState => (!measured ? 'not measured' : ok ? 'met' : 'NOT met');

  const starts = sizes.flatMap((f) => [
    ...(f.first ? [{ size: f.target, label: 'first start', ms: f.first.publicMs }] : []),
    ...f.restarts.map((r, i) => ({ size: f.target, label: `restart ${i + 1}`, ms: r.publicMs })),
  ]);
  const slowest = starts.reduce<(typeof starts)[number] | undefined>((a, b) => (!a || b.ms > a.ms ? b : a), undefined);
  verdicts.push({
    name: `public search answers within ${t.publicWithinMs / 1000} s of the spawn, every start at every size`,
    state: state(starts.length > 0, starts.every((x) => x.ms <= t.publicWithinMs)),
    detail: slowest ? `slowest: ${sec(slowest.ms)} (${int(slowest.size)} papers, ${slowest.label})` : '',
  });

  const replicas = sizes.filter((f) => f.replica);
  verdicts.push({
    name: `a fresh DATA_DIR replica with INDEX_SEED_DIR answers the public search within ${t.replicaWithinMs / 1000} s (issue 30's goal is at 300,000 papers)`,
    state: state(replicas.length > 0, replicas.every((f) => f.replica!.seeded.publicMs <= t.replicaWithinMs)),
    detail: replicas.map((f) => `${int(f.target)}: ${sec(f.replica!.seeded.publicMs)} (no seed: ${sec(f.replica!.built.publicMs)})`).join('; '),
  });

  const at30k = sizes.find((f) => f.target === 30_000);
  verdicts.push({
    name: `right after a start, cache-miss throughput under ${SCALING.connections} connections >= ${int(t.coldRpsAt30k)} req/s at 30,000 papers`,
    state: state(!!at30k?.cold, (at30k?.cold?.throughput.rps ?? 0) >= t.coldRpsAt30k),
    detail: at30k?.cold ? `${int(at30k.cold.throughput.rps)} req/s cold (warm: ${at30k.warm ? int(at30k.warm.throughput.rps) : DASH} req/s)` : '30,000 not in SCALING_SIZES',
  });

  const warm = sizes.filter((f) => f.warm);
  verdicts.push({
    name: `warm throughput under ${SCALING.connections} connections never below the one-at-a-time rate`,
    state: state(warm.length > 0, warm.every((f) => f.warm!.throughput.rps >= f.warm!.sequential.rps)),
    detail: warm.map((f) => `${int(f.target)}: ${int(f.warm!.throughput.rps)} vs ${int(f.warm!.sequential.rps)} req/s`).join('; '),
  });

  const hit = sizes.filter((f) => f.hit);
  verdicts.push({
    name: `cache hits >= ${t.hitToBare * 100} % of a bare Node server's throughput`,
    state: state(hit.length > 0, hit.every((f) => f.hit!.ratio >= t.hitToBare)),
    detail: hit.map((f) => `${int(f.target)}: ${(f.hit!.ratio * 100).toFixed(0)} %`).join('; '),
  });

  // Sizes of one plan against each other: a plan without the vector index needs far less a paper.
  const mem = sizes.filter((f) => f.kbPerPaper !== undefined);
  const previousOfPlan = (i: number) => mem.slice(0, i).reverse().find((p) => p.plan === mem[i]!.plan);
  const compared = mem.filter((_, i) => previousOfPlan(i) !== undefined);
  verdicts.push({
    name: `memory per paper (RSS after a restart / papers) flat or falling with size (each size at most ${Math.round((t.memoryPerPaperSlack - 1) * 100)} % above the previous size of its plan)`,
    state: state(compared.length > 0, mem.every((f, i) => !previousOfPlan(i) || f.kbPerPaper! <= previousOfPlan(i)!.kbPerPaper! * t.memoryPerPaperSlack)),
    detail: mem.map((f) => `${sizeLabel(f.target, f.plan)}: ${f.kbPerPaper!.toFixed(1)} KB`).join('; ') + (compared.length === 0 ? ' (needs two sizes of one plan)' : ''),
  });
  return verdicts;
}

/** Rows = figures, columns = sizes. */
export function scalingTable(sizes: readonly SizeFigures[]): string {
  const col = (fn: (f: SizeFigures) => string) => sizes.map((f) => fn(f));
  const row = (label: string, fn: (f: SizeFigures) => string) => [label, ...col(fn)];
  const rMed = (f: SizeFigures, pick: (r: SizeFigures['restarts'][number]) => number | undefined) => sec(restartsMedian(f, pick));
  const rows: string[][] = [
    row('papers (papers.jsonl + generated)', (f) => (f.papers ? int(f.papers.total) : DASH)),
    row('load: wall (generation excluded; keyword index files included)', (f) => sec(f.load?.loadMs)),
    row('load: papers/s (index files excluded)', (f) => (f.load ? int(f.load.papersPerSecond) : DASH)),
    row('load: keyword index files (`gx load papers --index-files`)', (f) => sec(f.load?.indexFilesMs)),
    row('load: that `gx load` peak RSS (VmHWM; the whole keyword index built), MB', (f) => mbf(f.load?.indexFilesPeakMb)),
    row('bench process: peak RSS after generating and loading, MB', (f) => mbf(f.load?.benchPeakRssMb)),
    row('first start after the load: public search answers', (f) => sec(f.first?.publicMs)),
    row('first start: /readyz 200', (f) => sec(f.first?.readyzMs)),
    row('first start: vector mode ready (embed + build)', (f) => sec(f.first?.vectorMs)),
    row('first start: RSS / VmHWM once ready (vector mode included), MB', (f) => pair(mbf(f.first?.rssMb), mbf(f.first?.hwmMb))),
    row(`first start, while the vector index builds: ${SCALING.buildRoundSeconds} s rounds under ${SCALING.connections} conn`, (f) => (f.duringBuild ? String(f.duringBuild.length) : DASH)),
    row('  public miss req/s: median (lowest round)', (f) => during(f, (xs) => `${int(median(xs.map((x) => x.rps)))} (${int(Math.min(...xs.map((x) => x.rps)))})`)),
    row('  requests failed or not 2xx (autocannon times out at 10 s)', (f) => during(f, (xs) => int(xs.reduce((a, x) => a + x.failed, 0)))),
    row('  public miss p99 ms: median (highest round; a round without an answer counts as the highest)', (f) =>
      during(f, (xs) => {
        const p99s = xs.map((x) => (Number.isNaN(x.p99) ? Number.POSITIVE_INFINITY : x.p99));
        const show = (v: number) => (Number.isFinite(v) ? msf(v) : 'none answered');
        return `${show(median(p99s))} (${show(Math.max(...p99s))})`;
      }),
    ),
    row("  the server's event loop: longest stall, ms (median of the rounds' longest)", (f) =>
      during(f, (xs) => {
        const stalls = xs.map((x) => x.loopMaxMs).filter((v): v is number => v !== undefined);
        return stalls.length ? `${int(Math.max(...stalls))} (${int(median(stalls))})` : DASH;
      }),
    ),
    row('first stop (SIGTERM, saves the index)', (f) => sec(f.first?.stopMs)),
    row('DATA_DIR after it: vector index / keyword snapshot, MB', (f) => pair(mbf(f.dataDirMb?.vectors), mbf(f.dataDirMb?.keywordSnapshot))),
    row('restart: public search answers (median of 2)', (f) => rMed(f, (r) => r.publicMs)),
    row('restart: /readyz 200 (median of 2)', (f) => rMed(f, (r) => r.readyzMs)),
    row('restart: vector mode ready (median of 2)', (f) => rMed(f, (r) => r.vectorMs)),
    row('restart to ready: later of the two (median of 2)', (f) => rMed(f, (r) => r.readyMs)),
    row('restart: RSS / VmHWM once ready, MB', (f) => pair(mbf(f.restarts[1]?.rssMb), mbf(f.restarts[1]?.hwmMb))),
    row('memory per paper: after restart / first start, KB', (f) => pair(f.kbPerPaper?.toFixed(1) ?? DASH, f.kbPerPaperFirst?.toFixed(1) ?? DASH)),
    row('public miss COLD, one at a time: p50 / p99 ms', (f) => pair(msf(f.cold?.sequential.p50), msf(f.cold?.sequential.p99))),
    row(`public miss COLD, ${SCALING.connections} conn: req/s`, (f) => (f.cold ? int(f.cold.throughput.rps) : DASH)),
    row(`public miss COLD, ${SCALING.connections} conn: p50 / p99 ms`, (f) => pair(msf(f.cold?.throughput.p50), msf(f.cold?.throughput.p99))),
    row('public miss WARM, one at a time: p50 / p99 ms', (f) => pair(msf(f.warm?.sequential.p50), msf(f.warm?.sequential.p99))),
    row('public miss WARM, one at a time: req/s', (f) => (f.warm ? int(f.warm.sequential.rps) : DASH)),
    ...CATEGORIES.map((c) =>
      row(`  warm one at a time, ${CATEGORY_LABELS[c]}: p50 / p99 ms`, (f) => pair(msf(f.warmByCategory?.[c]?.p50), msf(f.warmByCategory?.[c]?.p99))),
    ),
    row(`public miss WARM, ${SCALING.connections} conn: req/s`, (f) => (f.warm ? int(f.warm.throughput.rps) : DASH)),
    row(`public miss WARM, ${SCALING.connections} conn: p50 / p99 ms`, (f) => pair(msf(f.warm?.throughput.p50), msf(f.warm?.throughput.p99))),
    row('vector mode, one at a time: p50 / p99 ms', (f) => pair(msf(f.vector?.p50), msf(f.vector?.p99))),
    row('recall@10, served HNSW vs exact (ties counted)', (f) => (f.recall ? `${f.recall.recall.toFixed(3)} (${f.recall.recallWithTies.toFixed(3)})` : DASH)),
    row(`cache hit, ${SCALING.connections} conn: req/s`, (f) => (f.hit ? int(f.hit.hit.rps) : DASH)),
    row(`bare Node server, ${SCALING.connections} conn: req/s`, (f) => (f.hit ? int(f.hit.bare.rps) : DASH)),
    row('cache hit / bare', (f) => (f.hit ? f.hit.ratio.toFixed(2) : DASH)),
    row('RSS / VmHWM after the run, MB', (f) => pair(mbf(f.afterRun?.rssMb), mbf(f.afterRun?.hwmMb))),
    row('fresh DATA_DIR replica, no seed (builds from Postgres): public search answers', (f) => sec(f.replica?.built.publicMs)),
    row('fresh DATA_DIR replica with INDEX_SEED_DIR: public search answers', (f) => sec(f.replica?.seeded.publicMs)),
    row('  of it, copying the seed: time; MB; MB/s', (f) => (f.replica ? `${sec(f.replica.seeded.copyMs)}; ${int(f.replica.seeded.copiedMb)}; ${int(f.replica.seeded.copiedMb / (f.replica.seeded.copyMs / 1000))}` : DASH)),
    row('fresh replicas: /readyz 200, no seed / seed', (f) => pair(sec(f.replica?.built.readyzMs), sec(f.replica?.seeded.readyzMs))),
    row('fresh replicas: VmHWM once answering, no seed / seed, MB', (f) => pair(mbf(f.replica?.built.hwmMb), mbf(f.replica?.seeded.hwmMb))),
    row('seed: published after the publisher\'s spawn; size, MB', (f) => (f.replica ? `${sec(f.replica.publishMs)}; ${mbf(f.replica.seedMb)}` : DASH)),
    row('wall time of this size (load included)', (f) => (f.wallMs === undefined ? DASH : `${(f.wallMs / 60_000).toFixed(1)} min`)),
  ];
  return table(['figure', ...sizes.map((f) => sizeLabel(f.target, f.plan))], rows);
}

export function printScalingReport(s: ScalingSummary, options: { final: boolean }): void {
  out();
  out(`== scaling: how cost grows with the corpus${options.final ? '' : ' (so far)'} ==`);
  out(`machine: ${s.machine.cpus} × ${s.machine.model}, ${s.machine.memGb} GiB, Node ${s.machine.node}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  out('server: `gx start` as a child process on the embedded defaults (in-process keyword index, lexical embedder, usearch HNSW; no Redis, Elasticsearch or Qdrant); Postgres: a scratch database per size');
  for (const st of s.settings) out(`  ${st.name}=${st.value}  (${st.why})`);
  for (const plan of [...new Set(s.sizes.map((f) => f.plan))]) {
    const spec = SCALING_PLANS[plan];
    out(`plan ${plan} (${s.sizes.filter((f) => f.plan === plan).map((f) => int(f.target)).join(', ')}): ${spec.description}`);
    for (const st of spec.settings) out(`  ${st.name}=${st.value}  (${st.why})`);
  }
  out(
    `per size: load (the last step, \`gx load papers --index-files\`, writes the keyword index files), then three starts on one DATA_DIR: the first (reopens the keyword index; builds the vector index where the plan has one), restart 1 (cold ${SCALING.connections}-connection round of ${SCALING.coldRoundSeconds} s, no warm-up), ` +
      `restart 2 (cold one pass one at a time; then warm: ${SCALING.warmSequential} one at a time, ${SCALING.warmRounds} × ${SCALING.warmRoundSeconds} s under ${SCALING.connections} connections, medians; ` +
      `with the vector index: vector mode ${SCALING.vectorSequential.requests} distinct queries, recall of ${SCALING.recallQueries} queries; cache hits vs bare ${SCALING.hit.rounds} × ${SCALING.hit.roundSeconds} s interleaved); ` +
      'then a publisher on that DATA_DIR writes the keyword index seed (INDEX_SEED_PUBLISH), and two new replicas (gateway,public-search) start on empty DATA_DIRs: one without the seed (builds from Postgres), one with INDEX_SEED_DIR (copies it; seed and DATA_DIR on the same local disk)',
  );
  out('every cache-miss request has a URL of its own (query × offset × limit), so the edge cache never answers it (checked: X-Cache HIT fails the run)');
  out();
  out(scalingTable(s.sizes));
  for (const f of s.sizes) if (f.error) out(`  ${sizeLabel(f.target, f.plan)}: stopped early: ${f.error}`);
  for (const f of s.sizes) {
    if (!f.duringBuild?.length) continue;
    out();
    out(`while the first start built the vector index at ${sizeLabel(f.target, f.plan)} papers (vector mode answered at ${sec(f.first?.vectorMs)}), each ${SCALING.buildRoundSeconds} s round under ${SCALING.connections} connections:`);
    for (const x of f.duringBuild) {
      out(`  ${x.atS.toFixed(0).padStart(5)} s  ${int(x.rps).padStart(6)} req/s  p99 ${(Number.isNaN(x.p99) ? 'none answered' : `${msf(x.p99)} ms`).padStart(13)}  event loop max ${x.loopMaxMs === undefined ? DASH : int(x.loopMaxMs)} ms  ${x.failed} failed${x.builtBeforeEnd ? '  (vector mode answered during this round)' : ''}`);
    }
  }
  for (const f of s.sizes) {
    if (!f.profile) continue;
    const p = f.profile;
    out();
    out(`CPU profile of restart 2 at ${sizeLabel(f.target, f.plan)} papers (${p.file}): busy ${(p.busyMs / 1000).toFixed(1)} s of ${(p.totalMs / 1000).toFixed(1)} s`);
    out('  self time by area: ' + p.selfByArea.slice(0, 8).map((e) => `${e.name} ${(e.share * 100).toFixed(1)} %`).join(', '));
    out('  self time by function:');
    for (const e of p.selfByFunction.slice(0, 10)) out(`    ${(e.share * 100).toFixed(1).padStart(5)} %  ${e.name}`);
    out('  inclusive:');
    for (const e of p.inclusiveByFunction.slice(0, 12)) out(`    ${(e.share * 100).toFixed(1).padStart(5)} %  ${e.name}`);
  }
  out();
  out('targets (information only; the exit code does not depend on them):');
  for (const v of judgeTargets(s.sizes)) out(`  [${v.state}] ${v.name}${v.detail ? ` — ${v.detail}` : ''}`);
}

/** One SVG per group of figures, against corpus size, in bench/results/scaling-*.svg; answers the paths. */
export function writeScalingCharts(s: ScalingSummary): string[] {
  const dir = path.join(projectRoot(), 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const sizes = s.sizes.filter((f) => f.papers);
  if (sizes.length === 0) return [];
  const xs = sizes.map((f) => f.papers!.total);
  const note = `${s.machine.cpus} cores, Node ${s.machine.node}, embedded defaults; ${new Date().toISOString().slice(0, 10)}`;
  // One line per plan: a size without the vector index is not a point on the line of those with it.
  const plans = [...new Set(sizes.map((f) => f.plan))];
  const series = (label: string, pick: (f: SizeFigures) => number | undefined): ChartSeries[] =>
    plans
      .map((plan) => ({ label: plan === 'all' ? label : `${label} (${plan})`, values: sizes.map((f) => (f.plan === plan ? pick(f) : undefined)) }))
      .filter((line) => line.values.some((v) => v !== undefined));
  const toS = (ms: number | undefined) => (ms === undefined ? undefined : ms / 1000);
  const charts: Record<string, Omit<LineChart, 'series'> & { series: ChartSeries[][] }> = {
    load: { title: 'Loading papers (keyword index files included)', yLabel: 'seconds', xs, note, series: [series('load wall time', (f) => toS(f.load?.loadMs))] },
    'load-rate': { title: 'Load rate', yLabel: 'papers/s', xs, note, series: [series('papers/s', (f) => f.load?.papersPerSecond)] },
    startup: {
      title: 'Start-up: spawn to each milestone',
      yLabel: 'seconds',
      xs,
      note,
      target: { value: SCALING_TARGETS.publicWithinMs / 1000, label: 'target: public search within 5 s' },
      series: [
        series('first start: public search answers', (f) => toS(f.first?.publicMs)),
        series('first start: /readyz', (f) => toS(f.first?.readyzMs)),
        series('first start: vector mode ready', (f) => toS(f.first?.vectorMs)),
        series('restart: public search answers', (f) => toS(restartsMedian(f, (r) => r.publicMs))),
        series('restart: vector mode ready', (f) => toS(restartsMedian(f, (r) => r.vectorMs))),
        series('restart to ready', (f) => toS(restartsMedian(f, (r) => r.readyMs))),
      ],
    },
    memory: {
      title: 'Memory of the gx process',
      yLabel: 'MB',
      xs,
      note,
      series: [
        series('RSS after first start (ready)', (f) => f.first?.rssMb),
        series('VmHWM during first start', (f) => f.first?.hwmMb),
        series('RSS after restart', (f) => f.restarts[1]?.rssMb),
        series('VmHWM after the run', (f) => f.afterRun?.hwmMb),
      ],
    },
    'memory-per-paper': {
      title: 'Memory per paper',
      yLabel: 'KB per paper',
      xs,
      note,
      series: [series('RSS after restart / papers', (f) => f.kbPerPaper), series('RSS after first start / papers', (f) => f.kbPerPaperFirst)],
    },
    latency: {
      title: 'Latency one request at a time',
      yLabel: 'ms',
      xs,
      note,
      series: [
        series('public miss cold p50', (f) => f.cold?.sequential.p50),
        series('public miss cold p99', (f) => f.cold?.sequential.p99),
        series('public miss warm p50', (f) => f.warm?.sequential.p50),
        series('public miss warm p99', (f) => f.warm?.sequential.p99),
        series('vector mode p50', (f) => f.vector?.p50),
        series('vector mode p99', (f) => f.vector?.p99),
      ],
    },
    throughput: {
      title: 'Public search throughput',
      yLabel: 'req/s',
      xs,
      note,
      target: { value: SCALING_TARGETS.coldRpsAt30k, label: 'target: cold >= 1,000 req/s at 30,000' },
      series: [
        series(`cache miss cold, ${SCALING.connections} conn`, (f) => f.cold?.throughput.rps),
        series(`cache miss warm, ${SCALING.connections} conn`, (f) => f.warm?.throughput.rps),
        series('cache miss warm, one at a time', (f) => f.warm?.sequential.rps),
      ],
    },
    'cache-hits': {
      title: 'Cache hits against a bare Node server',
      yLabel: 'req/s',
      xs,
      note,
      series: [series(`cache hit, ${SCALING.connections} conn`, (f) => f.hit?.hit.rps), series(`bare Node server, ${SCALING.connections} conn`, (f) => f.hit?.bare.rps)],
    },
    recall: {
      title: 'Recall@10 of the served vector index',
      yLabel: 'recall@10',
      xs,
      note,
      target: { value: 0.95, label: 'semantic-search target 0.95' },
      series: [series('recall@10', (f) => f.recall?.recall), series('recall@10, ties counted', (f) => f.recall?.recallWithTies)],
    },
  };
  const files: string[] = [];
  for (const [name, chart] of Object.entries(charts)) {
    const file = path.join(dir, `scaling-${name}.svg`);
    fs.writeFileSync(file, lineChartSvg({ ...chart, series: chart.series.flat() }));
    files.push(path.relative(projectRoot(), file));
  }
  return files;
}
