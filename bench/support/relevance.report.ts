import os from 'node:os';
import type { CollectionResult, RelevanceRow, RelevanceSummary, SetResult } from '../relevance.bench';
import { BASELINES } from './relevance-baselines';
import { BM25_DESCRIPTION, STEMMED_DESCRIPTION } from './bm25';
import { LEXICAL_SIDE_DESCRIPTION } from './relevance-lexical-side';
import type { RelevanceFigures } from './relevance-metrics';
import { TOKENISER_DESCRIPTION } from './bm25-tokens';
import { RELEVANCE_SETTINGS, relevanceEmbedder } from './relevance-server';
import { int, markdownTable } from './table';

const out = (text = '') => process.stdout.write(`${text}\n`);
const f3 = (n: number) => n.toFixed(3);

/** What every table of the run shares: the server, the baseline, the metrics. */
export function printRelevanceHeader(date: string): void {
  const cpus = os.cpus();
  out();
  out('=== Relevance: judged collections through both doors, against BM25 in the same run ===');
  out(`Date: ${date}; machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`);
  const { embedder, hybridLexicalWeight } = relevanceEmbedder();
  out('Server: `node bin/gx.js start --target all` per collection (its own scratch database and DATA_DIR), embedded defaults:');
  out(`  in-process keyword index, ${embedder}, in-process HNSW vector index; hybrid lexical weight ${hybridLexicalWeight};`);
  for (const { name, value, why } of RELEVANCE_SETTINGS) out(`  ${name}=${value}: ${why}`);
  out('Loaded with `node bin/gx.js load papers FILE`; an Internal key (`gx keys create`) for the data API.');
  out('Requests: public door GET /api/v1/papers/search?q=…&limit=50; data-API door the same with mode=keyword|vector|hybrid; one at a time.');
  out(`Baselines, computed in the bench on the same documents: "${BASELINES.bm25}" = ${BM25_DESCRIPTION}, its full ranking;`);
  out(`  its tokeniser: ${TOKENISER_DESCRIPTION};`);
  out(`  "${BASELINES.stemmed}" = ${STEMMED_DESCRIPTION};`);
  out(`  "${BASELINES.lexical}" = ${LEXICAL_SIDE_DESCRIPTION}.`);
  out('"× best" = the row\'s headline figure (nDCG@10; MRR@10 for known items) over the best baseline\'s in the same set; "× lexical" = over the lexical side alone\'s.');
  out('Metrics, macro-averaged over queries: nDCG@10 (gain 2^grade − 1, log2 discount, ideal from the judged documents), MRR@10, recall@50;');
  out('a non-2xx answer is an empty ranking (0 in every metric), counted in "answered", its problem `code` under "errors".');
}

export function printCollection(c: CollectionResult): void {
  out();
  out(`--- ${c.title} ---`);
  out(`${int(c.documents)} documents (${c.loadSummary}); server ready in ${(c.startupMs / 1000).toFixed(1)} s; collection done in ${(c.wallMs / 1000).toFixed(1)} s`);
  for (const note of c.notes) out(`  ${note}`);
  for (const set of c.sets) {
    out();
    out(`${set.label} (${set.queries} queries):`);
    out();
    out(rowsTable(set.rows, c.knownItem));
    if (set.forms) {
      out();
      out(formsTable(c, set));
    }
  }
  if (c.rarest) {
    out();
    out(`SciFact, three rarest words (${c.rarest.queries} claims):`);
    for (const note of c.rarest.notes) out(`  ${note}`);
    out();
    out(rarestTable(c.rarest.rows));
  }
  const unmapped = [...c.sets.flatMap((s) => s.rows), ...(c.rarest?.rows ?? [])].reduce((n, r) => n + r.unmapped, 0);
  if (unmapped > 0) out(`WARNING: ${unmapped} returned ids are not documents of this collection (the id mapping is wrong, or the database held other papers)`);
}

export function printSkipped(collection: string, reason: string): void {
  out();
  out(`--- ${collection}: skipped (${reason}) ---`);
}

/**
 * The figures for docs/performance.md, as Markdown: a table per collection with a column group per
 * query set (the headline figure and its ratio to the best baseline), then the questions form by form
 * against what they were made from, then the rarest-words table; then the whole summary as one JSON
 * line, as the other benchmarks end.
 */
export function printRelevanceSummary(s: RelevanceSummary): void {
  if (s.collections.length > 0) {
    out();
    out(`--- For docs/performance.md (${s.date}, ${relevanceEmbedder().embedder}; Markdown, paste as is) ---`);
    for (const c of s.collections) {
      out();
      out(summaryTable(c));
    }
    for (const c of s.collections) {
      for (const set of c.sets.filter((x) => x.forms)) {
        out();
        out(formsTable(c, set));
      }
    }
    const rarest = s.collections.find((c) => c.rarest)?.rarest;
    if (rarest) {
      out();
      out(rarestTable(rarest.rows));
    }
  }
  out();
  out(`Relevance bench done in ${(s.wallMs / 1000).toFixed(0)} s (scratch databases: ${s.database || 'none'}). Figures are information, not assertions.`);
  out(`BENCH_SUMMARY ${JSON.stringify(s)}`);
}

/** One collection's sets side by side: each set's headline figure (and found first for known items), its ratio to the best baseline, and answered where some system did not answer every query. */
function summaryTable(c: CollectionResult): string {
  const columns = c.sets.flatMap((set) => {
    const partial = set.rows.some((r) => r.figures.answered < r.figures.queries);
    const best = bestBaseline(set.rows, c.knownItem);
    const figures: [string, (r: RelevanceRow) => string][] = [[`${set.short} ${headlineName(c.knownItem)}`, (r) => f3(headline(r.figures, c.knownItem))]];
    if (c.knownItem) figures.push([`${set.short} found first`, (r) => f3(r.figures.foundFirst)]);
    figures.push([`${set.short} × best`, (r) => ratio(headline(r.figures, c.knownItem), best)]);
    if (partial) figures.push([`${set.short} answered`, answered]);
    return figures.map(([heading, cell]) => ({ heading, rows: set.rows, cell }));
  });
  const labels = [...new Set(c.sets.flatMap((set) => set.rows.map((r) => r.label)))];
  const cellOf = (label: string, col: (typeof columns)[number]) => {
    const r = col.rows.find((x) => x.label === label);
    return r ? col.cell(r) : '';
  };
  return markdownTable(['system', ...columns.map((col) => col.heading)], labels.map((label) => [label, ...columns.map((col) => cellOf(label, col))]));
}

/** The figure a set is judged by: nDCG@10, or MRR@10 for known items (one relevant paper). */
const headline = (f: RelevanceFigures, knownItem: boolean) => (knownItem ? f.mrr10 : f.ndcg10);
const headlineName = (knownItem: boolean) => (knownItem ? 'MRR@10' : 'nDCG@10');

function bestBaseline(rows: RelevanceRow[], knownItem: boolean): number {
  return Math.max(0, ...rows.filter((r) => r.baseline).map((r) => headline(r.figures, knownItem)));
}

const lexicalOf = (rows: { label: string; figures: RelevanceFigures }[], knownItem: boolean) => {
  const r = rows.find((x) => x.label === BASELINES.lexical);
  return r ? headline(r.figures, knownItem) : 0;
};

const ratio = (x: number, of: number) => (of > 0 ? `${(x / of).toFixed(3)}` : '');

/**
 * A set of questions form by form, beside the set it was made from: each ranked system's headline
 * figure, and its ratio to the same system on the statements (or bare words) as written.
 */
function formsTable(c: CollectionResult, set: SetResult): string {
  const plain = c.sets.find((x) => x.short === set.questionsOf);
  const systems = [BASELINES.lexical, 'data API vector', 'data API hybrid'];
  const plainOf = (label: string) => {
    const r = plain?.rows.find((x) => x.label === label);
    return r ? headline(r.figures, c.knownItem) : 0;
  };
  const name = headlineName(c.knownItem);
  const rows = [...(set.forms ?? []).map((f) => ({ name: `${f.form}${f.heldOut ? ' (held out)' : ''}`, rows: f.rows })), { name: `all ${set.forms?.length ?? 0} forms`, rows: set.rows }];
  return markdownTable(
    [`${set.short}: form`, ...systems.flatMap((sys) => [`${sys} ${name}`, `× as written`])],
    rows.map((r) => [
      r.name,
      ...systems.flatMap((sys) => {
        const x = r.rows.find((y) => y.label === sys);
        return x ? [f3(headline(x.figures, c.knownItem)), ratio(headline(x.figures, c.knownItem), plainOf(sys))] : ['', ''];
      }),
    ]),
  );
}

function rarestTable(rows: RelevanceRow[]): string {
  return markdownTable(
    ['SciFact, 3 rarest words', 'nDCG@10', 'MRR@10', 'recall@50', 'answered', 'mean matches', 'capped', 'order matters', 'errors'],
    rows.map((row) => [
      row.label,
      f3(row.figures.ndcg10),
      f3(row.figures.mrr10),
      f3(row.figures.recall50),
      answered(row),
      row.meanMatches === undefined ? '' : row.meanMatches.toFixed(1),
      row.capped === undefined ? '' : String(row.capped),
      row.orderMatters === undefined ? '' : String(row.orderMatters),
      errors(row),
    ]),
  );
}

function rowsTable(rows: RelevanceRow[], knownItem: boolean): string {
  const header = ['system', 'nDCG@10', 'MRR@10', 'recall@50', ...(knownItem ? ['found first', 'in top 10'] : []), '× best', '× lexical', 'answered', 'errors'];
  const best = bestBaseline(rows, knownItem);
  const lexical = lexicalOf(rows, knownItem);
  return markdownTable(
    header,
    rows.map((r) => [
      r.label,
      f3(r.figures.ndcg10),
      f3(r.figures.mrr10),
      f3(r.figures.recall50),
      ...(knownItem ? [f3(r.figures.foundFirst), f3(r.figures.inTop10)] : []),
      ratio(headline(r.figures, knownItem), best),
      r.label === BASELINES.lexical ? '' : ratio(headline(r.figures, knownItem), lexical),
      answered(r),
      errors(r),
    ]),
  );
}

const answered = (r: RelevanceRow) => `${r.figures.answered}/${r.figures.queries}`;
const errors = (r: RelevanceRow) => r.errors.map(([code, n]) => `${code} ${n}`).join(', ');
