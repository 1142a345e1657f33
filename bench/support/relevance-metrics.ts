/**
 * Ranking metrics of the relevance benchmark, per query and macro-averaged (every query weighs the
 * same). A ranking is a list of document ids, best first; `undefined` means the system did not
 * answer, which scores 0 everywhere. Judgements map a document id to its grade (≥ 1: relevant);
 * documents not judged are not relevant.
 */

export type Judgements = ReadonlyMap<string, number>;

export const CUTOFFS = { ndcg: 10, mrr: 10, recall: 50 } as const;

export interface QueryScores {
  ndcg10: number;
  mrr10: number;
  recall50: number;
  /** 1 when a relevant document is at rank 1. */
  foundFirst: number;
  /** 1 when a relevant document is within the first 10. */
  inTop10: number;
  answered: boolean;
}

export interface RelevanceFigures {
  queries: number;
  answered: number;
  ndcg10: number;
  mrr10: number;
  recall50: number;
  foundFirst: number;
  inTop10: number;
}

/** The ranking with repeats of an id dropped: a system that returns a paper twice gains nothing by it. */
function distinct(ranking: readonly string[]): string[] {
  return [...new Set(ranking)];
}

const grade = (judged: Judgements, id: string) => Math.max(0, judged.get(id) ?? 0);
const gain = (g: number) => 2 ** g - 1;
/** Rank r (1-based) is discounted by log2(r + 1). */
const discount = (rank: number) => Math.log2(rank + 1);

/** nDCG@k, graded gain 2^g − 1, log2 discount; the ideal ranking is the judged documents by grade. 0 when nothing is judged relevant. */
export function ndcgAt(ranking: readonly string[], judged: Judgements, k: number = CUTOFFS.ndcg): number {
  const dcg = distinct(ranking)
    .slice(0, k)
    .reduce((sum, id, i) => sum + gain(grade(judged, id)) / discount(i + 1), 0);
  const ideal = [...judged.values()]
    .filter((g) => g > 0)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, g, i) => sum + gain(g) / discount(i + 1), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

/** 1 / the rank of the first relevant document within the first k; 0 when there is none. */
export function reciprocalRankAt(ranking: readonly string[], judged: Judgements, k: number = CUTOFFS.mrr): number {
  const rank = distinct(ranking)
    .slice(0, k)
    .findIndex((id) => grade(judged, id) > 0);
  return rank < 0 ? 0 : 1 / (rank + 1);
}

/** The share of the relevant documents found within the first k; 0 when nothing is judged relevant. */
export function recallAt(ranking: readonly string[], judged: Judgements, k: number = CUTOFFS.recall): number {
  const relevant = [...judged.values()].filter((g) => g > 0).length;
  if (relevant === 0) return 0;
  return distinct(ranking).slice(0, k).filter((id) => grade(judged, id) > 0).length / relevant;
}

/** 1 when a relevant document is within the first k, else 0. */
export function foundWithin(ranking: readonly string[], judged: Judgements, k: number): number {
  return distinct(ranking)
    .slice(0, k)
    .some((id) => grade(judged, id) > 0)
    ? 1
    : 0;
}

export function scoreQuery(ranking: readonly string[] | undefined, judged: Judgements): QueryScores {
  const r = ranking ?? [];
  return {
    ndcg10: ndcgAt(r, judged),
    mrr10: reciprocalRankAt(r, judged),
    recall50: recallAt(r, judged),
    foundFirst: foundWithin(r, judged, 1),
    inTop10: foundWithin(r, judged, 10),
    answered: ranking !== undefined,
  };
}

/** Means over the queries (each query weighs the same); `answered` is a count. */
export function macroAverage(scores: readonly QueryScores[]): RelevanceFigures {
  const n = scores.length;
  const mean = (pick: (s: QueryScores) => number) => (n === 0 ? 0 : scores.reduce((sum, s) => sum + pick(s), 0) / n);
  return {
    queries: n,
    answered: scores.filter((s) => s.answered).length,
    ndcg10: mean((s) => s.ndcg10),
    mrr10: mean((s) => s.mrr10),
    recall50: mean((s) => s.recall50),
    foundFirst: mean((s) => s.foundFirst),
    inTop10: mean((s) => s.inTop10),
  };
}
