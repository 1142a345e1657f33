import { foundWithin, macroAverage, ndcgAt, recallAt, reciprocalRankAt, scoreQuery } from '../../bench/support/relevance-metrics';

/**
 * The relevance benchmark's metrics on a hand-made collection, against values worked out by hand
 * (log2 3 = 1.58496, log2 5 = 2.32193). Never benchmark figures.
 */
describe('relevance metrics', () => {
  // Graded: a is highly relevant (2), b and c relevant (1); x, y, z are not judged.
  const judged = new Map([['a', 2], ['b', 1], ['c', 1]]);
  // Ideal DCG: (2^2 − 1)/log2 2 + 1/log2 3 + 1/log2 4 = 3 + 0.63093 + 0.5 = 4.13093.

  it('nDCG@10 uses gain 2^g − 1, a log2(rank + 1) discount and the ideal order of the judged documents', () => {
    // DCG = 3/log2 3 + 1/log2 5 = 1.89279 + 0.43068 = 2.32347; / 4.13093
    expect(ndcgAt(['x', 'a', 'y', 'b'], judged)).toBeCloseTo(0.56246, 4);
    // DCG = 3; / 4.13093
    expect(ndcgAt(['a'], judged)).toBeCloseTo(0.72623, 4);
    expect(ndcgAt(['a', 'b', 'c'], judged)).toBeCloseTo(1, 10);
    // The ideal counts every judged document, not only those retrieved: 1/log2 2 + 1/log2 3 over 4.13093.
    expect(ndcgAt(['b', 'c'], judged)).toBeCloseTo((1 + 0.63093) / 4.13093, 4);
  });

  it('MRR@10 is 1 / the rank of the first relevant document within 10, else 0', () => {
    expect(reciprocalRankAt(['x', 'a', 'y', 'b'], judged)).toBe(0.5);
    expect(reciprocalRankAt(['c'], judged)).toBe(1);
    const tenMisses = ['x1', 'x2', 'x3', 'x4', 'x5', 'x6', 'x7', 'x8', 'x9', 'x10'];
    expect(reciprocalRankAt([...tenMisses, 'a'], judged)).toBe(0);
    expect(reciprocalRankAt([...tenMisses.slice(1), 'a'], judged)).toBe(0.1);
  });

  it('recall@50 is the share of the relevant documents within the first 50', () => {
    expect(recallAt(['x', 'a', 'y', 'b'], judged)).toBeCloseTo(2 / 3, 10);
    const fiftyMisses = Array.from({ length: 50 }, (_, i) => `x${i}`);
    expect(recallAt([...fiftyMisses, 'a', 'b', 'c'], judged)).toBe(0);
    expect(recallAt([...fiftyMisses.slice(1), 'a', 'b', 'c'], judged)).toBeCloseTo(1 / 3, 10);
  });

  it('found first and in top 10', () => {
    expect(foundWithin(['a', 'x'], judged, 1)).toBe(1);
    expect(foundWithin(['x', 'a'], judged, 1)).toBe(0);
    expect(foundWithin(['x', 'a'], judged, 10)).toBe(1);
  });

  it('a repeated id counts once: the ranking is read without its repeats', () => {
    expect(reciprocalRankAt(['x', 'x', 'a'], judged)).toBe(0.5);
    // a at rank 1 and again at rank 2: DCG = 3, not 3 + 3/log2 3.
    expect(ndcgAt(['a', 'a'], judged)).toBeCloseTo(0.72623, 4);
  });

  it('a query not answered scores 0 everywhere and is not counted as answered', () => {
    expect(scoreQuery(undefined, judged)).toEqual({ ndcg10: 0, mrr10: 0, recall50: 0, foundFirst: 0, inTop10: 0, answered: false });
    expect(scoreQuery([], judged).answered).toBe(true);
  });

  it('averages over queries, each weighing the same', () => {
    const known = new Map([['k', 1]]);
    const figures = macroAverage([
      scoreQuery(['k'], known), // everything 1
      scoreQuery(['x', 'k'], known), // MRR 1/2, nDCG 1/log2 3 = 0.63093, recall 1, not first, in top 10
      scoreQuery(undefined, known), // all 0
    ]);
    expect(figures.queries).toBe(3);
    expect(figures.answered).toBe(2);
    expect(figures.mrr10).toBeCloseTo(0.5, 10);
    expect(figures.ndcg10).toBeCloseTo((1 + 0.63093) / 3, 4);
    expect(figures.recall50).toBeCloseTo(2 / 3, 10);
    expect(figures.foundFirst).toBeCloseTo(1 / 3, 10);
    expect(figures.inTop10).toBeCloseTo(2 / 3, 10);
  });
});
