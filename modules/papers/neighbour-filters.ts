import type { RelatedFilters } from '../../shared/papers/related-papers';

/**
 * The filters of related papers' graph signals as SQL, shared by the live reads
 * (`PaperNeighboursRepository`) and those as of a release: both name the papers `p`, with the
 * columns `papers` has (work_id, topic, lang, year, created_at).
 */

/** With filters, how many of the best-scored neighbours are checked against them (without, the few more the given works may take). */
const FILTERED_POOL = 1_000;

/** How many of the best-scored neighbours to check against the filters and the excluded works. */
export function pool(f: RelatedFilters, excludeWorks: readonly string[], limit: number): number {
  const filtered = f.topic !== undefined || f.langs !== undefined || f.yearFrom !== undefined || f.yearTo !== undefined || f.addedSince !== undefined;
  // Versions of the excluded works are few; without filters they are all the pool must make up for.
  return filtered ? Math.max(FILTERED_POOL, limit) : limit + 4 * excludeWorks.length + 20;
}

/** `$n` for a new parameter. */
export function placeholder(params: unknown[], value: unknown): string {
  params.push(value);
  return `$${params.length}`;
}

/** The filters and the excluded works as conditions on `p` (a paper without a year or language fails a condition on it, as in the keyword index's filters). */
export function conditions(f: RelatedFilters, excludeWorks: readonly string[], params: unknown[]): string {
  const out = [`p.work_id <> ALL(${placeholder(params, excludeWorks)}::text[])`];
  if (f.topic !== undefined) out.push(`p.topic = ${placeholder(params, f.topic)}`);
  if (f.langs !== undefined) out.push(`p.lang = ANY(${placeholder(params, f.langs)}::text[])`);
  if (f.yearFrom !== undefined) out.push(`p.year >= ${placeholder(params, f.yearFrom)}`);
  if (f.yearTo !== undefined) out.push(`p.year <= ${placeholder(params, f.yearTo)}`);
  if (f.addedSince !== undefined) out.push(`p.created_at >= ${placeholder(params, f.addedSince)}::timestamptz`);
  return out.join(' AND ');
}
