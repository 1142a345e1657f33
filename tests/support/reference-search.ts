import type { KeywordQuery } from '../../shared/keyword-index/keyword-index.port';
import { compareTies, scorePaper, searchTextOf } from '../../shared/keyword-index/relevance';
import type { Paper } from '../../shared/papers/paper';

/**
 * The search computed the plain way, paper by paper, from the formula in relevance.ts: what every
 * engine must answer (same total, same ids, same order).
 */
export function referenceSearch(papers: Paper[], query: KeywordQuery): { total: number; ids: string[]; scores: number[] } {
  const { topic, langs, shelf, minDraftScore } = query.filters;
  // Written out again rather than calling the engines' helper, so a bug there cannot hide here.
  const matches = papers
    .filter((p) => (topic === undefined || p.topic === topic) && (langs === undefined || (p.lang !== null && langs.includes(p.lang))))
    .filter((p) => (shelf === undefined || p.shelf === shelf) && (minDraftScore === undefined || minDraftScore <= 0 || (p.draft_score ?? -1) >= minDraftScore))
    .map((p) => ({ paper: p, score: scorePaper(searchTextOf(p), query.terms) }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || compareTies(a.paper, b.paper));
  const page = matches.slice(query.offset, query.offset + query.limit);
  return { total: matches.length, ids: page.map((m) => m.paper.id), scores: page.map((m) => m.score) };
}
