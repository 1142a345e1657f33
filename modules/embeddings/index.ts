/** The embeddings module's public surface: the Embedder port, the factory that picks its adapter, and the stored embeddings. */
export { createEmbedder, embeddingDimensions, hybridLexicalWeight } from './embedder.factory';
export { EmbeddingError, type Embedder } from './embedder.port';
export { EmbedderModelChangedError, EmbeddingStore, passageText, pruneEmbeddings, type PassageFields, type StoredContent } from './embedding-store';
