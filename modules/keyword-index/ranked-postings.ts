import { analyze, forEachWord, termsOfWord } from '../../shared/text/analyzer';
import { topicText } from '../../shared/text/question-words';
import type { SearchText } from './relevance';
import { TopSlots, type RankedSlot } from './top-slots';

/**
 * Okapi BM25 with Lucene's and Elasticsearch's default parameters, so that both engines rank
 * questions alike; a title word counts five times (BM25F: a title says what a paper is about).
 * Measured (`npm run bench -- --only=relevance`): the title weight moves SciFact by ±0.001 between
 * 1 and 5 and lifts known-item search by a fifth.
 */
export const BM25 = { k1: 1.2, b: 0.75 } as const;
export const RANKED_FIELD_WEIGHTS: Readonly<Record<keyof SearchText, number>> = { title: 5, tags: 1, body: 1 };
/** A question longer than this is ranked on its rarest terms (a 1,000-character query has ~150 words). */
export const MAX_RANKED_TERMS = 64;

// A posting packs a slot and the paper's weighted frequency of the term (capped at 255).
const TF_BITS = 8;
const TF_MAX = (1 << TF_BITS) - 1;

/** Ascending postings: a bare number while there is one (most terms occur in one paper). */
type Postings = number | { list: Uint32Array; length: number };

export type { RankedSlot } from './top-slots';

/**
 * The inverted index of ranked (any-term) retrieval beside the substring index: the analyzer's
 * terms (see `analyze`) with their weighted frequency per paper, and each paper's weighted length.
 * Slots are those of `MemoryIndexState`; a retired slot is skipped through `accept`.
 */
export class RankedPostings {
  private readonly termIds = new Map<string, number>();
  /** Each term's postings; -1 until the paper being added is written (see `add`). */
  private readonly postings: (Postings | -1)[] = [];
  /** Scratch: the weighted frequency of each term in the paper being added. */
  private frequency = new Uint32Array(1024);
  private lengths = new Float32Array(1024);
  private totalLength = 0;
  private slots = 0;
  private scratch = new Float64Array(0);

  add(slot: number, text: SearchText): void {
    const touched: number[] = [];
    let length = 0;
    for (const group of Object.keys(RANKED_FIELD_WEIGHTS) as (keyof SearchText)[]) {
      const weight = RANKED_FIELD_WEIGHTS[group];
      // title, title_en and title_ja often repeat each other: a repeated value is one occurrence.
      for (const value of new Set(text[group])) {
        forEachWord(value, (word, cjk) =>
          termsOfWord(word, cjk, (term) => {
            const id = this.idOf(term);
            if (this.frequency[id] === 0) touched.push(id);
            this.frequency[id]! += weight;
            length += weight;
          }),
        );
      }
    }
    if (slot >= this.lengths.length) {
      const grown = new Float32Array(Math.max(slot + 1, this.lengths.length * 2));
      grown.set(this.lengths);
      this.lengths = grown;
    }
    this.lengths[slot] = length;
    this.totalLength += length;
    this.slots = Math.max(this.slots, slot + 1);
    for (const id of touched) {
      const posting = slot * (TF_MAX + 1) + Math.min(this.frequency[id]!, TF_MAX);
      const postings = this.postings[id]!;
      this.postings[id] = postings === -1 ? posting : append(postings, posting);
      this.frequency[id] = 0;
    }
  }

  /** A term's id, a new one for a term never seen. */
  private idOf(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.postings.length;
      this.termIds.set(term, id);
      this.postings.push(-1);
      if (id >= this.frequency.length) {
        const grown = new Uint32Array(this.frequency.length * 2);
        grown.set(this.frequency);
        this.frequency = grown;
      }
    }
    return id;
  }

  /**
   * The `limit` best slots for `query` among those `accept` admits, by BM25 descending, then by
   * `tieRank` ascending. A question is ranked on its subject: the words that frame it are left out
   * (`topicText`); a "more like this" text is a paper's, not a question, and is taken as it is. Document frequencies and lengths count retired slots too until the owner
   * compacts (a retired slot is at most a quarter of them).
   */
  search(query: string, accept: (slot: number) => boolean, limit: number, tieRank: Int32Array, moreLikeThis?: { maxTerms: number }): RankedSlot[] {
    const terms = moreLikeThis ? this.likeTerms(query, moreLikeThis.maxTerms) : this.queryTerms(topicText(query));
    if (terms.length === 0 || limit <= 0) return [];
    if (this.scratch.length < this.slots) this.scratch = new Float64Array(Math.ceil(this.slots * 1.25));
    const scores = this.scratch;
    const touched: number[] = [];
    const { k1, b } = BM25;
    const avg = this.totalLength / Math.max(1, this.slots) || 1;
    for (const { id, weight } of terms) {
      const postings = this.postings[id] as Postings;
      const df = typeof postings === 'number' ? 1 : postings.length;
      const idf = Math.log(1 + (this.slots - df + 0.5) / (df + 0.5)) * weight;
      const visit = (posting: number) => {
        const slot = Math.floor(posting / (TF_MAX + 1));
        const tf = posting % (TF_MAX + 1);
        if (scores[slot] === 0) touched.push(slot);
        scores[slot]! += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * this.lengths[slot]!) / avg));
      };
      if (typeof postings === 'number') visit(postings);
      else for (let i = 0; i < postings.length; i++) visit(postings.list[i]!);
    }
    const best = new TopSlots(limit, tieRank);
    for (const slot of touched) {
      if (accept(slot)) best.offer(slot, scores[slot]!);
      scores[slot] = 0;
    }
    return best.sorted();
  }

  /** The query's distinct known terms with their counts, the rarest `MAX_RANKED_TERMS` of them. */
  private queryTerms(query: string): { id: number; weight: number }[] {
    const counts = this.termCounts(query);
    const frequency = (id: number) => this.documentFrequency(id);
    return [...counts]
      .map(([id, weight]) => ({ id, weight }))
      .sort((a, b) => frequency(a.id) - frequency(b.id) || a.id - b.id)
      .slice(0, MAX_RANKED_TERMS);
  }

  /**
   * A "more like this" query's terms (see `RankedQuery.moreLikeThis`): of the text's known terms
   * held by at least two papers (the one the text comes from, and another), the `maxTerms` with the
   * most weight, count in the text × idf (as Lucene's MoreLikeThis picks them); ties by rarity, then
   * term id. Each is ranked with its count, as a question's terms are.
   */
  private likeTerms(text: string, maxTerms: number): { id: number; weight: number }[] {
    const idf = (df: number) => Math.log(1 + (this.slots - df + 0.5) / (df + 0.5));
    return [...this.termCounts(text)]
      .map(([id, weight]) => ({ id, weight, df: this.documentFrequency(id) }))
      .filter((t) => t.df >= 2)
      .map((t) => ({ ...t, interest: t.weight * idf(t.df) }))
      .sort((a, b) => b.interest - a.interest || a.df - b.df || a.id - b.id)
      .slice(0, maxTerms)
      .map(({ id, weight }) => ({ id, weight }));
  }

  /** Each known term of a text (by id) with how often it occurs there. */
  private termCounts(text: string): Map<number, number> {
    const counts = new Map<number, number>();
    for (const term of analyze(text)) {
      const id = this.termIds.get(term);
      if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }

  /** How many papers hold a term (retired slots too, until the owner compacts). */
  private documentFrequency(id: number): number {
    const p = this.postings[id] as Postings | -1;
    return p === -1 ? 0 : typeof p === 'number' ? 1 : p.length;
  }
}

function append(postings: Postings, posting: number): Postings {
  if (typeof postings === 'number') {
    const list = new Uint32Array(4);
    list[0] = postings;
    list[1] = posting;
    return { list, length: 2 };
  }
  if (postings.length === postings.list.length) {
    const grown = new Uint32Array(postings.list.length * 2);
    grown.set(postings.list);
    postings.list = grown;
  }
  postings.list[postings.length++] = posting;
  return postings;
}
