import type { Config } from '../../shared/config/config';
import type { Database } from '../../shared/db/database';
import type { Logger } from '../../shared/logging/logger';
import type { PaperRepository } from '../papers';
import { CachedEmbedder } from './embedder.cached';
import { EmbeddedEmbedder, lexicalConfiguration } from './embedder.embedded';
import { HttpEmbedder } from './embedder.http';
import { MeasuredEmbedder } from './embedder.measured';
import { OnnxEmbedder } from './embedder.onnx';
import type { Embedder } from './embedder.port';
import { LexicalFitStore } from './lexical-fit.store';
import { readModelDir } from './onnx-model-dir';

/**
 * The one place that picks the embedder: the HTTP embedding service when `EMBEDDING_URL` is set,
 * else the ONNX model in `EMBEDDING_MODEL_DIR` when that is set, else the embedded lexical
 * embedder, fitted on the papers of `corpus` (see `LexicalFitStore`; without a corpus, on none);
 * either way measured (metrics, spans) behind an LRU cache of query embeddings. A model directory
 * that is missing, incomplete or malformed throws here (ModelDirError naming the file); call `init`
 * before serving so weights that cannot be loaded, or a fit that cannot be read, stop the start too.
 */
export function createEmbedder(
  config: Config,
  options: { queryCacheEntries?: number; logger?: Logger; corpus?: { db: Database; papers: PaperRepository } } = {},
): Embedder {
  const { embedding } = config;
  const { corpus, logger } = options;
  const inner: Embedder = embedding.url
    ? new HttpEmbedder({ ...embedding, url: embedding.url })
    : embedding.modelDir
      ? new OnnxEmbedder({ ...embedding, modelDir: embedding.modelDir, logger })
      : new EmbeddedEmbedder({
          dimensions: embedding.dimensions,
          source: corpus && new LexicalFitStore(corpus.db, corpus.papers, lexicalConfiguration(embedding.dimensions), logger),
        });
  // Measured inside the cache: a cached query embedding is not a call to the embedder.
  return new CachedEmbedder(new MeasuredEmbedder(inner), { maxEntries: options.queryCacheEntries });
}

/** The length of the vectors the configured embedder gives: a model's own, else EMBEDDING_DIMENSIONS. */
export function embeddingDimensions(config: Config): number {
  const { embedding } = config;
  return !embedding.url && embedding.modelDir ? readModelDir(embedding.modelDir).dimensions : embedding.dimensions;
}

/**
 * The lexical side's share in hybrid mode's fusion (the vector side has the rest): HYBRID_LEXICAL_WEIGHT
 * when the operator set it (chosen for their model on their judged queries, see "Choosing the hybrid
 * weight" in docs/configuration.md), else a default by embedder. A semantic model
 * (a service or a model in process) finds what words alone miss and shares equally; the embedded
 * lexical embedder mostly repeats the lexical evidence with hashing noise and gets 0.02. Measured
 * with `npm run bench -- --only=relevance` (see docs/performance.md#relevance): 0.98 keeps hybrid
 * within 1 % of its own lexical side on every collection, known items and held-out CISI included,
 * where every lower weight tried pulled one of them further below it.
 */
export function hybridLexicalWeight(config: Config): number {
  if (config.embedding.hybridLexicalWeight !== undefined) return config.embedding.hybridLexicalWeight;
  return config.embedding.url || config.embedding.modelDir ? 0.5 : 0.98;
}
