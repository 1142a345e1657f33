import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { generateDemoPapers } from '../modules/papers/demo/demo-papers';
import { storedAlone, type Paper } from '../shared/papers/paper.schema';
import { parsePaperInput } from '../modules/papers/paper-input';
import { codePointLength, truncateText } from '../shared/text/normalize';
import { ABSTRACT_MAX_CHARS, toPublicPaper, type PublicPaper } from '../shared/papers/public-paper';
import { REAL_PAPERS_FILE } from './support/corpus';
import { median } from './support/stats';
import { table } from './support/table';

const CORPUS_SIZE = 30_000;
const ROUNDS = 5;

/**
 * The first `truncateText`, kept for comparison: it walks every grapheme from the start of the text
 * with `Intl.Segmenter`. (shared/text/normalize.test.ts checks the current one gives the same output.)
 */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
function truncateByWalkingGraphemes(text: string, max: number): string {
  if (codePointLength(text) <= max) return text;
  let out = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const len = codePointLength(segment);
    if (used + len > max - 1) break;
    out += segment;
    used += len;
  }
  return `${out.trimEnd()}…`;
}

export interface RecordShapingSummary {
  bench: 'record-shaping';
  papers: { real: number; generated: number; displayTextsOverLimit: number };
  /** Microseconds per paper (median of the rounds), shortening each paper's display text once. */
  truncateUs: { graphemeWalk: number; direct: number; speedup: number; differing: number };
  /** Microseconds per display text longer than the limit (the ones actually shortened). */
  truncateLongUs: { graphemeWalk: number; direct: number };
  /**
   * Microseconds per paper: shaping a public record (direct truncation) against a hit in a per-paper
   * record cache (a WeakMap, which the search service had until shortening became cheap).
   */
  recordUs: { shape: number; cacheHit: number };
}

const out = (text = '') => process.stdout.write(`${text}\n`);

/**
 * How much shaping a public record costs (`toPublicPaper`, mostly shortening the abstract), with
 * the first truncation algorithm and the current one, over the benchmark corpus: the real papers
 * plus generated ones up to 30,000. In process, no server.
 */
export async function runRecordShapingBench(): Promise<RecordShapingSummary> {
  const { papers, real } = corpus();
  const texts = papers.map((p) => p.ai_summary_en ?? p.ai_summary_ja ?? p.abstract).filter((t): t is string => t !== null);

  let differing = 0;
  for (const t of texts) if (truncateText(t, ABSTRACT_MAX_CHARS) !== truncateByWalkingGraphemes(t, ABSTRACT_MAX_CHARS)) differing++;

  const perItem = (count: number, fn: () => void) => {
    const rounds: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const started = performance.now();
      fn();
      rounds.push(((performance.now() - started) * 1000) / count);
    }
    return median(rounds);
  };
  const perPaper = (fn: () => void) => perItem(papers.length, fn);
  const long = texts.filter((t) => codePointLength(t) > ABSTRACT_MAX_CHARS);
  let sink = 0;
  const longWalk = perItem(long.length, () => { for (const t of long) sink += truncateByWalkingGraphemes(t, ABSTRACT_MAX_CHARS).length; });
  const longDirect = perItem(long.length, () => { for (const t of long) sink += truncateText(t, ABSTRACT_MAX_CHARS).length; });
  const graphemeWalk = perPaper(() => { for (const t of texts) sink += truncateByWalkingGraphemes(t, ABSTRACT_MAX_CHARS).length; });
  const direct = perPaper(() => { for (const t of texts) sink += truncateText(t, ABSTRACT_MAX_CHARS).length; });
  const base = 'https://search.example.org';
  const shape = perPaper(() => { for (const p of papers) sink += toPublicPaper(p, base).url.length; });
  const cache = new WeakMap<Paper, PublicPaper>(papers.map((p) => [p, toPublicPaper(p, base)]));
  const cacheHit = perPaper(() => { for (const p of papers) sink += cache.get(p)!.url.length; });
  if (sink === 0) out('(nothing measured)');

  const summary: RecordShapingSummary = {
    bench: 'record-shaping',
    papers: { real, generated: papers.length - real, displayTextsOverLimit: long.length },
    truncateUs: { graphemeWalk, direct, speedup: graphemeWalk / direct, differing },
    truncateLongUs: { graphemeWalk: longWalk, direct: longDirect },
    recordUs: { shape, cacheHit },
  };
  out();
  out('=== Public records: shortening abstracts and shaping records (in process) ===');
  out(`Corpus: ${papers.length.toLocaleString('en-US')} papers (${real.toLocaleString('en-US')} real + generated), ` +
    `${summary.papers.displayTextsOverLimit.toLocaleString('en-US')} display texts longer than ${ABSTRACT_MAX_CHARS} code points; median of ${ROUNDS} rounds`);
  out(table(['', 'µs per paper', 'µs per text shortened'], [
    ['truncateText, walking every grapheme (before)', graphemeWalk.toFixed(2), longWalk.toFixed(2)],
    ['truncateText, cut found directly (now)', direct.toFixed(2), longDirect.toFixed(2)],
    ['toPublicPaper, the whole record (now)', shape.toFixed(2), ''],
    ['a per-paper record cache hit (WeakMap; removed)', cacheHit.toFixed(2), ''],
  ]));
  out(`speed-up ${summary.truncateUs.speedup.toFixed(0)}×; outputs differing from the grapheme walk: ${differing}`);
  out();
  out(`BENCH_SUMMARY ${JSON.stringify(summary)}`);
  return summary;
}

/** The real papers (when the reference data is there) plus generated ones up to 30,000, as stored. */
function corpus(): { papers: Paper[]; real: number } {
  const inputs: unknown[] = fs.existsSync(REAL_PAPERS_FILE)
    ? fs.readFileSync(REAL_PAPERS_FILE, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as unknown)
    : [];
  const realCount = inputs.length;
  inputs.push(...generateDemoPapers({ count: Math.max(0, CORPUS_SIZE - realCount) }));
  const papers: Paper[] = [];
  let real = 0;
  inputs.forEach((input, i) => {
    const parsed = parsePaperInput(input);
    if (!parsed.ok) return;
    papers.push(storedAlone(parsed.paper, '2026-01-01T00:00:00.000Z'));
    if (i < realCount) real++;
  });
  return { papers, real };
}
