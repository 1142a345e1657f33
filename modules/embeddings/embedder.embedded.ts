import { BM25 } from '../keyword-index';
import type { Embedder } from './embedder.port';
import { LexicalFit } from './lexical-fit';
import { lexicalVector } from './lexical-vector';
import { lexicalWorker } from './lexical-worker';

export const EMBEDDED_DIMENSIONS = 1024;

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

  /**
   * Passages are embedded in a worker thread (`lexical-worker.ts`), with the fit of the moment of
   * the call: a build embeds every paper (about 0.2 ms an abstract), which the serving thread would
   * do only between requests, a slice at a time, as slowly as they let it.
   */
  async embedPassages(texts: string[]): Promise<Float32Array[]> {
    await this.fitting;
    return lexicalWorker.embedPassages(this.fit, texts, this.dimensions, BM25);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}
}

/** The embedder's configuration, which a fit belongs to (the fit's own id completes the model's name). */
export const lexicalConfiguration = (dimensions: number) => `embedded-lexical-v2:${dimensions}`;

/** One text's vector (shared by the adapter, its tests and the benchmarks). */
export function embedLexical(text: string, side: 'query' | 'passage', fit: LexicalFit, dimensions: number = EMBEDDED_DIMENSIONS): Float32Array {
  return lexicalVector(text, side, fit, dimensions, BM25);
}
