import { byValueDescending } from './descending-order';
import { kthSmallest } from './order-statistic';
import { sortByScoreThenTie } from './score-order';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * The orders a relevance page is cut from are worked out without a comparator's sort; they must be
 * the comparator's orders exactly, ties included, or pages would differ from one search to the next.
 */
describe('the orders of matches', () => {
  const next = random(3);
  const cases = [
    { name: 'few distinct scores', n: 5_000, score: () => [0.5, 1.25, 3.75, 0][Math.floor(next() * 4)]! },
    { name: 'spread scores', n: 5_000, score: () => next() * 10 },
    { name: 'one score', n: 300, score: () => 2 },
    { name: 'tiny', n: 3, score: () => Math.floor(next() * 2) },
  ];

  for (const { name, n, score } of cases) {
    it(`${name}: the cut value, the best-first order and the stable descending order`, () => {
      const scores = Float64Array.from({ length: n }, score);
      const sorted = Float64Array.from(scores).sort();
      for (const k of [0, 1, Math.floor(n / 3), n - 1]) expect(kthSmallest(Float64Array.from(scores), k)).toBe(sorted[k]);

      const slots = Int32Array.from({ length: n }, (_, i) => i * 2);
      // Tie ranks repeat for some slots: the order they came in decides, as in a stable sort.
      const tieRank = Int32Array.from({ length: 2 * n }, () => Math.floor(next() * n));
      const order = Int32Array.from({ length: n }, (_, i) => i);
      const expected = Array.from(order).sort((a, b) => scores[b]! - scores[a]! || tieRank[slots[a]!]! - tieRank[slots[b]!]!);
      expect(Array.from(sortByScoreThenTie(order, scores, slots, tieRank))).toEqual(expected);
      expect(Array.from(byValueDescending(order, scores))).toEqual(Array.from(order).sort((a, b) => scores[b]! - scores[a]!));
    });
  }
});
