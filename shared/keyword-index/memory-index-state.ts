import type { Paper } from '../papers/paper';
import { compareTies, FIELD_GROUP_NAMES, FIELD_GROUPS, searchTextOf } from './relevance';

const TOKEN_SPLIT = /\s+/u;
// A posting packs a document slot and the field groups (bit i = FIELD_GROUP_NAMES[i]) a token occurs in.
const GROUP_BITS = 3;
const GROUP_MASK = (1 << GROUP_BITS) - 1;
/** Score of one term, by the mask of the groups it matched in: the sum of those groups' boosts. */
const SCORE_BY_MASK = Array.from({ length: 1 << GROUP_BITS }, (_, mask) =>
  FIELD_GROUP_NAMES.reduce((sum, g, i) => (mask & (1 << i) ? sum + FIELD_GROUPS[g].boost : sum), 0),
);
/**
 * A pair of UTF-16 code units as one 32-bit integer (the key of the vocabulary's bigram lists); it
 * stays a small integer for V8, unlike `c1 * 65536 + c2`, which is a heap number for CJK pairs.
 */
const bigramAt = (text: string, i: number) => (text.charCodeAt(i) << 16) | text.charCodeAt(i + 1);

/**
 * Ascending ids: a bare number while there is one (most tokens — Japanese and Chinese sentences —
 * occur in one paper, and an array per token would cost far more memory than its content).
 */
type IdList = number | number[];

function append(list: IdList | undefined, id: number): IdList {
  if (list === undefined) return id;
  if (typeof list === 'number') return list === id ? list : [list, id];
  if (list[list.length - 1] !== id) list.push(id);
  return list;
}

const asArray = (list: IdList): number[] => (typeof list === 'number' ? [list] : list);

/**
 * The data of the embedded keyword index. A query term never contains white space, so each of its
 * occurrences lies inside one white-space-delimited token of a field: matching a term means finding
 * the distinct tokens that contain it and taking the union of their postings. Tokens are found
 * through the vocabulary's bigram lists: a two-character term's list is exactly its tokens (what a
 * trigram index cannot give); a longer term intersects its rarest lists and checks the few candidates.
 * Japanese and Chinese text has no spaces, so its tokens are whole sentences; the bigram lists keep
 * the lookup independent of how much such text the vocabulary holds.
 *
 * Updating a paper retires its slot and gives it a new one; retired slots are skipped at query time
 * and dropped when the owner rebuilds the state.
 */
export class MemoryIndexState {
  readonly papers: (Paper | undefined)[] = [];
  readonly slotById = new Map<string, number>();
  /** Each distinct token's text and postings, by token id. */
  private readonly tokenTexts: string[] = [];
  private readonly tokenPostings: IdList[] = [];
  private readonly tokenIds = new Map<string, number>();
  /** For each bigram, the ids of the tokens holding it. */
  private readonly bigramTokens = new Map<number, IdList>();
  retired = 0;
  /** Live slots in tie order (year descending, id ascending), and each slot's position in it. */
  private tieOrder = new Int32Array(0);
  private tieRank = new Int32Array(0);
  private tieOrderStale = true;
  /**
   * Scratch arrays, one slot per paper, reused by every query: a query's `match` and `page` run
   * synchronously, so no two queries use them at once, and the heap is spared their churn.
   */
  private scratch = { scores: new Int32Array(0), termsMatched: new Uint8Array(0), masks: new Uint8Array(0), isMatch: new Uint8Array(0) };

  get size(): number {
    return this.slotById.size;
  }

  add(paper: Paper): void {
    this.remove(paper.id);
    const slot = this.papers.length;
    this.papers.push(paper);
    this.slotById.set(paper.id, slot);
    const masks = new Map<string, number>();
    const text = searchTextOf(paper);
    FIELD_GROUP_NAMES.forEach((group, bit) => {
      for (const value of text[group]) {
        for (const token of value.split(TOKEN_SPLIT)) {
          if (token) masks.set(token, (masks.get(token) ?? 0) | (1 << bit));
        }
      }
    });
    for (const [text, mask] of masks) {
      let id = this.tokenIds.get(text);
      const posting = (slot << GROUP_BITS) | mask;
      if (id === undefined) {
        id = this.tokenTexts.length;
        this.tokenTexts.push(text);
        this.tokenPostings.push(posting);
        this.tokenIds.set(text, id);
        this.addBigrams(text, id);
      } else {
        this.tokenPostings[id] = append(this.tokenPostings[id], posting);
      }
    }
    this.tieOrderStale = true;
  }

  remove(id: string): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    this.papers[slot] = undefined;
    this.slotById.delete(id);
    this.retired++;
    this.tieOrderStale = true;
  }

  /**
   * Scores every live paper that contains all terms; returns the matching slots with their scores
   * (0 for papers that do not match). `accept` applies the filters. The scores are scratch memory:
   * read them before the next query.
   */
  match(terms: string[], accept: (paper: Paper) => boolean): { slots: number[]; scores: Int32Array } {
    const slotCount = this.papers.length;
    const { scores, termsMatched, masks } = this.scratchFor(slotCount);
    let candidates: number[] = [];
    terms.forEach((term, t) => {
      masks.fill(0);
      const touched: number[] = [];
      const visit = (posting: number) => {
        const slot = posting >>> GROUP_BITS;
        if (termsMatched[slot] !== t) return; // an earlier term missed this paper
        if (masks[slot] === 0) touched.push(slot);
        masks[slot]! |= posting & GROUP_MASK;
      };
      for (const tokenId of this.tokensContaining(term)) {
        const postings = this.tokenPostings[tokenId]!;
        if (typeof postings === 'number') visit(postings);
        else for (const posting of postings) visit(posting);
      }
      for (const slot of touched) {
        termsMatched[slot] = t + 1;
        scores[slot]! += SCORE_BY_MASK[masks[slot]!]!;
      }
      candidates = touched;
    });
    const slots = candidates.filter((slot) => {
      const paper = this.papers[slot];
      return paper !== undefined && accept(paper);
    });
    return { slots, scores };
  }

  /** Orders matches by score descending, then tie order, and returns the requested page. */
  page(slots: number[], scores: Int32Array, offset: number, limit: number): number[] {
    this.refreshTieOrder();
    if (offset >= slots.length) return [];
    const rank = this.tieRank;
    // Few matches: sort them. Many: count them per score, then one pass over the tie order places
    // each match at its position within its score group, keeping only the requested window.
    if (slots.length * 16 < this.tieOrder.length) {
      return slots.sort((a, b) => scores[b]! - scores[a]! || rank[a]! - rank[b]!).slice(offset, offset + limit);
    }
    let maxScore = 0;
    for (const slot of slots) if (scores[slot]! > maxScore) maxScore = scores[slot]!;
    const groupStart = new Int32Array(maxScore + 2);
    for (const slot of slots) groupStart[scores[slot]!]!++;
    // Turn counts into the position where each score group starts (higher scores first).
    for (let score = maxScore, start = 0; score >= 0; score--) {
      const count = groupStart[score]!;
      groupStart[score] = start;
      start += count;
    }
    const isMatch = this.scratch.isMatch;
    isMatch.fill(0);
    for (const slot of slots) isMatch[slot] = 1;
    const end = Math.min(offset + limit, slots.length);
    const page = new Array<number>(end - offset);
    let placed = 0;
    for (let i = 0; i < this.tieOrder.length && placed < page.length; i++) {
      const slot = this.tieOrder[i]!;
      if (isMatch[slot] === 0) continue;
      const position = groupStart[scores[slot]!]!++;
      if (position >= offset && position < end) {
        page[position - offset] = slot;
        placed++;
      }
    }
    return page;
  }

  /** The scratch arrays, grown to the slot count and cleared. */
  private scratchFor(slotCount: number) {
    if (this.scratch.scores.length < slotCount) {
      const size = Math.ceil(slotCount * 1.25);
      this.scratch = { scores: new Int32Array(size), termsMatched: new Uint8Array(size), masks: new Uint8Array(size), isMatch: new Uint8Array(size) };
    } else {
      this.scratch.scores.fill(0);
      this.scratch.termsMatched.fill(0);
    }
    return this.scratch;
  }

  private addBigrams(text: string, id: number): void {
    for (let i = 0; i + 1 < text.length; i++) {
      const key = bigramAt(text, i);
      const ids = this.bigramTokens.get(key);
      const next = append(ids, id); // a bigram repeated within the token is listed once
      if (next !== ids) this.bigramTokens.set(key, next);
    }
  }

  /** Ids of the vocabulary tokens that contain `term`. */
  private tokensContaining(term: string): number[] {
    if (term.length < 2) return [];
    const lists: number[][] = [];
    for (let i = 0; i + 1 < term.length; i++) {
      const ids = this.bigramTokens.get(bigramAt(term, i));
      if (ids === undefined) return [];
      lists.push(asArray(ids));
    }
    lists.sort((a, b) => a.length - b.length);
    if (term.length === 2) return lists[0]!;
    // The two rarest bigrams narrow the candidates; the substring check makes the answer exact.
    const candidates = lists.length > 1 ? intersectSorted(lists[0]!, lists[1]!) : lists[0]!;
    return candidates.filter((id) => this.tokenTexts[id]!.includes(term));
  }

  private refreshTieOrder(): void {
    if (!this.tieOrderStale) return;
    const live = [...this.slotById.values()];
    live.sort((a, b) => compareTies(this.papers[a]!, this.papers[b]!));
    this.tieOrder = Int32Array.from(live);
    this.tieRank = new Int32Array(this.papers.length);
    live.forEach((slot, i) => (this.tieRank[slot] = i));
    this.tieOrderStale = false;
  }
}

/** Ids present in both ascending lists; binary search in the longer one when the lengths differ much. */
function intersectSorted(small: number[], large: number[]): number[] {
  const out: number[] = [];
  if (large.length > small.length * 8) {
    let lo = 0;
    for (const id of small) {
      let hi = large.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (large[mid]! < id) lo = mid + 1;
        else hi = mid;
      }
      if (lo < large.length && large[lo] === id) out.push(id);
    }
    return out;
  }
  let i = 0;
  let j = 0;
  while (i < small.length && j < large.length) {
    if (small[i]! < large[j]!) i++;
    else if (small[i]! > large[j]!) j++;
    else { out.push(small[i]!); i++; j++; }
  }
  return out;
}
