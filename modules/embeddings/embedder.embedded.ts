import { BM25 } from '../keyword-index';
import type { Embedder } from './embedder.port';
import { LexicalFit } from './lexical-fit';
import { setImmediate } from 'node:timers/promises';
import { TEXTS_PER_TURN, textFeatures, type FeatureCounts } from './lexical-features';

export const EMBEDDED_DIMENSIONS = 1024;
/** A trigram weighs half a word: it backs the word up through hashing, it does not outvote it. */
const GRAM_WEIGHT = 0.5;

/** Where the embedder's fit comes from and goes to (the database; see `LexicalFitStore`). */
export interface LexicalFitSource {
  /** The fit every process uses now; undefined when there is none yet. */
  stored(): Promise<LexicalFit | undefined>;
  /** The fit every process uses now, fitted on the current papers when there is none yet. */
  current(): Promise<LexicalFit>;
  /** The same, fitted anew first when a `gx reindex` asked for it (or it knows no papers while there are some). */
  fresh(): Promise<LexicalFit>;
}

/**
 * The embedded default embedder: in-process, deterministic, no model to download. It is **lexical,
 * not semantic** — texts sharing words are close, synonyms and translations are not — but it uses
 * what the corpus knows, as BM25 does:
 *
 * - Features: the words of the ranked retrieval's analyzer (Porter2 stems; Japanese and Chinese as
 *   character bigrams) and their character trigrams (see `textFeatures`).
 * - A passage weighs each feature by its saturated, length-normalised frequency (BM25's
 *   `tf·(k1+1) / (tf + k1·(1 − b + b·len/avglen))`), a query by presence; both sides by the square
 *   root of the feature's inverse document frequency in the fitted corpus (`LexicalFit`), so their
 *   dot product weighs a shared feature by its full rarity, as BM25 does, while common words carry
 *   little energy into the few dimensions they are hashed to.
 * - Each feature is hashed to one of `dimensions` buckets with a ±1 sign (the hashing trick) and the
 *   vector is L2-normalised: cosine similarity ranks papers much as a BM25-weighted vector-space
 *   model would, with some noise from hash collisions.
 *
 * Passages and queries are embedded differently (frequency against presence) but without the e5
 * prefixes, which mean nothing here. A text without features (empty, punctuation, stop words only)
 * gets the first basis vector, a valid unit vector, never a zero vector.
 *
 * The fit names the model (`model`): vectors stored under one fit are never served with another.
 * `init` loads the fit from its source and `refresh` fits anew when the source says so; without a
 * source (tests, benchmarks) the fit given, or the fit of an empty corpus (every feature equally
 * rare), is used.
 */
export class EmbeddedEmbedder implements Embedder {
  readonly kind = 'embedded';
  readonly dimensions: number;
  private fit: LexicalFit;
  private readonly source?: LexicalFitSource;
  /** A fit being made in the background; embedding waits for it. */
  private fitting?: Promise<void>;

  constructor(options: { dimensions?: number; fit?: LexicalFit; source?: LexicalFitSource } = {}) {
    const dimensions = options.dimensions ?? EMBEDDED_DIMENSIONS;
    if (!Number.isInteger(dimensions) || dimensions < 1) throw new RangeError(`dimensions must be a positive integer, got ${dimensions}`);
    this.dimensions = dimensions;
    this.fit = options.fit ?? LexicalFit.empty();
    this.source = options.source;
  }

  /** The passage vectors' identity: the embedder, its dimensions and the fit it weighs with. */
  get model(): string {
    return `${lexicalConfiguration(this.dimensions)}:${this.fit.id}`;
  }

  /** The corpus the fit was made on, in papers (for the logs). */
  get fittedDocuments(): number {
    return this.fit.documents;
  }

  /**
   * Loads the stored fit. When there is none yet (a first start), it is made in the background —
   * a pass over every paper — so the process serves meanwhile; embedding waits for it.
   */
  async init(): Promise<void> {
    if (!this.source) return;
    const stored = await this.source.stored();
    if (stored) {
      this.fit = stored;
      return;
    }
    const source = this.source;
    this.fitting = source.current().then((fit) => void (this.fit = fit));
    // A failure is the embedding calls' to report; it must not go unhandled meanwhile.
    this.fitting.catch(() => undefined);
  }

  async refresh(): Promise<boolean> {
    if (!this.source) return false;
    await this.fitting?.catch(() => undefined);
    this.fitting = undefined;
    const before = this.fit.id;
    this.fit = await this.source.fresh();
    return this.fit.id !== before;
  }

  async embedQueries(texts: string[]): Promise<Float32Array[]> {
    await this.fitting;
    return texts.map((t) => embedLexical(t, 'query', this.fit, this.dimensions));
  }

  /** A batch is embedded a slice at a time, letting requests through in between (an abstract takes ~0.2 ms). */
  async embedPassages(texts: string[]): Promise<Float32Array[]> {
    await this.fitting;
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += TEXTS_PER_TURN) {
      if (i > 0) await setImmediate();
      for (const t of texts.slice(i, i + TEXTS_PER_TURN)) out.push(embedLexical(t, 'passage', this.fit, this.dimensions));
    }
    return out;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}
}

/** The embedder's configuration, which a fit belongs to (the fit's own id completes the model's name). */
export const lexicalConfiguration = (dimensions: number) => `embedded-lexical-v2:${dimensions}`;

/** One text's vector (shared by the adapter, its tests and the benchmarks). */
export function embedLexical(text: string, side: 'query' | 'passage', fit: LexicalFit, dimensions: number = EMBEDDED_DIMENSIONS): Float32Array {
  const f = textFeatures(text);
  const acc = new Float64Array(dimensions);
  const { k1, b } = BM25;
  const add = ({ hashes, counts, total }: FeatureCounts, meanLength: number, weight: number) => {
    const norm = k1 * (1 - b + (b * total) / (meanLength || total || 1));
    for (let i = 0; i < hashes.length; i++) {
      const feature = hashes[i]!;
      const count = counts[i]!;
      const tf = side === 'query' ? 1 : (count * (k1 + 1)) / (count + norm);
      const w = weight * tf * fit.rootIdf(feature);
      // Bucket from the low bits, sign from the top bit.
      acc[feature % dimensions]! += feature & 0x80000000 ? -w : w;
    }
  };
  add(f.words, fit.meanWords, 1);
  add(f.grams, fit.meanGrams, GRAM_WEIGHT);
  const out = new Float32Array(dimensions);
  let norm = 0;
  for (let i = 0; i < dimensions; i++) norm += acc[i]! * acc[i]!;
  if (norm === 0) {
    out[0] = 1;
    return out;
  }
  const inv = 1 / Math.sqrt(norm);
  for (let i = 0; i < dimensions; i++) out[i] = acc[i]! * inv;
  return out;
}
