import type { Paper } from '../../shared/papers/paper.schema';
import type { FacetCount, FacetCounts, FacetName } from './keyword-index.port';

/** The value a paper has for a facet (null when it has none). */
export const facetValue = (paper: Paper, facet: FacetName): string | number | null => paper[facet];

/** Most frequent first, ties by value (numbers descending: the newest year first), the null bucket last. */
export function orderFacet(counts: Map<string | number | null, number>): FacetCount[] {
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === null ? (b.value === null ? 0 : 1) : -1;
      if (b.count !== a.count) return b.count - a.count;
      if (typeof a.value === 'number' && typeof b.value === 'number') return b.value - a.value;
      return String(a.value) < String(b.value) ? -1 : String(a.value) > String(b.value) ? 1 : 0;
    });
}

/** Counts papers by each facet asked for: the reference meaning every engine's counts must equal. */
export function countFacets(papers: Iterable<Paper>, facets: readonly FacetName[]): FacetCounts {
  const counts = new Map(facets.map((f) => [f, new Map<string | number | null, number>()] as const));
  for (const paper of papers) for (const [facet, byValue] of counts) {
    const value = facetValue(paper, facet);
    byValue.set(value, (byValue.get(value) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].map(([facet, byValue]) => [facet, orderFacet(byValue)]));
}
