import type { Cut, FirstAnswer, ReleasesSummary, Row } from '../releases.bench';
import { int, markdownTable, mb, ms } from './table';

const ratio = (r: number) => `×${r.toFixed(2)}`;
const range = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
const seconds = (n: number) => `${(n / 1000).toFixed(2)} s`;
const waited = (a: FirstAnswer) => `${seconds(a.afterListenMs ?? a.ms)} (${a.preparing} × 503)`;
const meanwhile = (a: FirstAnswer) => (a.meanwhile && a.meanwhile.n > 0 ? `${a.meanwhile.n}, ${ms(a.meanwhile.p50)} / ${ms(a.meanwhile.p99)}` : 'none sent');
const slowest = (a: FirstAnswer) => (a.slowest ? `${ms(a.slowest.ms)}, ${seconds(a.slowest.beforeMs)} before` : '');
const bytes = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;

function comparison(rows: Row[], m: ReleasesSummary['method']): string {
  return markdownTable(
    ['request', 'without p50', 'as_of p50', 'ratio p50', `ratio p50 per block of ${m.pairs / m.blocks}`, 'without p99', 'as_of p99', 'ratio p99'],
    rows.map((r) => {
      const f = r.figures;
      return [r.name, ms(f.a.p50), ms(f.b.p50), ratio(f.ratioP50), range(f.blockRatios), ms(f.a.p99), ms(f.b.p99), ratio(f.ratioP99)];
    }),
  );
}

function storageRows(first: Cut, second: Cut): string[][] {
  const total = (c: Cut) => c.storage.releaseRecords + c.storage.releaseSpans + c.storage.releaseCitations + c.storage.releaseReferences;
  return [
    ['papers in the release', int(first.outcome.papers), int(second.outcome.papers)],
    ['added / changed / removed since the previous release', `${int(first.outcome.added)} / ${int(first.outcome.changed)} / ${int(first.outcome.removed)}`, `${int(second.outcome.added)} / ${int(second.outcome.changed)} / ${int(second.outcome.removed)}`],
    ['time of the cut', seconds(first.ms), seconds(second.ms)],
    ['release_records (with indexes and TOAST)', bytes(first.storage.releaseRecords), bytes(second.storage.releaseRecords)],
    ['release_spans', bytes(first.storage.releaseSpans), bytes(second.storage.releaseSpans)],
    ['release_citations', bytes(first.storage.releaseCitations), bytes(second.storage.releaseCitations)],
    ['release_references (references outside the corpus)', bytes(first.storage.releaseReferences), bytes(second.storage.releaseReferences)],
    ['release tables in all', bytes(total(first)), bytes(total(second))],
    ['release tables per paper of the release', `${(total(first) / first.outcome.papers / 1024).toFixed(2)} KiB`, `${(total(second) / second.outcome.papers / 1024).toFixed(2)} KiB`],
    ['growth by this cut', bytes(total(first)), bytes(total(second) - total(first))],
    ['for scale: papers + paper_references', bytes(first.storage.papers + first.storage.paperReferences), bytes(second.storage.papers + second.storage.paperReferences)],
  ];
}

export function printReleasesReport(s: ReleasesSummary): void {
  const load = s.machine.loadAverage.map((l) => l.toFixed(2)).join(' / ');
  const f = s.firstStart;
  const lines = [
    '',
    `## Dataset releases: as_of over HTTP (${int(s.firstCut.outcome.papers)} papers)`,
    '',
    `Corpus: ${int(s.corpus.papers.total)} papers (${int(s.corpus.papers.real)} real, ${int(s.corpus.papers.generated)} generated, with the generator's citation graph). ` +
      `\`gx start --target all\`, embedded engines, no vector index; ${s.machine.cpus} cores, Node ${s.machine.node}, load average at the end ${load} (1 / 5 / 15 min).`,
    `Settings: ${s.settings.map((x) => `${x.name}=${x.value}`).join(', ')}.`,
    `Each row: untimed pairs, as many as the row has distinct requests (at most ${s.method.maxWarmupPairs}: the first search of a term is paid outside the timing by both indexes alike), then ${s.method.pairs} pairs, one request without as_of and the same one with it, in alternation (which goes first alternates too), sequential on one kept-alive connection; time from sending to the last byte. The control row asks the same thing both ways: its ratio is what noise alone gives.`,
    '',
    `### As of the current release (${s.current.release}) vs without as_of`,
    '',
    comparison(s.current.rows, s.method),
    '',
    `### As of the old release (${s.old.release}) vs without as_of, after the second release (${s.secondCut.outcome.release}): (b) its index reopened from files after a restart`,
    '',
    comparison(s.oldReopened.rows, s.method),
    '',
    `### The same, (c) its index built from Postgres after a restart without its files`,
    '',
    comparison(s.old.rows, s.method),
    '',
    `### The cuts (the second after ${s.method.change.changed * 100}% of the papers got a new title, ${s.method.change.added * 100}% were added and ${s.method.change.removed * 100}% removed: ${int(s.change.changed)} / ${int(s.change.added)} / ${int(s.change.removed)}, loaded in ${seconds(s.change.loadMs)})`,
    '',
    markdownTable(['', `first: ${s.firstCut.outcome.release}`, `second: ${s.secondCut.outcome.release}`], storageRows(s.firstCut, s.secondCut)),
    '',
    '### Until a release answers',
    '',
    'Polled every 20 ms on a fresh connection (the 503 release_preparing answers are counted); between two polls a public search without as_of is sent and timed: what the corpus now costs while the index is prepared. A stall of the server delays whichever request is in flight: the slowest of all is given, and when it was sent.',
    '',
    markdownTable(
      ['moment', 'time', 'public searches meanwhile: n, p50 / p99', 'slowest request meanwhile (polls included), sent'],
      [
        ['first start: listeners open (from the spawn; live index reopened from `gx load --index-files`)', seconds(f.listenMs), ''],
        ['first start: the first release answers as_of (its index built from Postgres), after the listeners', waited(f.latestIndex), meanwhile(f.latestIndex), slowest(f.latestIndex)],
        ['first start: RSS once quiet (live index + the release index)', mb(f.rssMb), ''],
        ['(a) right after the second cut: first answer as of the old release (its index open: it was the latest)', `${ms(s.oldOpen.ms)} (status ${s.oldOpen.status})`, ''],
        ['after the second cut: the new release is listed as the latest, from the end of the cut', seconds(s.newRelease.labelledMs), ''],
        ['after the second cut: the new release answers as_of (its index built from Postgres in the background), from the end of the cut', waited({ ...s.newRelease.index, afterListenMs: s.newRelease.index.ms }), meanwhile(s.newRelease.index), slowest(s.newRelease.index)],
        ['after the second cut: RSS once quiet (live + two release indexes)', mb(s.newRelease.rssMb), ''],
        ['(b) restart on the same DATA_DIR: listeners open (from the spawn)', seconds(s.reopen.listenMs), ''],
        ['(b) first answer as of the old release after the listeners (index reopened from its files)', waited(s.reopen.old), meanwhile(s.reopen.old), slowest(s.reopen.old)],
        ['(c) restart, the old index folder deleted: listeners open (from the spawn)', seconds(s.rebuild.listenMs), ''],
        ['(c) first answer as of the old release after the listeners (index built from Postgres)', waited(s.rebuild.old), meanwhile(s.rebuild.old), slowest(s.rebuild.old)],
        ['(c) RSS once quiet (live + two release indexes) / peak', `${mb(s.rebuild.rssMb)} / ${mb(s.rebuild.peakRssMb)}`, ''],
      ],
    ),
    '',
    `Release ${s.inProcessBuild.release}'s index (${int(s.inProcessBuild.papers)} papers) built in the bench process with the code gx runs, nothing else running in it: ` +
      `${seconds(s.inProcessBuild.ms)}; ${s.inProcessBuild.batch.n} batches of synchronous work, ${ms(s.inProcessBuild.batch.p50)} each at the median, ${ms(s.inProcessBuild.batch.max)} at most; ` +
      `the checkpoint after the last batch (the open segment frozen, the files written) ${ms(s.inProcessBuild.checkpointMs)}. ` +
      `Event loop delay meanwhile: p99 ${ms(s.inProcessBuild.loopDelay.p99)}, max ${ms(s.inProcessBuild.loopDelay.max)}.`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
}
