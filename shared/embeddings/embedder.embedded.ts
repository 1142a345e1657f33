import { normalizeText } from '../text/normalize';
import type { Embedder } from './embedder.port';

/**
 * The embedded default embedder: deterministic, dependency-free and in-process. It is **lexical, not
 * semantic**: texts that share words and character sequences are close, synonyms and translations are
 * not. It exists so that a fresh clone can run vector search end to end without a model server.
 *
 * Features (the "hashing trick"): the text is normalised with the shared rule (`normalizeText`: NFKC,
 * then case folding, so full-width `ＣＯ２` equals `co2`), punctuation, symbols and white space become
 * single spaces, and then
 *  - every character 2-gram and 3-gram over code points (word boundaries included, so CJK text
 *    without spaces works too), and
 *  - every whole white-space-separated token
 * is hashed (FNV-1a over code points, finalised with a 32-bit avalanche) to one of `dimensions`
 * buckets with a ±1 sign taken from another hash bit; the counts are summed and the vector is
 * L2-normalised.
 *
 * Queries and passages are embedded **identically** (no `query: `/`passage: ` distinction: that is a
 * convention of e5-style models, meaningless for a lexical hash).
 *
 * Text with no features (empty, white space or punctuation only) cannot be hashed; it gets a fixed,
 * valid unit vector, the first basis vector `[1, 0, 0, …]`, rather than a zero vector that would make
 * cosine similarity undefined.
 */
export class EmbeddedEmbedder implements Embedder {
  readonly kind = 'embedded';
  readonly dimensions: number;

  constructor(options: { dimensions?: number } = {}) {
    const dimensions = options.dimensions ?? EMBEDDED_DIMENSIONS;
    if (!Number.isInteger(dimensions) || dimensions < 1) throw new RangeError(`dimensions must be a positive integer, got ${dimensions}`);
    this.dimensions = dimensions;
  }

  async embedQueries(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embed(t));
  }

  async embedPassages(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embed(t));
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}

  /** Synchronous embedding of one text (the same vector for a query and for a passage). */
  embed(text: string): Float32Array {
    return embedLexical(text, this.dimensions);
  }
}

export const EMBEDDED_DIMENSIONS = 1024;

// Built at run time so that no transpiler (swc in jest) rewrites the `\p{…}` classes into huge
// explicit ranges: the engine's own Unicode property tables are used everywhere.
const SEPARATORS = new RegExp('[\\p{P}\\p{S}\\p{Z}\\s\\p{Cc}]+', 'gu');
const SPACE = 0x20;
// A module-level alias: looking up the global `Math` in a hot loop is ~50x slower inside a vm
// context (jest's environment) than a local binding; in plain Node both are equally fast.
const imul = Math.imul;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Distinct seeds keep a token from colliding systematically with an n-gram of the same characters. */
const SEED_BIGRAM = 0x2b;
const SEED_TRIGRAM = 0x3c;
const SEED_TOKEN = 0x4d;
const WEIGHT_BIGRAM = 0.5;
const WEIGHT_TRIGRAM = 1;
const WEIGHT_TOKEN = 1.5;

/** murmur3's fmix32: spreads FNV's weak low bits over the whole word. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function add(acc: Float64Array, hash: number, weight: number): void {
  const h = fmix(hash);
  // Bucket from the low bits, sign from the top bit.
  acc[h % acc.length]! += h & 0x80000000 ? -weight : weight;
}

/** Shared by the adapter and usable directly (e.g. by benchmarks). */
export function embedLexical(text: string, dimensions: number = EMBEDDED_DIMENSIONS): Float32Array {
  const clean = normalizeText(text).replace(SEPARATORS, ' ').trim();
  const out = new Float32Array(dimensions);
  if (clean.length === 0) {
    out[0] = 1;
    return out;
  }

  // Code points of " text " (padded so word starts and ends form their own n-grams).
  const cps: number[] = [SPACE];
  for (let i = 0; i < clean.length; i++) {
    const cp = clean.codePointAt(i)!;
    if (cp > 0xffff) i++;
    cps.push(cp);
  }
  cps.push(SPACE);

  const acc = new Float64Array(dimensions);
  const n = cps.length;
  let tokenHash = imul(FNV_OFFSET ^ SEED_TOKEN, FNV_PRIME);
  let tokenLength = 0;
  for (let i = 0; i < n; i++) {
    const a = cps[i]!;
    if (i + 1 < n) {
      const b = cps[i + 1]!;
      let h = imul(FNV_OFFSET ^ SEED_BIGRAM, FNV_PRIME);
      h = imul(h ^ a, FNV_PRIME);
      h = imul(h ^ b, FNV_PRIME);
      add(acc, h, WEIGHT_BIGRAM);
      if (i + 2 < n) {
        let g = imul(FNV_OFFSET ^ SEED_TRIGRAM, FNV_PRIME);
        g = imul(g ^ a, FNV_PRIME);
        g = imul(g ^ b, FNV_PRIME);
        g = imul(g ^ cps[i + 2]!, FNV_PRIME);
        add(acc, g, WEIGHT_TRIGRAM);
      }
    }
    if (a === SPACE) {
      if (tokenLength > 0) add(acc, tokenHash, WEIGHT_TOKEN);
      tokenHash = imul(FNV_OFFSET ^ SEED_TOKEN, FNV_PRIME);
      tokenLength = 0;
    } else {
      tokenHash = imul(tokenHash ^ a, FNV_PRIME);
      tokenLength++;
    }
  }

  let norm = 0;
  for (let i = 0; i < dimensions; i++) norm += acc[i]! * acc[i]!;
  if (norm === 0) {
    // Possible only if every feature cancelled out by sign; keep the documented fallback.
    out[0] = 1;
    return out;
  }
  const inv = 1 / Math.sqrt(norm);
  for (let i = 0; i < dimensions; i++) out[i] = acc[i]! * inv;
  return out;
}
