/**
 * The largest set of a query's terms that still matches papers together, when all of them match
 * none: what `subsetSuggestion` offers. Terms are numbered 0…n−1 in the query's order; `count` gives,
 * for each set asked (its numbers ascending), how many papers hold every term of it. Deterministic,
 * and bounded by `maxCounts` sets counted in all:
 *
 * 1. each term alone: a term no paper holds is in no matching set, so only the others are tried;
 * 2. all those together (unless that is the query, known to match nothing): if they match, no larger
 *    set can, and they are the answer;
 * 3. a greedy set: the terms most papers hold first (ties in query order), each kept when the set
 *    with it still matches: a lower bound found in one count per term;
 * 4. breadth first by size, from one term fewer than step 2 down to the greedy set's size: every set
 *    of that size, those keeping the earlier terms first; the first size where some set matches is
 *    the largest, and of its sets the one matching the most papers wins, ties to the earlier terms.
 *
 * When the budget runs out in step 4, the best set of the size being tried, or else the greedy set,
 * is the answer: the largest found within the bound. Within it the answer is exact.
 */
export interface SubsetFound {
  /** The numbers of the terms kept, ascending. */
  kept: number[];
  /** How many papers hold them all. */
  total: number;
}

export type CountSets = (sets: number[][]) => Promise<number[]>;

export async function largestMatchingSubset(n: number, count: CountSets, options: { maxCounts: number; wholeKnownEmpty: boolean }): Promise<SubsetFound | undefined> {
  let budget = options.maxCounts;
  /** Counts as many of the sets as the budget allows, in order: fewer answers than sets once it is spent. */
  const counted = async (sets: number[][]): Promise<number[]> => {
    const asked = sets.slice(0, Math.max(0, budget));
    budget -= asked.length;
    return asked.length === 0 ? [] : count(asked);
  };

  const singles = await counted(Array.from({ length: n }, (_, i) => [i]));
  const live = singles.flatMap((total, i) => (total > 0 ? [i] : []));
  if (live.length === 0) return undefined;
  if (live.length === 1) return { kept: live, total: singles[live[0]!]! };

  if (!(options.wholeKnownEmpty && live.length === n)) {
    const [together] = await counted([live]);
    if (together !== undefined && together > 0) return { kept: live, total: together };
  }

  const byFrequency = [...live].sort((a, b) => singles[b]! - singles[a]! || a - b);
  let greedy: SubsetFound = { kept: [byFrequency[0]!], total: singles[byFrequency[0]!]! };
  for (const term of byFrequency.slice(1)) {
    if (budget <= 0) break;
    const kept = [...greedy.kept, term].sort((a, b) => a - b);
    const [total] = await counted([kept]);
    if (total !== undefined && total > 0) greedy = { kept, total };
  }

  for (let size = live.length - 1; size >= greedy.kept.length && budget > 0; size--) {
    const candidates: SubsetFound[] = size === greedy.kept.length ? [greedy] : [];
    const sets = [...combinations(live, size, budget + candidates.length)].filter((set) => !sameSet(set, greedy.kept)).slice(0, budget);
    const totals = await counted(sets);
    totals.forEach((total, i) => total > 0 && candidates.push({ kept: sets[i]!, total }));
    if (candidates.length > 0) return mostFound(candidates);
  }
  return greedy;
}

/** The set matching the most papers; ties to the one keeping the earlier terms. */
function mostFound(candidates: SubsetFound[]): SubsetFound {
  return candidates.reduce((best, c) => (c.total > best.total || (c.total === best.total && earlier(c.kept, best.kept)) ? c : best));
}

/** Whether `a` keeps earlier terms than `b` (lexicographic order of their numbers, same size). */
function earlier(a: number[], b: number[]): boolean {
  const i = a.findIndex((x, k) => x !== b[k]);
  return i >= 0 && a[i]! < b[i]!;
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The first `limit` sets of `size` of `items`, in lexicographic order of their positions (the earlier items kept first). */
function* combinations(items: number[], size: number, limit: number): Generator<number[]> {
  const at = Array.from({ length: size }, (_, i) => i);
  for (let made = 0; made < limit; made++) {
    yield at.map((i) => items[i]!);
    let k = size - 1;
    while (k >= 0 && at[k] === items.length - size + k) k--;
    if (k < 0) return;
    at[k]!++;
    for (let j = k + 1; j < size; j++) at[j] = at[j - 1]! + 1;
  }
}
