import { kthSmallest } from './order-statistic';
import { evidenceWeight, idf } from './relevance';
import { SlotBits } from './slot-bits';
import { sortByScoreThenTie } from './score-order';
import type { TermEvidence } from './term-evidence';

/** What the length normalisation of matches needs to know of the live papers (sums and counts). */
export interface LiveLengths {
  papers: number;
  body: number;
  cjk: number;
  other: number;
  cjkSlots: number;
  otherSlots: number;
}

/** The per-slot lengths of the columns (see `SlotColumns`). */
export interface LengthColumns {
  bodyWords: Uint32Array;
  titleCjk: Float64Array;
  titleOther: Float64Array;
}

/** A term's matches best first (a prefix of them unless `complete`); see `ScoredTerm.ranked`. */
export interface RankedMatches {
  slots: Int32Array;
  scores: Float64Array;
  complete: boolean;
}

/**
 * How much of a term's order `ranked` sorts at first, and how much more each time more is needed:
 * at least the deepest page the searches allow (offset + limit ≤ 10,000), and a share of a broad term.
 */
const RANKED_PREFIX = { min: 10_240, share: 1 / 16, growth: 4 } as const;

/**
 * One term's score in every live paper that holds it, slots ascending: what a query with the term
 * adds up. It depends on every live paper (the idf, the mean lengths), so it is kept for one
 * generation of the index; `ranked` (best first, then tie order) is worked out when a query
 * pages through it and kept with it.
 */
export class ScoredTerm {
  private sortedOrder?: RankedMatches & { ranks: Int32Array };
  /** Walks of the best matches that asked for `ranked` (see `ordered`). */
  private walks = 0;
  /** The slots as a set, for other terms and filters to probe (`slots[bits.rank(slot)]` is `slot`). */
  readonly bits: SlotBits;
  /** The highest of `scores` (0 when there are none): what the term can add to any paper at most. */
  readonly maxScore: number;

  constructor(
    readonly generation: number,
    readonly slots: Int32Array,
    readonly scores: Float64Array,
    readonly idf: number,
  ) {
    this.bits = SlotBits.of(slots);
    let max = 0;
    for (let i = 0; i < scores.length; i++) if (scores[i]! > max) max = scores[i]!;
    this.maxScore = max;
  }

  /** Whether `ranked` is worth having for a walk of the best matches: kept, or asked for before in this generation. */
  ordered(tieRank: Int32Array): boolean {
    return this.sortedOrder?.ranks === tieRank || this.walks++ > 0;
  }

  /**
   * The first `atLeast` (or more) of the slots and their scores by score descending, then `tieRank`
   * ascending, kept in that order (it is read in it); `complete` when they are all the slots. Only a
   * prefix is sorted: the scores at or above a cut, found by a selection over the scores alone
   * (no sort), so a broad term's walk does not pay for ordering what it never reaches.
   */
  ranked(tieRank: Int32Array, atLeast = 0): RankedMatches {
    const known = this.sortedOrder;
    if (known?.ranks === tieRank && (known.complete || known.slots.length >= atLeast)) return known;
    const { slots, scores } = this;
    const n = slots.length;
    const want = Math.max(atLeast, RANKED_PREFIX.min, Math.ceil(n * RANKED_PREFIX.share), known?.ranks === tieRank ? known.slots.length * RANKED_PREFIX.growth : 0);
    let order: Int32Array;
    if (want >= n) order = Int32Array.from(slots.keys());
    else {
      // Every score at or above the cut: ties at the cut included, so the prefix is exactly one of the whole order.
      const cut = kthSmallest(scores, n - want);
      let count = 0;
      for (let i = 0; i < n; i++) if (scores[i]! >= cut) count++;
      order = new Int32Array(count);
      for (let i = 0, k = 0; i < n; i++) if (scores[i]! >= cut) order[k++] = i;
    }
    order = sortByScoreThenTie(order, scores, slots, tieRank);
    const sorted = { ranks: tieRank, slots: new Int32Array(order.length), scores: new Float64Array(order.length), complete: order.length === n };
    for (let i = 0; i < order.length; i++) {
      sorted.slots[i] = slots[order[i]!]!;
      sorted.scores[i] = scores[order[i]!]!;
    }
    this.sortedOrder = sorted;
    return sorted;
  }

  get bytes(): number {
    return this.slots.byteLength + this.scores.byteLength + this.bits.bytes + (this.sortedOrder ? this.sortedOrder.slots.byteLength + this.sortedOrder.scores.byteLength : 0);
  }
}

/**
 * A term's scores from its evidence in each segment (in slot order), skipping retired slots: one
 * pass works out each paper's weight and the term's matching count (for the idf, summed in the same
 * order as ever), then each weight is multiplied by the idf, as `evidenceScore` does.
 */
export function scoreTerm(term: { cjk: boolean; generation: number }, evidence: TermEvidence[], alive: Uint8Array, lengths: LengthColumns, live: LiveLengths): ScoredTerm {
  let total = 0;
  for (const e of evidence) total += e.slots.length;
  const meanCjk = live.cjkSlots ? live.cjk / live.cjkSlots : 0;
  const meanOther = live.otherSlots ? live.other / live.otherSlots : 0;
  const meanBody = live.papers ? live.body / live.papers : 0;
  let slots = new Int32Array(total);
  let scores = new Float64Array(total);
  let n = 0;
  let matching = 0;
  for (const e of evidence) {
    for (let i = 0; i < e.slots.length; i++) {
      const slot = e.slots[i]!;
      if (alive[slot] === 0) continue;
      matching += e.best[i]!;
      // The title length of the term's script (`titleLengthFor`), without allocating.
      const cjkLength = lengths.titleCjk[slot]!;
      const otherLength = lengths.titleOther[slot]!;
      const useCjk = term.cjk ? cjkLength > 0 : otherLength === 0;
      const titleLength = useCjk ? cjkLength : otherLength;
      const meanTitle = titleLength === 0 ? 1 : useCjk ? meanCjk : meanOther;
      slots[n] = slot;
      scores[n++] = evidenceWeight(e.title[i]!, e.tags[i]!, e.body[i]!, titleLength, meanTitle, lengths.bodyWords[slot]!, meanBody);
    }
  }
  if (n < total) {
    slots = slots.slice(0, n);
    scores = scores.slice(0, n);
  }
  const termIdf = idf(matching, live.papers);
  for (let i = 0; i < n; i++) scores[i] = termIdf * scores[i]!;
  return new ScoredTerm(term.generation, slots, scores, termIdf);
}
