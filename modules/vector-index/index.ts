/** The vector index's public surface: the VectorIndex port, its factory, and the vector-search module. */
export { createVectorIndex } from './vector-index.factory';
export * from './vector-index.port';
export { vectorSearchModule, type VectorSearchParts } from './vector-search.module';
export { FrozenVectorSearch, type ReleaseContent } from './release-vectors';
