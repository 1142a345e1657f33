/**
 * The embedding port. Adapters: an embedded, deterministic, lexical embedder (in-process), an
 * HTTP client for a text-embeddings service (TEI `/embed` or OpenAI-compatible `/v1/embeddings`),
 * and a sentence-embedding model run in process (ONNX).
 * Queries and passages are embedded differently (e5-style `query: ` / `passage: ` prefixes).
 */
export interface Embedder {
  readonly kind: string;
  /** Length of every vector this embedder returns; a service answering another length is an error. */
  readonly dimensions: number;
  /**
   * Names the passage vectors this embedder produces (model, settings and, for the embedded
   * embedder, the corpus fit), so stored vectors of one model are never served with another.
   * It may change when `refresh` says so.
   */
  readonly model: string;
  /** One L2-normalised vector per text, in order. */
  embedQueries(texts: string[]): Promise<Float32Array[]>;
  embedPassages(texts: string[]): Promise<Float32Array[]>;
  /**
   * Loads what the embedder needs before it serves (an in-process model), so a broken one stops the
   * start instead of failing requests. Adapters with nothing to load leave it out.
   */
  init?(): Promise<void>;
  /**
   * Brings what the embedder knows of the corpus up to date (the embedded embedder fits itself anew
   * after a `gx reindex`); true when `model` changed, so every stored vector must be made again.
   */
  refresh?(): Promise<boolean>;
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
