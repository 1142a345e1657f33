import { analyze } from '../../shared/text/analyzer';
import { bm25Tokens } from './bm25-tokens';

/** The parameters of the Anserini/BEIR BM25 baselines and of the sanity figure in SciFact's SOURCE.md among the judged collections. */
export const BM25_PARAMETERS = { k1: 0.9, b: 0.4 } as const;

export const BM25_DESCRIPTION =
  `Okapi BM25, k1 ${BM25_PARAMETERS.k1}, b ${BM25_PARAMETERS.b}, one field (the distinct title fields + abstract), ` +
  'idf = ln(1 + (N − df + 0.5) / (df + 0.5)) (Lucene\'s, never negative), each distinct query token once; ties by paper id';

/** What turns a text into the tokens BM25 counts. */
export type Tokeniser = (text: string) => string[];

/**
 * The stemmed baseline's tokeniser: the product's own analyzer (`shared/text/analyzer.ts`: the same
 * word breaks, CJK bigrams, Lucene's stop words and Porter2 stems as its ranked retrieval), so that
 * the baseline differs from the product's lexical side only in the ranking function and the fields.
 */
export const STEMMED_TOKENISER: Tokeniser = analyze;
export const STEMMED_DESCRIPTION = "the same BM25 over the product's analyzer (shared/text/analyzer.ts: Porter2 stems, Lucene's stop words, CJK bigrams)";

export interface Bm25Document {
  id: string;
  text: string;
}

/**
 * The benchmark's baseline: a textbook BM25 over the same documents the server was loaded with,
 * in memory. It ranks every document holding any query token ("any term"), and it re-ranks a given
 * set of documents (a service's match set) by the same scores.
 */
export class Bm25Index {
  private readonly ids: string[];
  private readonly lengths: Float64Array;
  private readonly averageLength: number;
  /** token → [document number, term frequency] pairs. */
  private readonly postings = new Map<string, number[]>();
  private readonly numberOf = new Map<string, number>();

  constructor(
    documents: readonly Bm25Document[],
    private readonly tokens: Tokeniser = bm25Tokens,
  ) {
    this.ids = documents.map((d) => d.id);
    this.lengths = new Float64Array(documents.length);
    documents.forEach((d, n) => {
      this.numberOf.set(d.id, n);
      const counts = new Map<string, number>();
      const tokens = this.tokens(d.text);
      this.lengths[n] = tokens.length;
      for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
      for (const [t, tf] of counts) {
        let list = this.postings.get(t);
        if (!list) this.postings.set(t, (list = []));
        list.push(n, tf);
      }
    });
    this.averageLength = documents.length ? this.lengths.reduce((a, b) => a + b, 0) / documents.length : 0;
  }

  get size(): number {
    return this.ids.length;
  }

  /** The number of documents holding `token` (a token as the tokeniser gives it). */
  documentFrequency(token: string): number {
    return (this.postings.get(token)?.length ?? 0) / 2;
  }

  /** Every document holding any token of `query`, best first, ties by id. */
  rank(query: string, limit = Number.POSITIVE_INFINITY): string[] {
    const scores = this.scores(query);
    return this.order([...scores.keys()], scores).slice(0, limit);
  }

  /** Exactly `ids` (those this index holds), ordered by their scores for `query`, ties by id. */
  rerank(query: string, ids: readonly string[]): string[] {
    const scores = this.scores(query);
    const numbers = [...new Set(ids)].map((id) => this.numberOf.get(id)).filter((n): n is number => n !== undefined);
    return this.order(numbers, scores);
  }

  private order(numbers: number[], scores: Map<number, number>): string[] {
    const ids = this.ids;
    return numbers
      .sort((a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0) || (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0))
      .map((n) => ids[n]!);
  }

  private scores(query: string): Map<number, number> {
    const { k1, b } = BM25_PARAMETERS;
    const n = this.ids.length;
    const scores = new Map<number, number>();
    for (const token of new Set(this.tokens(query))) {
      const list = this.postings.get(token);
      if (!list) continue;
      const df = list.length / 2;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let i = 0; i < list.length; i += 2) {
        const doc = list[i]!;
        const tf = list[i + 1]!;
        const norm = k1 * (1 - b + (b * this.lengths[doc]!) / this.averageLength);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (k1 + 1)) / (tf + norm));
      }
    }
    return scores;
  }
}
