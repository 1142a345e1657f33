import { PROXIMITY, proximityBonus, type SearchText } from './relevance';
import type { ScoredTerm } from './scored-term';
import { countAll, popcount, type SlotBits } from './slot-bits';
import { TopSlots, type RankedSlot } from './top-slots';

/**
 * The papers that hold every term of a query (and pass its filters), each with its score (the
 * terms' scores summed in query order). Only `total` is worked out at once (a count over the terms'
 * bitmaps); a relevance page takes the best papers without visiting every match (`relevancePage`),
 * and what needs all of them (facets, the newest-first order) lists them once (`all`).
 * Without terms (a search by author alone) the matches are the slots the filters admit, each
 * scoring 0, none without filters; the walks below assume a term, so such a set is only listed.
 */
export class MatchSet {
  readonly total: number;
  readonly idfs: number[];
  private listed?: { slots: Int32Array; scores: Float64Array };

  constructor(
    readonly terms: ScoredTerm[],
    /** The slots the filters admit; undefined without filters. */
    readonly filter: SlotBits | undefined,
  ) {
    this.idfs = terms.map((t) => t.idf);
    this.total =
      terms.length === 0 ? (filter?.count ?? 0) : terms.length === 1 && !filter ? terms[0]!.slots.length : countAll(filter ? [...terms.map((t) => t.bits), filter] : terms.map((t) => t.bits));
  }

  /** Every match, slots ascending, with its score. */
  all(): { slots: Int32Array; scores: Float64Array } {
    this.listed ??= this.list();
    return this.listed;
  }

  /** The term whose list is shortest: the one a search walks, probing the others. */
  get rarest(): number {
    let d = 0;
    for (let t = 1; t < this.terms.length; t++) if (this.terms[t]!.slots.length < this.terms[d]!.slots.length) d = t;
    return d;
  }

  /** Whether `slot` is in every term but `skip`, and passes the filters. */
  admits(slot: number, skip: number): boolean {
    if (this.filter && !this.filter.has(slot)) return false;
    for (let t = 0; t < this.terms.length; t++) if (t !== skip && !this.terms[t]!.bits.has(slot)) return false;
    return true;
  }

  /** A matching slot's score, given term `d`'s score there (at hand where it was met): the terms' scores in query order. */
  score(slot: number, d: number, scoreOfD: number): number {
    let score = 0;
    for (let t = 0; t < this.terms.length; t++) {
      const term = this.terms[t]!;
      score += t === d ? scoreOfD : term.scores[term.bits.rank(slot)]!;
    }
    return score;
  }

  /**
   * Whether the filters admit so few slots that walking them (probing the terms' bitmaps) costs less
   * than walking the terms' matches, so a selective filter (an author's papers) costs what it admits:
   * fewer than the rarest term's matches, or, for the `wanted` best of one term read best first,
   * fewer than the matches read before that many pass the filters (about `wanted` × its matches /
   * those passing), weighed by `RANKED_READ_COST`.
   */
  filterWalkPays(wanted = Infinity): boolean {
    if (!this.filter || this.terms.length === 0) return false;
    const walked = this.terms[this.rarest]!.slots.length;
    if (this.terms.length > 1 || wanted === Infinity) return this.filter.count < walked;
    return this.filter.count < Math.min(walked, (wanted * walked) / Math.max(1, this.total)) * RANKED_READ_COST;
  }

  /** Calls `visit` for each slot the filters admit, ascending (only with filters). */
  forEachFiltered(visit: (slot: number) => void): void {
    const words = this.filter!.words;
    for (let w = 0; w < words.length; w++) {
      for (let bits = words[w]!; bits !== 0; ) {
        const low = bits & -bits;
        bits ^= low;
        visit((w << 5) + 31 - Math.clz32(low));
      }
    }
  }

  private list(): { slots: Int32Array; scores: Float64Array } {
    if (this.terms.length === 1 && !this.filter) return { slots: this.terms[0]!.slots, scores: this.terms[0]!.scores };
    const slots = new Int32Array(this.total);
    const scores = new Float64Array(this.total);
    let n = 0;
    if (this.terms.length === 0) {
      // No term: every slot the filters admit, scoring 0 (scores are zeros already).
      if (this.filter) this.forEachFiltered((slot) => (slots[n++] = slot));
      return { slots, scores };
    }
    if (this.filterWalkPays()) {
      this.forEachFiltered((slot) => {
        if (!this.admits(slot, -1)) return;
        slots[n] = slot;
        scores[n++] = this.score(slot, -1, 0);
      });
      return { slots, scores };
    }
    const d = this.rarest;
    const walked = this.terms[d]!;
    for (let i = 0; i < walked.slots.length && n < this.total; i++) {
      const slot = walked.slots[i]!;
      if (!this.admits(slot, d)) continue;
      slots[n] = slot;
      scores[n++] = this.score(slot, d, walked.scores[i]!);
    }
    return { slots, scores };
  }
}

/** What reading a match of one term best first costs next to probing a slot of the filters: it sorts what it reads. */
const RANKED_READ_COST = 4;

/**
 * The best `wanted` matches by score (then tie order), skipping the first `skip` of them: from the
 * terms' matches walked best first (`byThreshold`) once their order is kept, so most matches of a
 * broad query are never scored; else from every match of the rarest term.
 */
function best(match: MatchSet, wanted: number, skip: number, tieRank: Int32Array): RankedSlot[] {
  if (match.filterWalkPays(skip + wanted)) {
    // Few slots pass the filters: score each that holds every term (the scores summed in query order, as everywhere).
    const top = new TopSlots(skip + wanted, tieRank);
    match.forEachFiltered((slot) => match.admits(slot, -1) && top.offer(slot, match.score(slot, -1, 0)));
    return top.sorted().slice(skip);
  }
  const d = match.rarest;
  const walked = match.terms[d]!;
  if (match.terms.length === 1) {
    // One term: its own order is the answer's; the filters only leave some out.
    for (let ranked = walked.ranked(tieRank, skip + wanted); ; ranked = walked.ranked(tieRank, ranked.slots.length * 4)) {
      const out: RankedSlot[] = [];
      let passed = 0;
      for (let i = 0; i < ranked.slots.length && passed < skip + wanted; i++) {
        const slot = ranked.slots[i]!;
        if (match.filter && !match.filter.has(slot)) continue;
        if (passed++ >= skip) out.push({ slot, score: 0 + ranked.scores[i]! });
      }
      if (passed === skip + wanted || ranked.complete) return out;
    }
  }
  // Walking best first pays off when matches are many next to those wanted (else it meets mostly
  // slots that miss some term, in random order), and a term's sorted matches once it is asked for
  // again in this generation of the index.
  const many = match.total >= THRESHOLD_WALK.matchesPerWanted * match.terms.length * (skip + wanted);
  if (many && match.terms.map((t) => t.ordered(tieRank)).every(Boolean)) {
    const found = byThreshold(match, new TopSlots(skip + wanted, tieRank), tieRank, walked.slots.length * THRESHOLD_WALK.budget);
    if (found) return found.slice(skip);
  }
  return walkAll(match, d, new TopSlots(skip + wanted, tieRank)).slice(skip);
}

/**
 * The best matches from every match of term `d`, in slot order: the other terms and the filters
 * probed through their bitmaps, written out here (this loop is most of a broad query's cost). A slot
 * whose score cannot reach the worst kept (its own term's score plus the most the others can add)
 * is not scored.
 */
function walkAll(match: MatchSet, d: number, top: TopSlots): RankedSlot[] {
  const terms = match.terms;
  const words = terms.map((t) => t.bits.words);
  const prefixes = terms.map((t) => t.bits.prefixes());
  const scores = terms.map((t) => t.scores);
  const filter = match.filter?.words;
  const { slots, scores: own } = terms[d]!;
  let others = 0;
  for (let t = 0; t < terms.length; t++) if (t !== d) others += terms[t]!.maxScore;
  let worst = -Infinity;
  outer: for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    const mine = own[i]!;
    // Rounding aside, mine + others bounds the score; the margin keeps the test on the safe side.
    if ((mine + others) * (1 + 1e-9) < worst) continue;
    const w = slot >>> 5;
    const bit = 1 << (slot & 31);
    const below = ~(-1 << (slot & 31));
    if (filter && (w >= filter.length || (filter[w]! & bit) === 0)) continue;
    for (let t = 0; t < words.length; t++) {
      const bits = words[t]!;
      if (t !== d && (w >= bits.length || (bits[w]! & bit) === 0)) continue outer;
    }
    let score = 0;
    for (let t = 0; t < words.length; t++) score += t === d ? mine : scores[t]![prefixes[t]![w]! + popcount(words[t]![w]! & below)]!;
    top.offer(slot, score);
    if (top.full) worst = top.worstScore;
  }
  return top.sorted();
}

/**
 * When the best matches are found by `byThreshold`: at least this many matches for each term and
 * wanted one, and only until it has met as many slots as this share of the rarest term's matches
 * (past that, walking all of those in slot order costs less).
 */
const THRESHOLD_WALK = { matchesPerWanted: 4, budget: 1 } as const;

/** Slots already met by the current `byThreshold` walk, a bit each; reused by every walk. */
let met = new Int32Array(0);

/**
 * The best matches by walking every term's matches best first, in turns (the threshold algorithm):
 * a slot met in any list is scored in full by probing the others; the walk ends when the scores at
 * the walk's position in each list, summed in query order, fall below the worst score kept (no
 * slot not yet met can do better), or when a list is done (every match has been met). Undefined
 * when `budget` visits, or the sorted prefix of a list (`ScoredTerm.ranked`), did not settle it.
 */
function byThreshold(match: MatchSet, top: TopSlots, tieRank: Int32Array, budget: number): RankedSlot[] | undefined {
  const terms = match.terms;
  const lists = terms.map((t) => t.ranked(tieRank));
  const at = new Int32Array(terms.length);
  let words = 0;
  for (const t of terms) words = Math.max(words, t.bits.words.length);
  if (met.length < words) met = new Int32Array(words);
  else met.fill(0, 0, words);
  for (let visits = 0; visits < budget; visits += terms.length) {
    for (let t = 0; t < terms.length; t++) {
      const list = lists[t]!;
      // A list met in full: every match has been met. Only a prefix of it sorted: not settled here.
      if (at[t] === list.slots.length) return list.complete ? top.sorted() : undefined;
      const i = at[t]++;
      const slot = list.slots[i]!;
      const w = slot >>> 5;
      const bit = 1 << (slot & 31);
      if ((met[w]! & bit) !== 0) continue;
      met[w]! |= bit;
      if (match.admits(slot, t)) top.offer(slot, match.score(slot, t, list.scores[i]!));
    }
    if (!top.full) continue;
    let threshold = 0;
    for (let t = 0; t < terms.length; t++) {
      const list = lists[t]!;
      if (at[t] === list.slots.length) return list.complete ? top.sorted() : undefined;
      threshold += list.scores[at[t]!]!;
    }
    if (threshold < top.worstScore) return top.sorted();
  }
  return undefined;
}

/**
 * One page of the relevance order: score descending, then tie order; the best `PROXIMITY.window`
 * are rescored with the proximity bonus (a fixed window, so every page is a slice of one ranking).
 */
export function relevancePage(match: MatchSet, tieRank: Int32Array, offset: number, limit: number, terms: string[], textOf: (slot: number) => SearchText): RankedSlot[] {
  if (offset >= match.total || limit <= 0) return [];
  // No term: every match scores 0, so the tie order alone (newest first) is the relevance order.
  if (match.terms.length === 0) return orderedPage(match, tieRank, offset, limit);
  // One term has no proximity to rescore: the page alone is taken.
  if (match.terms.length === 1) return best(match, limit, offset, tieRank);
  const top = best(match, Math.max(offset + limit, PROXIMITY.window), 0, tieRank);
  if (terms.length > 1) {
    const window = top.slice(0, PROXIMITY.window);
    for (const entry of window) entry.score += proximityBonus(textOf(entry.slot), terms, match.idfs);
    window.sort((a, b) => b.score - a.score || tieRank[a.slot]! - tieRank[b.slot]!);
    top.splice(0, window.length, ...window);
  }
  return top.slice(offset, offset + limit);
}

/**
 * One page of an order by a key of each slot (`key`, highest first; none: the newest-first order,
 * the tie order alone), ties in the tie order, among the matches `keep` admits; each keeps its score.
 */
export function orderedPage(match: MatchSet, tieRank: Int32Array, offset: number, limit: number, options: { key?: ArrayLike<number>; keep?: (slot: number) => boolean } = {}): RankedSlot[] {
  if (limit <= 0 || offset >= match.total) return [];
  const { key, keep } = options;
  const { slots, scores } = match.all();
  const first = new TopSlots(offset + limit, tieRank);
  for (let i = 0; i < slots.length; i++) if (!keep || keep(slots[i]!)) first.offer(slots[i]!, key ? key[slots[i]!]! : 0);
  return first
    .sorted()
    .slice(offset, offset + limit)
    .map(({ slot }) => ({ slot, score: scores[gallop(slots, slot, 0)]! }));
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
