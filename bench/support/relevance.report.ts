import os from 'node:os';
import type { CollectionResult, RelevanceRow, RelevanceSummary } from '../relevance.bench';
import { BM25_DESCRIPTION } from './bm25';
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
  out(`Baseline: ${BM25_DESCRIPTION}; computed in the bench on the same documents. "BM25 (any term)" = its full ranking.`);
  out(`Tokeniser: ${TOKENISER_DESCRIPTION}.`);
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
 * The figures for docs/performance.md, as Markdown: one table with a column group per query set (nDCG@10
 * and MRR@10 for judged sets, MRR@10 and found-first for known items, answered where some door did
 * not answer every query), then the rarest-words table; then the whole summary as one JSON line,
 * as the other benchmarks end.
 */
export function printRelevanceSummary(s: RelevanceSummary): void {
  const sets = s.collections.flatMap((c) => c.sets.map((set) => ({ ...set, knownItem: c.knownItem })));
  if (sets.length > 0) {
    out();
    out(`--- For docs/performance.md (${s.date}, ${relevanceEmbedder().embedder}; Markdown, paste as is) ---`);
    out();
    const columns = sets.flatMap((set) => {
      const partial = set.rows.some((r) => r.figures.answered < r.figures.queries);
      const figures: [string, (r: RelevanceRow) => string][] = set.knownItem
        ? [[`${set.short} MRR@10`, (r) => f3(r.figures.mrr10)], [`${set.short} found first`, (r) => f3(r.figures.foundFirst)]]
        : [[`${set.short} nDCG@10`, (r) => f3(r.figures.ndcg10)], [`${set.short} MRR@10`, (r) => f3(r.figures.mrr10)]];
      if (partial) figures.push([`${set.short} answered`, answered]);
      return figures.map(([heading, cell]) => ({ heading, rows: set.rows, cell }));
    });
    const labels = [...new Set(sets.flatMap((set) => set.rows.map((r) => r.label)))];
    const cellOf = (label: string, c: (typeof columns)[number]) => {
      const r = c.rows.find((x) => x.label === label);
      return r ? c.cell(r) : '';
    };
    out(markdownTable(['system', ...columns.map((c) => c.heading)], labels.map((label) => [label, ...columns.map((c) => cellOf(label, c))])));
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
  const header = ['system', 'nDCG@10', 'MRR@10', 'recall@50', ...(knownItem ? ['found first', 'in top 10'] : []), 'answered', 'errors'];
  return markdownTable(
    header,
    rows.map((r) => [
      r.label,
      f3(r.figures.ndcg10),
      f3(r.figures.mrr10),
      f3(r.figures.recall50),
      ...(knownItem ? [f3(r.figures.foundFirst), f3(r.figures.inTop10)] : []),
      answered(r),
      errors(r),
    ]),
  );
}

const answered = (r: RelevanceRow) => `${r.figures.answered}/${r.figures.queries}`;
const errors = (r: RelevanceRow) => r.errors.map(([code, n]) => `${code} ${n}`).join(', ');
