import type { LexicalFit } from './lexical-fit';
import { textFeatures, type FeatureCounts } from './lexical-features';

/** A trigram weighs half a word: it backs the word up through hashing, it does not outvote it. */
const GRAM_WEIGHT = 0.5;

/**
 * One text's vector of the embedded lexical embedder (see `EmbeddedEmbedder`), with BM25's `k1` and
 * `b` given: this file imports nothing of the keyword index, so the embedder's worker thread
 * (`lexical-worker.program.ts`) loads only the text analyzer.
 */
export function lexicalVector(text: string, side: 'query' | 'passage', fit: LexicalFit, dimensions: number, bm25: { k1: number; b: number }): Float32Array {
  const f = textFeatures(text);
  const acc = new Float64Array(dimensions);
  const { k1, b } = bm25;
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
