/**
 * Weighted reciprocal rank fusion (Cormack, Clarke and Büttcher, "Reciprocal Rank Fusion
 * outperforms Condorcet and individual rank learning methods", SIGIR 2009): a candidate scores
 * Σ weight × strength / (k + rank) over the lists that hold it, ranks counted from 1. Only ranks count, so
 * signals whose scores mean different things (a cosine, a BM25 score, a weighted count of shared
 * references) fuse without calibration; k = 60 (the paper's constant) keeps one list's first place
 * from outweighing a candidate that several lists hold a little lower.
 */
export const RRF_K = 60;

/** One signal's candidates, best first, the signal's weight (1 unless given), and how much of it each candidate gets (0 to 1; all of it unless given). */
export interface RankedList<S extends string> {
  signal: S;
  ids: readonly string[];
  weight?: number;
  strengths?: readonly number[];
}

export interface Fused<S extends string> {
  id: string;
  score: number;
  /** The signals that found it, in the order the lists were given. */
  signals: S[];
}

/** The lists' candidates by fused score, best first; ties by id. */
export function reciprocalRankFusion<S extends string>(lists: readonly RankedList<S>[], k = RRF_K): Fused<S>[] {
  return [...fusedScores(lists, k).values()].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Each candidate's fused score and signals, unordered. */
export function fusedScores<S extends string>(lists: readonly RankedList<S>[], k = RRF_K): Map<string, Fused<S>> {
  const fused = new Map<string, Fused<S>>();
  for (const { signal, ids, weight = 1, strengths } of lists) {
    ids.forEach((id, i) => {
      const entry = fused.get(id) ?? { id, score: 0, signals: [] };
      entry.score += (weight * (strengths?.[i] ?? 1)) / (k + i + 1);
      if (!entry.signals.includes(signal)) entry.signals.push(signal);
      fused.set(id, entry);
    });
  }
  return fused;
}
