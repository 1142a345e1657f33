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
// Terms never contain white space, so a newline can separate tokens in the vocabulary text.
const VOCAB_SEPARATOR = '\n';

interface Token {
  text: string;
  postings: number[];
}

/**
 * The data of the embedded keyword index. A query term never contains white space, so each of its
 * occurrences lies inside one white-space-delimited token of a field: matching a term means finding
 * the distinct tokens that contain it (an `indexOf` scan of the concatenated vocabulary, exact for
 * two-character CJK terms) and taking the union of their postings.
 *
 * Updating a paper retires its slot and gives it a new one; retired slots are skipped at query time
 * and dropped when the owner rebuilds the state.
 */
export class MemoryIndexState {
  readonly papers: (Paper | undefined)[] = [];
  readonly slotById = new Map<string, number>();
  private readonly tokens: Token[] = [];
  private readonly tokenIds = new Map<string, number>();
  retired = 0;

  private vocabText = '';
  private vocabStarts = new Int32Array(0);
  private vocabTokenCount = -1;
  /** Live slots in tie order (year descending, id ascending), and each slot's position in it. */
  private tieOrder = new Int32Array(0);
  private tieRank = new Int32Array(0);
  private tieOrderStale = true;

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
      if (id === undefined) {
        id = this.tokens.length;
        this.tokens.push({ text, postings: [] });
        this.tokenIds.set(text, id);
      }
      this.tokens[id]!.postings.push((slot << GROUP_BITS) | mask);
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
   * (0 for papers that do not match). `accept` applies the filters.
   */
  match(terms: string[], accept: (paper: Paper) => boolean): { slots: number[]; scores: Int32Array } {
    this.refreshVocabulary();
    const slotCount = this.papers.length;
    const scores = new Int32Array(slotCount);
    const termsMatched = new Uint8Array(slotCount);
    let candidates: number[] = [];
    terms.forEach((term, t) => {
      const masks = new Uint8Array(slotCount);
      const touched: number[] = [];
      for (const tokenId of this.tokensContaining(term)) {
        for (const posting of this.tokens[tokenId]!.postings) {
          const slot = posting >>> GROUP_BITS;
          if (termsMatched[slot] !== t) continue; // an earlier term missed this paper
          if (masks[slot] === 0) touched.push(slot);
          masks[slot]! |= posting & GROUP_MASK;
        }
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
    // Few matches: sort them. Many: one pass over the tie order into score buckets, each already in order.
    if (slots.length * 16 < this.tieOrder.length) {
      return slots
        .sort((a, b) => scores[b]! - scores[a]! || rank[a]! - rank[b]!)
        .slice(offset, offset + limit);
    }
    const isMatch = new Uint8Array(this.papers.length);
    for (const slot of slots) isMatch[slot] = 1;
    const buckets = new Map<number, number[]>();
    for (const slot of this.tieOrder) {
      if (isMatch[slot] === 0) continue;
      const score = scores[slot]!;
      let bucket = buckets.get(score);
      if (!bucket) buckets.set(score, (bucket = []));
      bucket.push(slot);
    }
    const ordered = [...buckets.keys()].sort((a, b) => b - a).flatMap((score) => buckets.get(score)!);
    return ordered.slice(offset, offset + limit);
  }

  /** Ids of the vocabulary tokens that contain `term`. */
  private *tokensContaining(term: string): Generator<number> {
    const text = this.vocabText;
    const starts = this.vocabStarts;
    let from = 0;
    for (;;) {
      const at = text.indexOf(term, from);
      if (at < 0) return;
      // The token holding position `at`: the last start at or before it.
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (starts[mid]! <= at) lo = mid;
        else hi = mid - 1;
      }
      yield lo;
      from = lo + 1 < starts.length ? starts[lo + 1]! : text.length;
    }
  }

  private refreshVocabulary(): void {
    if (this.vocabTokenCount === this.tokens.length) return;
    const starts = new Int32Array(this.tokens.length);
    let offset = 0;
    this.tokens.forEach((token, i) => {
      starts[i] = offset;
      offset += token.text.length + VOCAB_SEPARATOR.length;
    });
    this.vocabText = this.tokens.map((t) => t.text).join(VOCAB_SEPARATOR);
    this.vocabStarts = starts;
    this.vocabTokenCount = this.tokens.length;
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
