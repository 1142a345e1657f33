import { mulberry32 } from '../../shared/random/seeded-random';
import { largestMatchingSubset, type SubsetFound } from './largest-subset';

/** Papers as the sets of term numbers they hold; a counter over them that records every set asked. */
function corpus(papers: number[][]) {
  const asked: number[][] = [];
  const calls: number[] = [];
  const count = async (sets: number[][]) => {
    asked.push(...sets);
    calls.push(sets.length);
    return sets.map((set) => papers.filter((p) => set.every((t) => p.includes(t))).length);
  };
  return { count, asked, calls };
}

/** Every non-empty set of 0…n−1, counted: the largest that matches, then the most papers, then the earlier terms. */
function bruteForce(n: number, papers: number[][]): SubsetFound | undefined {
  const matching: SubsetFound[] = [];
  for (let mask = 1; mask < 1 << n; mask++) {
    const kept = Array.from({ length: n }, (_, i) => i).filter((i) => mask & (1 << i));
    const total = papers.filter((p) => kept.every((t) => p.includes(t))).length;
    if (total > 0) matching.push({ kept, total });
  }
  const earlier = (a: number[], b: number[]) => {
    const i = a.findIndex((x, k) => x !== b[k]);
    return i < 0 ? 0 : a[i]! - b[i]!;
  };
  return matching.sort((a, b) => b.kept.length - a.kept.length || b.total - a.total || earlier(a.kept, b.kept))[0];
}

const OPTIONS = { maxCounts: 64, wholeKnownEmpty: true };

describe('the largest set of terms that matches papers together', () => {
  it('leaves out the terms no paper holds, and keeps all the others when they match together (one count for each term, one for them)', async () => {
    // No paper holds term 4.
    const c = corpus([[0, 1, 2, 3], [0, 2], [3]]);
    expect(await largestMatchingSubset(5, c.count, OPTIONS)).toEqual({ kept: [0, 1, 2, 3], total: 1 });
    expect(c.asked).toEqual([[0], [1], [2], [3], [4], [0, 1, 2, 3]]);
    expect(c.calls).toEqual([5, 1]);
  });

  it('is nothing when no term finds anything alone, and one term when only one does', async () => {
    expect(await largestMatchingSubset(3, corpus([[7]]).count, OPTIONS)).toBeUndefined();
    expect(await largestMatchingSubset(3, corpus([[1], [1, 9]]).count, OPTIONS)).toEqual({ kept: [1], total: 2 });
  });

  it('goes breadth first by size: of the largest sets that match, the one matching most papers, then the one keeping the earlier terms', async () => {
    // Each term alone matches, all four never do; of the sets of three, {0,1,3} matches two papers and {1,2,3} one.
    const c = corpus([[0, 1, 3], [0, 1, 3], [1, 2, 3], [0, 2]]);
    expect(await largestMatchingSubset(4, c.count, OPTIONS)).toEqual({ kept: [0, 1, 3], total: 2 });
    // Equal counts: the earlier terms are kept.
    expect(await largestMatchingSubset(4, corpus([[0, 1, 3], [1, 2, 3], [0, 2]]).count, OPTIONS)).toEqual({ kept: [0, 1, 3], total: 1 });
    expect(await largestMatchingSubset(3, corpus([[1, 2], [0, 2], [0, 1]]).count, OPTIONS)).toEqual({ kept: [0, 1], total: 1 });
  });

  it('finds the largest set exactly when the bound allows, on random corpora', async () => {
    const random = mulberry32(28);
    let checked = 0;
    for (let round = 0; round < 200; round++) {
      const n = 2 + Math.floor(random() * 7);
      const papers = Array.from({ length: 1 + Math.floor(random() * 6) }, () => Array.from({ length: n }, (_, i) => i).filter(() => random() < 0.6));
      const whole = papers.some((p) => p.length === n);
      if (whole) continue;
      const found = await largestMatchingSubset(n, corpus(papers).count, { maxCounts: 10_000, wholeKnownEmpty: true });
      expect({ n, papers, found }).toEqual({ n, papers, found: bruteForce(n, papers) });
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('counts at most maxCounts sets, and answers the largest matching set it found within them', async () => {
    const random = mulberry32(2028);
    let checked = 0;
    for (let round = 0; round < 50; round++) {
      const n = 16;
      // Every term is common, no paper holds them all: the search could go on for thousands of sets.
      const papers = Array.from({ length: 40 }, () => Array.from({ length: n }, (_, i) => i).filter(() => random() < 0.7));
      if (papers.some((p) => p.length === n)) continue;
      const c = corpus(papers);
      const found = (await largestMatchingSubset(n, c.count, OPTIONS))!;
      expect(c.asked.length).toBeLessThanOrEqual(OPTIONS.maxCounts);
      expect(found.total).toBe(papers.filter((p) => found.kept.every((t) => p.includes(t))).length);
      expect(found.total).toBeGreaterThan(0);
      // At least as large as the greedy set's terms: many of the 16.
      expect(found.kept.length).toBeGreaterThanOrEqual(5);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('counts the terms together again when the whole query is not known to match nothing (its words once split)', async () => {
    const c = corpus([[0, 1]]);
    expect(await largestMatchingSubset(2, c.count, { maxCounts: 64, wholeKnownEmpty: false })).toEqual({ kept: [0, 1], total: 1 });
    expect(c.asked).toEqual([[0], [1], [0, 1]]);
  });
});
