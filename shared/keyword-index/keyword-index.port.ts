import type { Paper, PaperLang, Shelf, TopicSlug } from '../papers/paper';

/** An abstract keyword query; each engine translates it into its own query language. */
export interface KeywordQuery {
  /** Normalised terms (see `splitTerms`), AND-combined; each must be a substring of a searched field. */
  terms: string[];
  filters: KeywordFilters;
  offset: number;
  limit: number;
}

export interface KeywordFilters {
  topic?: TopicSlug;
  /** Papers whose `lang` is one of these; absent means every language. */
  langs?: PaperLang[];
  shelf?: Shelf;
  /** Papers whose draft_score is at least this; papers without a score fail any bound above 0. */
  minDraftScore?: number;
}

export interface KeywordHit {
  paper: Paper;
  score: number;
}

export interface KeywordSearchResult {
  /** Matches before offset and limit apply. */
  total: number;
  hits: KeywordHit[];
}

/**
 * The keyword search port. Adapters: the embedded in-process index and Elasticsearch. All of them
 * implement the formula in `relevance.ts` and pass the same contract suite (`tests/contract/`).
 */
export interface KeywordIndex {
  readonly kind: string;
  /**
   * True for an index private to its process (the embedded engine): it is filled from Postgres and
   * follows its changes. False for a shared engine (Elasticsearch): writers update it directly.
   */
  readonly processLocal: boolean;
  /** Prepares the index for use (creates it if missing). Must be called once before anything else. */
  init(): Promise<void>;
  /** Adds or replaces papers by id. */
  upsert(papers: Paper[]): Promise<void>;
  /** Removes papers by id; unknown ids are ignored. */
  remove(ids: string[]): Promise<void>;
  /** Rebuilds the index from scratch from the given batches and swaps it in without downtime. */
  rebuild(batches: AsyncIterable<Paper[]>): Promise<void>;
  search(query: KeywordQuery): Promise<KeywordSearchResult>;
  /** Every indexed paper (a process-local engine's content, for its snapshot on disk). */
  exportPapers?(): Paper[];
  /** Number of indexed papers. */
  count(): Promise<number>;
  /** Throws when the engine cannot be reached (used by readiness checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
