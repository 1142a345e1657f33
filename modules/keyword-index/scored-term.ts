import { evidenceScore, idf } from './relevance';
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

/**
 * One term's score in every live paper that holds it, slots ascending: what a query with the term
 * adds up. It depends on every live paper (the idf, the mean lengths), so it is kept for one
 * generation of the index; `order` (best first, then tie order) is worked out when a one-term query
 * pages through it and kept with it.
 */
export class ScoredTerm {
  private sortedOrder?: { ranks: Int32Array; order: Int32Array };

  constructor(
    readonly generation: number,
    readonly slots: Int32Array,
    readonly scores: Float64Array,
    readonly idf: number,
  ) {}

  /** Indexes into `slots` by score descending, then `tieRank` ascending. */
  order(tieRank: Int32Array): Int32Array {
    if (this.sortedOrder?.ranks === tieRank) return this.sortedOrder.order;
    const { slots, scores } = this;
    const order = Int32Array.from(slots.keys()).sort((a, b) => scores[b]! - scores[a]! || tieRank[slots[a]!]! - tieRank[slots[b]!]!);
    this.sortedOrder = { ranks: tieRank, order };
    return order;
  }

  get bytes(): number {
    return this.slots.byteLength + this.scores.byteLength + (this.sortedOrder?.order.byteLength ?? 0);
  }
}

/** A term's scores from its evidence in each segment (in slot order), skipping retired slots. */
export function scoreTerm(term: { cjk: boolean; generation: number }, evidence: TermEvidence[], alive: Uint8Array, lengths: LengthColumns, live: LiveLengths): ScoredTerm {
  let count = 0;
  let matching = 0;
  for (const e of evidence) {
    for (let i = 0; i < e.slots.length; i++) {
      if (alive[e.slots[i]!] === 0) continue;
      count++;
      matching += e.best[i]!;
    }
  }
  const termIdf = idf(matching, live.papers);
  const meanCjk = live.cjkSlots ? live.cjk / live.cjkSlots : 0;
  const meanOther = live.otherSlots ? live.other / live.otherSlots : 0;
  const meanBody = live.papers ? live.body / live.papers : 0;
  const slots = new Int32Array(count);
  const scores = new Float64Array(count);
  let n = 0;
  for (const e of evidence) {
    for (let i = 0; i < e.slots.length; i++) {
      const slot = e.slots[i]!;
      if (alive[slot] === 0) continue;
      // The title length of the term's script (`titleLengthFor`), without allocating.
      const cjkLength = lengths.titleCjk[slot]!;
      const otherLength = lengths.titleOther[slot]!;
      const useCjk = term.cjk ? cjkLength > 0 : otherLength === 0;
      const titleLength = useCjk ? cjkLength : otherLength;
      const meanTitle = titleLength === 0 ? 1 : useCjk ? meanCjk : meanOther;
      slots[n] = slot;
      scores[n++] = evidenceScore(termIdf, e.title[i]!, e.tags[i]!, e.body[i]!, titleLength, meanTitle, lengths.bodyWords[slot]!, meanBody);
    }
  }
  return new ScoredTerm(term.generation, slots, scores, termIdf);
}
