import type { PaperLang, Shelf } from '../../shared/papers/paper.schema';

/** What the vector index keeps beside each vector, so filters apply inside the search. */
export interface VectorPayload {
  topic: string | null;
  lang: PaperLang | null;
  shelf: Shelf | null;
  draft_score: number | null;
}

export interface VectorFilter {
  topic?: string;
  /** Papers whose `lang` is one of these; absent means every language. */
  langs?: PaperLang[];
  shelf?: Shelf;
  /** Lower bound on draft_score (inclusive); papers without a score do not pass a bound above 0. */
  minDraftScore?: number;
}

export interface VectorHit {
  id: string;
  /** Cosine similarity, higher is nearer. */
  score: number;
}

export interface VectorItem {
  id: string;
  vector: Float32Array;
  payload: VectorPayload;
}

/**
 * The vector index port. Adapters: an in-process HNSW index persisted under the data directory
 * (usearch) and Qdrant. Filters are applied inside the search, so a selective filter still returns
 * `limit` hits whenever that many items match it. All adapters pass `tests/contract/vector-index`.
 */
export interface VectorIndex {
  readonly kind: string;
  /**
   * True for an index private to its process (the embedded HNSW): it follows the change log itself.
   * False for a shared engine (Qdrant): only the indexer writes it; search replicas only read.
   */
  readonly processLocal: boolean;
  readonly dimensions: number;
  /**
   * Opens or creates the index. A process-local index reloads what it persisted, unless
   * `discardSaved`: its owner is about to build it from Postgres (vectors of another model, perhaps
   * of another length, or a reindex asked for meanwhile), so it starts empty without reading the
   * saved copy, which its next save replaces. A shared index (Qdrant) has nothing saved by this
   * process; its writer decides, and the option does not apply.
   */
  init(options?: { discardSaved?: boolean }): Promise<void>;
  upsert(items: VectorItem[]): Promise<void>;
  remove(ids: string[]): Promise<void>;
  /** Nearest neighbours among the items that pass the filter, nearest first. */
  search(vector: Float32Array, filter: VectorFilter, limit: number): Promise<VectorHit[]>;
  /**
   * The vectors the index holds for these ids (an engine may keep them scaled to unit length: the
   * direction is what cosine search uses); ids it does not hold are left out.
   */
  vectorsOf(ids: string[]): Promise<Map<string, Float32Array>>;
  count(): Promise<number>;
  ping(): Promise<void>;
  /** Persists (embedded) and releases resources. */
  close(): Promise<void>;
}
