import { PROXIMITY, proximityBonus, type SearchText } from './relevance';
import type { ScoredTerm } from './scored-term';
import { TopSlots, type RankedSlot } from './top-slots';

/**
 * The papers that hold every term of a query (and pass its filters), slots ascending, each with its
 * score (the terms' scores summed in query order). `single` is the one term of an unfiltered
 * one-term query: its match set is the term's own, and its kept order serves every page.
 */
export interface MatchSet {
  slots: Int32Array;
  scores: Float64Array;
  idfs: number[];
  single?: ScoredTerm;
}

/** The AND of the terms: walks the rarest term's slots and finds each in the others by galloping search. */
export function intersect(terms: ScoredTerm[], accept?: (slot: number) => boolean): MatchSet {
  const idfs = terms.map((t) => t.idf);
  if (terms.length === 1 && !accept) return { slots: terms[0]!.slots, scores: terms[0]!.scores, idfs, single: terms[0] };
  const rarest = terms.reduce((a, b) => (b.slots.length < a.slots.length ? b : a));
  const at = terms.map(() => 0);
  const slots: number[] = [];
  const scores: number[] = [];
  outer: for (let i = 0; i < rarest.slots.length; i++) {
    const slot = rarest.slots[i]!;
    for (let t = 0; t < terms.length; t++) {
      const list = terms[t]!.slots;
      const p = (at[t] = gallop(list, slot, at[t]!));
      if (p === list.length) break outer;
      if (list[p] !== slot) continue outer;
    }
    if (accept && !accept(slot)) continue;
    let score = 0;
    for (let t = 0; t < terms.length; t++) score += terms[t]!.scores[at[t]!]!;
    slots.push(slot);
    scores.push(score);
  }
  return { slots: Int32Array.from(slots), scores: Float64Array.from(scores), idfs };
}

/** The first index from `from` on whose value is ≥ `value` in an ascending list. */
function gallop(list: Int32Array, value: number, from: number): number {
  if (from >= list.length || list[from]! >= value) return from;
  let step = 1;
  let lo = from;
  let hi = from + 1;
  while (hi < list.length && list[hi]! < value) {
    lo = hi;
    step *= 2;
    hi = from + step;
  }
  hi = Math.min(hi, list.length);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One page of the relevance order: score descending, then tie order; the best `PROXIMITY.window`
 * are rescored with the proximity bonus (a fixed window, so every page is a slice of one ranking).
 */
export function relevancePage(match: MatchSet, tieRank: Int32Array, offset: number, limit: number, terms: string[], textOf: (slot: number) => SearchText): RankedSlot[] {
  if (offset >= match.slots.length || limit <= 0) return [];
  const wanted = Math.max(offset + limit, PROXIMITY.window);
  let top: RankedSlot[];
  if (match.single) {
    const order = match.single.order(tieRank);
    top = [];
    for (let i = 0; i < Math.min(wanted, order.length); i++) top.push({ slot: match.slots[order[i]!]!, score: match.scores[order[i]!]! });
  } else {
    const best = new TopSlots(wanted, tieRank);
    for (let i = 0; i < match.slots.length; i++) best.offer(match.slots[i]!, match.scores[i]!);
    top = best.sorted();
  }
  if (terms.length > 1) {
    const window = top.slice(0, PROXIMITY.window);
    for (const entry of window) entry.score += proximityBonus(textOf(entry.slot), terms, match.idfs);
    window.sort((a, b) => b.score - a.score || tieRank[a.slot]! - tieRank[b.slot]!);
    top.splice(0, window.length, ...window);
  }
  return top.slice(offset, offset + limit);
}

/** One page of the newest-first order (the tie order alone), among the matches `keep` admits; each keeps its score. */
export function newestPage(match: MatchSet, tieRank: Int32Array, offset: number, limit: number, keep?: (slot: number) => boolean): RankedSlot[] {
  if (limit <= 0 || offset >= match.slots.length) return [];
  const first = new TopSlots(offset + limit, tieRank);
  for (let i = 0; i < match.slots.length; i++) if (!keep || keep(match.slots[i]!)) first.offer(match.slots[i]!, 0);
  return first
    .sorted()
    .slice(offset, offset + limit)
    .map(({ slot }) => ({ slot, score: match.scores[gallop(match.slots, slot, 0)]! }));
}
