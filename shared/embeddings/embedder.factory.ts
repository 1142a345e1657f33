import type { Config } from '../config/config';
import { CachedEmbedder } from './embedder.cached';
import { EmbeddedEmbedder } from './embedder.embedded';
import { HttpEmbedder } from './embedder.http';
import { MeasuredEmbedder } from './embedder.measured';
import type { Embedder } from './embedder.port';

/**
 * The one place that picks the embedder: the HTTP embedding service when `EMBEDDING_URL` is set, else
 * the embedded lexical embedder; either way measured (metrics, spans) behind an LRU cache of query embeddings.
 */
export function createEmbedder(config: Config, options: { queryCacheEntries?: number } = {}): Embedder {
  const { embedding } = config;
  const inner: Embedder = embedding.url
    ? new HttpEmbedder({ ...embedding, url: embedding.url })
    : new EmbeddedEmbedder({ dimensions: embedding.dimensions });
  // Measured inside the cache: a cached query embedding is not a call to the embedder.
  return new CachedEmbedder(new MeasuredEmbedder(inner), { maxEntries: options.queryCacheEntries });
}

/**
 * Names the passage embeddings a configuration produces (model, service shape, dimensions and
 * prefix), so stored vectors of one model are never served as another's.
 */
export function embeddingModelKey(config: Config): string {
  const { embedding } = config;
  return embedding.url
    ? `${embedding.api}:${embedding.model}:${embedding.dimensions}:${embedding.passagePrefix}`
    : `embedded-lexical:${embedding.dimensions}`;
}
