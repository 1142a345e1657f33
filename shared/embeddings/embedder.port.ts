/**
 * The embedding port. Adapters: an embedded, deterministic, lexical embedder (in-process) and an
 * HTTP client for a text-embeddings service (TEI `/embed` or OpenAI-compatible `/v1/embeddings`).
 * Queries and passages are embedded differently (e5-style `query: ` / `passage: ` prefixes).
 */
export interface Embedder {
  readonly kind: string;
  /** Length of every vector this embedder returns; a service answering another length is an error. */
  readonly dimensions: number;
  /** One L2-normalised vector per text, in order. */
  embedQueries(texts: string[]): Promise<Float32Array[]>;
  embedPassages(texts: string[]): Promise<Float32Array[]>;
  /** Throws when the embedder cannot be reached (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The embedding service failed, timed out or answered something unusable (the API answers 502 embedding_failed). */
export class EmbeddingError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbeddingError';
  }
}
