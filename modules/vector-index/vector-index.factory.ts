import path from 'node:path';
import type { Config } from '../../shared/config/config';
import { embeddingDimensions } from '../embeddings';
import { EmbeddedVectorIndex } from './vector-index.embedded';
import type { VectorIndex } from './vector-index.port';
import { QdrantVectorIndex } from './vector-index.qdrant';
import { traceMethods } from '../../shared/telemetry/spans';

/**
 * The one place that picks the vector engine: Qdrant when configured, else the embedded index under
 * the data directory; sized for the configured embedder's vectors (a model's own length when one
 * runs in process).
 */
export function createVectorIndex(config: Config): VectorIndex {
  const dimensions = embeddingDimensions(config);
  return config.qdrant
    ? traceMethods(new QdrantVectorIndex({ ...config.qdrant, dimensions }), 'qdrant', ['init', 'upsert', 'remove', 'search', 'count', 'ping'])
    : new EmbeddedVectorIndex({ dimensions, directory: path.join(config.dataDir, 'vectors') });
}
