import type { Paper } from '../../shared/papers/paper.schema';
import {
  compareTies,
  FIELD_GROUP_NAMES,
  idf,
  isCjkTerm,
  occurrences,
  PROXIMITY,
  proximityBonus,
  searchTextOf,
  evidenceScore,
  type SearchText,
  titleLengths,
  tokenWords,
} from './relevance';
import { LRUCache } from 'lru-cache';
import { RankedPostings } from './ranked-postings';
import { append, asArray, firstAtLeast, intersectSorted, type IdList } from './sorted-ids';
import { TopSlots, type RankedSlot } from './top-slots';

const TOKEN_SPLIT = /\s+/u;
/**
 * A posting packs a document slot, how often the token occurs in the paper's body (capped at 255)
 * and the field groups (bit i = FIELD_GROUP_NAMES[i]) it occurs in.
 */
const GROUP_BITS = 3;
const COUNT_BITS = 8;
const GROUP_MASK = (1 << GROUP_BITS) - 1;
const COUNT_MAX = (1 << COUNT_BITS) - 1;
const SLOT_SHIFT = GROUP_BITS + COUNT_BITS;
const [TITLE_BIT, TAGS_BIT, BODY_BIT] = FIELD_GROUP_NAMES.map((_, i) => 1 << i) as [number, number, number];

/** A token holding a term, and how well (see `occurrences`). */
interface TokenMatch {
  id: number;
  best: number;
  sum: number;
}

const byQuality = (a: TokenMatch, b: TokenMatch) => b.best - a.best || a.id - b.id;

/** A matched paper with its score (the proximity bonus included when it was in the rescoring window). */
export type ScoredSlot = RankedSlot;
/**
 * A pair of UTF-16 code units as one 32-bit integer (the key of the vocabulary's bigram lists); it
 * stays a small integer for V8, unlike `c1 * 65536 + c2`, which is a heap number for CJK pairs.
 */
const bigramAt = (text: string, i: number) => (text.charCodeAt(i) << 16) | text.charCodeAt(i + 1);

/**
 * The data of the embedded keyword index. A query term never contains white space, so each of its
 * occurrences lies inside one white-space-delimited token of a field: matching a term means finding
 * the distinct tokens that contain it and taking the union of their postings. How well a token
 * stands for the term (a whole word, or part of a longer one: `relevance.ts`) is worked out once per
 * token, so scoring a paper costs a few operations per posting. Tokens are found
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
  /**
   * The analyzed terms of ranked (any-term) retrieval, over the same slots: made only once asked
   * for (`enableRanking`), in a process that serves it, and filled for slots below `rankedUpTo`.
   */
  private ranked?: RankedPostings;
  private rankedUpTo = 0;
  retired = 0;
  /**
   * Each slot's body length and title lengths (Japanese/Chinese titles and the others) in words, the
   * length normalisation of matches; their sums over live slots, and how many live slots have each.
   */
  private bodyWords = new Uint32Array(1024);
  /** 1 for a live slot, 0 for a retired one (read in the inner loop instead of `papers`). */
  private alive = new Uint8Array(1024);
  private titleCjk = new Float64Array(1024);
  private titleOther = new Float64Array(1024);
  private readonly live = { body: 0, cjk: 0, other: 0, cjkSlots: 0, otherSlots: 0 };
  /** Each live slot's position in tie order (year descending, id ascending). */
  private tieRank = new Int32Array(0);
  private tieOrderStale = true;
  /**
   * Scratch arrays, one slot per paper, reused by every query: a query's `match` and `page` run
   * synchronously, so no two queries use them at once, and the heap is spared their churn.
   */
  private scratch = emptyScratch(0);
  /** Marks the slots a term's postings reached, per term of each query (see `match`). */
  private stamp = 0;
  /** The normalised text of recently rescored slots (see `textOf`). */
  private readonly texts = new LRUCache<number, SearchText>({ max: 10_000 });
  /** The tokens each recent term matched (see `tokensContaining`), up to half a million tokens in all (~20 MB). */
  private readonly matchCache = new LRUCache<string, { vocabulary: number; tokens: TokenMatch[] }>({
    maxSize: 500_000,
    sizeCalculation: (entry) => entry.tokens.length + 1,
  });

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
    if (this.ranked && this.rankedUpTo === slot) {
      this.ranked.add(slot, text);
      this.rankedUpTo++;
    }
    let words = 0;
    FIELD_GROUP_NAMES.forEach((group, bit) => {
      for (const value of text[group]) {
        for (const token of value.split(TOKEN_SPLIT)) {
          if (!token) continue;
          const mask = masks.get(token) ?? 0;
          if (bit === 2) {
            words += tokenWords(token);
            // The body count rides above the group bits, saturating at COUNT_MAX.
            const count = mask >>> GROUP_BITS;
            masks.set(token, (Math.min(count + 1, COUNT_MAX) << GROUP_BITS) | (mask & GROUP_MASK) | BODY_BIT);
          } else {
            masks.set(token, mask | (1 << bit));
          }
        }
      }
    });
    if (slot >= this.bodyWords.length) {
      const size = Math.max(slot + 1, this.bodyWords.length * 2);
      this.bodyWords = grown(this.bodyWords, new Uint32Array(size));
      this.alive = grown(this.alive, new Uint8Array(size));
      this.titleCjk = grown(this.titleCjk, new Float64Array(size));
      this.titleOther = grown(this.titleOther, new Float64Array(size));
    }
    const titles = titleLengths(text.title);
    this.alive[slot] = 1;
    this.bodyWords[slot] = words;
    this.titleCjk[slot] = titles.cjk;
    this.titleOther[slot] = titles.other;
    this.count(slot, 1);
    for (const [text, mask] of masks) {
      let id = this.tokenIds.get(text);
      const posting = slot * (1 << SLOT_SHIFT) + mask;
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
    this.alive[slot] = 0;
    this.slotById.delete(id);
    this.texts.delete(slot);
    this.count(slot, -1);
    this.retired++;
    this.tieOrderStale = true;
  }

  /**
   * Scores every live paper that contains all terms (`relevance.ts`); returns the matching slots that
   * `accept` admits, with their scores (scratch memory: read them before the next query) and each
   * term's idf.
   */
  match(terms: string[], accept?: (paper: Paper) => boolean): { slots: number[]; scores: Float64Array; idfs: number[] } {
    const { scores, termsMatched, title, tags, body, seen } = this.scratchFor(this.papers.length);
    const papers = this.papers;
    const alive = this.alive;
    const live = this.slotById.size;
    const l = this.live;
    const meanCjk = l.cjkSlots ? l.cjk / l.cjkSlots : 0;
    const meanOther = l.otherSlots ? l.other / l.otherSlots : 0;
    const meanBody = live ? l.body / live : 0;
    let candidates: number[] = [];
    const idfs: number[] = [];
    for (let t = 0; t < terms.length; t++) {
      const cjk = isCjkTerm(terms[t]!);
      const touched: number[] = [];
      const stamp = this.nextStamp();
      // Best tokens first (`tokensContaining` sorts them), so a paper is first reached through its
      // best match: `matching` sums the qualities of each paper's best match (the term's document
      // frequency as a word).
      let matching = 0;
      for (const { id, best, sum } of this.tokensContaining(terms[t]!)) {
        const postings = this.tokenPostings[id]!;
        const n = typeof postings === 'number' ? 1 : postings.length;
        for (let i = 0; i < n; i++) {
          const posting = typeof postings === 'number' ? postings : postings[i]!;
          const low = posting % (1 << SLOT_SHIFT);
          const slot = (posting - low) / (1 << SLOT_SHIFT);
          if (seen[slot] !== stamp) {
            seen[slot] = stamp;
            if (alive[slot] === 0) continue;
            matching += best;
            if (termsMatched[slot] !== t) continue; // an earlier term missed this paper
            touched.push(slot);
          } else if (termsMatched[slot] !== t || alive[slot] === 0) continue;
          if (low & TITLE_BIT && best > title[slot]!) title[slot] = best;
          if (low & TAGS_BIT && best > tags[slot]!) tags[slot] = best;
          if (low & BODY_BIT) body[slot]! += (low >>> GROUP_BITS) * sum;
        }
      }
      const termIdf = idf(matching, live);
      idfs.push(termIdf);
      for (const slot of touched) {
        termsMatched[slot] = t + 1;
        // The title length of the term's script (`titleLengthFor`), without allocating.
        const cjkLength = this.titleCjk[slot]!;
        const otherLength = this.titleOther[slot]!;
        const useCjk = cjk ? cjkLength > 0 : otherLength === 0;
        const titleLength = useCjk ? cjkLength : otherLength;
        const meanTitle = titleLength === 0 ? 1 : useCjk ? meanCjk : meanOther;
        scores[slot]! += evidenceScore(termIdf, title[slot]!, tags[slot]!, body[slot]!, titleLength, meanTitle, this.bodyWords[slot]!, meanBody);
        title[slot] = 0;
        tags[slot] = 0;
        body[slot] = 0;
      }
      candidates = touched;
    }
    const slots = accept ? candidates.filter((slot) => accept(papers[slot]!)) : candidates;
    return { slots, scores, idfs };
  }

  /** Starts ranked retrieval: papers added from now on are analyzed at once, those before by `advanceRanking`. */
  enableRanking(): void {
    this.ranked ??= new RankedPostings();
  }

  /** Analyzes up to `budget` more of the papers added before ranking was enabled; true once every one is. */
  advanceRanking(budget: number): boolean {
    const ranked = this.ranked;
    if (!ranked) return false;
    for (let end = Math.min(this.papers.length, this.rankedUpTo + budget); this.rankedUpTo < end; this.rankedUpTo++) {
      const paper = this.papers[this.rankedUpTo];
      if (paper) ranked.add(this.rankedUpTo, searchTextOf(paper));
    }
    return this.rankingReady;
  }

  get rankingReady(): boolean {
    return this.ranked !== undefined && this.rankedUpTo === this.papers.length;
  }

  /**
   * The `limit` papers that rank best for a question (BM25 over any of its terms) among those
   * `accept` admits; only once `rankingReady`.
   */
  rank(query: string, accept: (paper: Paper) => boolean, limit: number): RankedSlot[] {
    this.refreshTieOrder();
    if (!this.ranked || !this.rankingReady) throw new Error('ranked retrieval is not ready');
    return this.ranked.search(query, (slot) => {
      const paper = this.papers[slot];
      return paper !== undefined && accept(paper);
    }, limit, this.tieRank);
  }

  /**
   * Orders matches by score descending, then tie order; rescores the best `PROXIMITY.window` with
   * the proximity bonus (a fixed window, so every page is a slice of one ranking); returns the page.
   */
  page(slots: number[], scores: Float64Array, offset: number, limit: number, terms: string[], idfs: number[]): ScoredSlot[] {
    this.refreshTieOrder();
    if (offset >= slots.length || limit <= 0) return [];
    const rank = this.tieRank;
    const better = (a: ScoredSlot, b: ScoredSlot) => b.score - a.score || rank[a.slot]! - rank[b.slot]!;
    const best = new TopSlots(Math.max(offset + limit, PROXIMITY.window), rank);
    for (const slot of slots) best.offer(slot, scores[slot]!);
    const top = best.sorted();
    if (terms.length > 1) {
      const window = top.slice(0, PROXIMITY.window);
      for (const entry of window) entry.score += proximityBonus(this.textOf(entry.slot), terms, idfs);
      window.sort(better);
      top.splice(0, window.length, ...window);
    }
    return top.slice(offset, offset + limit);
  }

  /** Orders matches newest first: the tie order alone (publication year descending, then id); each keeps its score. */
  newest(slots: number[], scores: Float64Array, offset: number, limit: number): ScoredSlot[] {
    this.refreshTieOrder();
    if (offset >= slots.length || limit <= 0) return [];
    const first = new TopSlots(offset + limit, this.tieRank);
    for (const slot of slots) first.offer(slot, 0);
    return first.sorted().slice(offset, offset + limit).map(({ slot }) => ({ slot, score: scores[slot]! }));
  }

  /** A live slot's normalised text, remembered for the papers that often reach the proximity window. */
  private textOf(slot: number): SearchText {
    let text = this.texts.get(slot);
    if (!text) {
      text = searchTextOf(this.papers[slot]!);
      this.texts.set(slot, text);
    }
    return text;
  }

  /** Adds (1) or takes away (−1) a slot's lengths from the live sums. */
  private count(slot: number, sign: 1 | -1): void {
    const l = this.live;
    l.body += sign * this.bodyWords[slot]!;
    l.cjk += sign * this.titleCjk[slot]!;
    l.other += sign * this.titleOther[slot]!;
    if (this.titleCjk[slot]) l.cjkSlots += sign;
    if (this.titleOther[slot]) l.otherSlots += sign;
  }

  /** The scratch arrays, grown to the slot count and cleared. */
  private scratchFor(slotCount: number) {
    if (this.scratch.scores.length < slotCount) {
      this.scratch = emptyScratch(Math.ceil(slotCount * 1.25));
      this.stamp = 0;
    } else {
      this.scratch.scores.fill(0);
      this.scratch.termsMatched.fill(0);
    }
    return this.scratch;
  }

  private nextStamp(): number {
    if (this.stamp === 0x7fffffff) {
      this.scratch.seen.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  private addBigrams(text: string, id: number): void {
    for (let i = 0; i + 1 < text.length; i++) {
      const key = bigramAt(text, i);
      const ids = this.bigramTokens.get(key);
      const next = append(ids, id); // a bigram repeated within the token is listed once
      if (next !== ids) this.bigramTokens.set(key, next);
    }
  }

  /**
   * The vocabulary tokens that contain `term`, with the best and summed quality of its occurrences
   * in each, best first. Remembered per term: tokens never change, new ones get higher ids, so a
   * remembered answer is brought up to date by looking at the tokens added since.
   */
  private tokensContaining(term: string): TokenMatch[] {
    const known = this.matchCache.get(term);
    const vocabulary = this.tokenTexts.length;
    if (known && known.vocabulary === vocabulary) return known.tokens;
    const from = known?.vocabulary ?? 0;
    const added = this.scanTokens(term, from);
    const tokens = known ? [...known.tokens, ...added].sort(byQuality) : added.sort(byQuality);
    this.matchCache.set(term, { vocabulary, tokens });
    return tokens;
  }

  /** The tokens with an id from `from` on that contain `term`, with their qualities. */
  private scanTokens(term: string, from: number): TokenMatch[] {
    if (term.length < 2) return [];
    const cjk = isCjkTerm(term);
    const withQuality = (id: number): TokenMatch => ({ id, ...occurrences(this.tokenTexts[id]!, term, cjk) });
    const lists: number[][] = [];
    for (let i = 0; i + 1 < term.length; i++) {
      const ids = this.bigramTokens.get(bigramAt(term, i));
      if (ids === undefined) return [];
      lists.push(asArray(ids));
    }
    lists.sort((a, b) => a.length - b.length);
    const newer = (ids: number[]) => (from === 0 ? ids : ids.slice(firstAtLeast(ids, from)));
    if (term.length === 2) return newer(lists[0]!).map(withQuality);
    // The two rarest bigrams narrow the candidates; the substring check makes the answer exact.
    const candidates = lists.length > 1 ? intersectSorted(newer(lists[0]!), lists[1]!) : newer(lists[0]!);
    return candidates.filter((id) => this.tokenTexts[id]!.includes(term)).map(withQuality);
  }

  private refreshTieOrder(): void {
    if (!this.tieOrderStale) return;
    const live = [...this.slotById.values()];
    live.sort((a, b) => compareTies(this.papers[a]!, this.papers[b]!));
    this.tieRank = new Int32Array(this.papers.length);
    live.forEach((slot, i) => (this.tieRank[slot] = i));
    this.tieOrderStale = false;
  }
}

function grown<T extends Uint8Array | Uint32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

function emptyScratch(size: number) {
  return {
    scores: new Float64Array(size),
    termsMatched: new Uint8Array(size),
    title: new Float64Array(size),
    tags: new Float64Array(size),
    body: new Float64Array(size),
    seen: new Int32Array(size),
  };
}
