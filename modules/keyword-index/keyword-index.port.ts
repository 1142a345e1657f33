import type { LogCursor } from '../papers';
import type { Paper, PaperLang, Shelf, TopicSlug, VenueType } from '../../shared/papers/paper.schema';

/** An abstract keyword query; each engine translates it into its own query language. */
export interface KeywordQuery {
  /**
   * Normalised terms (see `splitTerms`), AND-combined; each must be a substring of a searched field.
   * None matches nothing, unless the filters name an author (a search by author alone): then every
   * live paper the filters admit, each scoring 0, so the relevance order is the tie order (the
   * `newest` order).
   */
  terms: string[];
  filters: KeywordFilters;
  offset: number;
  limit: number;
  /**
   * `relevance` (the default): the relevance model's order; `newest`: publication year descending,
   * then the tie order; `cited_by`: most cited first (`citationsKnown`: the greater of the source's
   * and the corpus's count), papers with neither last, then the tie order.
   */
  sort?: KeywordSort;
  /** Count the whole match set by these fields (`facets` of the answer); under `collapse`, its works. */
  facets?: readonly FacetName[];
  /**
   * `versions`: one hit per work (`work_id`) among the matches, `total` counting works. A work stands
   * where its best match stands in the order asked for, with that match's score, and is shown by its
   * preferred record among the matches (journal, conference, report, preprint, then any other kind;
   * then the newest year; then the id). A facet then counts, for each value, the works with a match of
   * that value (what filtering by the value would total). Offset paging only (not with `after`).
   */
  collapse?: KeywordCollapse;
  /**
   * Keyset paging: only the matches after this one in the newest-first order (publication year
   * descending, then id), `offset` not applied. The order of immutable-enough keys, so a page sequence
   * neither repeats nor skips a paper while others are added or updated (unless its year changes).
   */
  after?: SortKey;
}

/** Where a paper stands in the newest-first order. */
export interface SortKey {
  year: number | null;
  id: string;
}

export const KEYWORD_SORTS = ['relevance', 'newest', 'cited_by'] as const;
export type KeywordSort = (typeof KEYWORD_SORTS)[number];

/** What a keyword search can fold into one hit: the versions of a work. */
export const KEYWORD_COLLAPSES = ['versions'] as const;
export type KeywordCollapse = (typeof KEYWORD_COLLAPSES)[number];

/** The fields a match set can be counted by. */
export const FACET_NAMES = ['topic', 'lang', 'year', 'venue_type'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

/** One value of a facet and how many matches have it; `null` counts the matches without one, so a facet's counts add up to `total`. */
export interface FacetCount {
  value: string | number | null;
  count: number;
}

/** Counts by facet, each most frequent value first (ties by value), the null bucket last. */
export type FacetCounts = Partial<Record<FacetName, FacetCount[]>>;

export interface KeywordFilters {
  topic?: TopicSlug;
  /**
   * Papers with an author whose name answers this value, as the client wrote it: one of the name's
   * keys (`nameKeys`) is `askedNameKey(author)` (`shared/text/person-name.ts`, the one rule: case-,
   * accent- and width-insensitive, whole name or family name, an unspaced Japanese name by its
   * family name). Authors are never searched by the terms.
   */
  author?: string;
  /** Papers whose `lang` is one of these; absent means every language. */
  langs?: PaperLang[];
  shelf?: Shelf;
  /** Papers whose draft_score is at least this; papers without a score fail any bound above 0. */
  minDraftScore?: number;
  /** Papers published in or after / in or before this year; papers without a year fail either bound. */
  yearFrom?: number;
  yearTo?: number;
  venueType?: VenueType;
  /**
   * Papers first added to the corpus at or after this instant (ISO 8601, compared with `created_at`
   * to the millisecond). A paper without a `created_at` (a record saved before it existed) fails it.
   */
  addedSince?: string;
}

/** A question for ranked retrieval: any of its words may match; the best papers come first. */
export interface RankedQuery {
  /** The question as the client sent it, in any language and of any length; each engine analyzes it (see `analyze`). */
  text: string;
  filters: KeywordFilters;
  /** How many of the best papers to return. */
  limit: number;
  /**
   * A "more like this" query (related papers, recommendations): `text` is what the wanted papers
   * should resemble, and only its `maxTerms` most distinctive terms are ranked on: those weighing
   * most by their count in the text times their idf, among the terms at least one other paper
   * holds (a term of the paper alone finds nothing else). Without it every term of `text` counts
   * (its rarest `MAX_RANKED_TERMS`).
   */
  moreLikeThis?: { maxTerms: number };
}

export interface KeywordHit {
  /** The paper's id and work (`work_id`), known without reading the paper itself. */
  id: string;
  work_id: string;
  /**
   * The paper. A ranked hit's (`rank`) may be decoded only when first read (most are never shown);
   * a paper removed from an embedded index, and its segment merged away, between the ranking and
   * that read then reads as undefined: a caller that reads it later skips such a hit, as it skips a
   * paper gone from Postgres.
   */
  paper: Paper;
  score: number;
}

export interface KeywordSearchResult {
  /** Matches (works, under `collapse`) before offset and limit apply. */
  total: number;
  hits: KeywordHit[];
  /** The facets asked for, counted over the whole match set. */
  facets?: FacetCounts;
}

/**
 * The keyword search port. Adapters: the embedded in-process index, which implements the model of
 * `relevance.ts` exactly, and Elasticsearch, which matches exactly and orders as closely as it can
 * (its adapter says how). Both pass the contract suite (`tests/contract/`), which states what they share.
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
  /**
   * Rebuilds the index from scratch from the given batches and swaps it in without downtime. With
   * `save`, a process-local engine saves the build under `save.dir` as it goes (see `resumeBuild`).
   */
  rebuild(batches: AsyncIterable<Paper[]>, save?: BuildSave): Promise<void>;
  search(query: KeywordQuery): Promise<KeywordSearchResult>;
  /**
   * How many papers (works, under `collapse`) each set of terms matches with the same filters: for
   * each, the `total` a search of it would give, without ranking anything. Many sets are counted in
   * one call (Elasticsearch: one `_msearch`), as the suggestion of a search that found nothing needs.
   */
  countEach(termSets: readonly string[][], filters: KeywordFilters, collapse?: KeywordCollapse): Promise<number[]>;
  /**
   * Ranked any-term retrieval for questions in sentences (hybrid mode's lexical side): BM25 over
   * titles (counted twice), tags and topic, abstracts and summaries, with the analyzer of
   * `shared/text/analyzer.ts`; best first, ties in the tie order of `compareTies`.
   */
  rank(query: RankedQuery): Promise<KeywordHit[]>;
  /**
   * Starts preparing `rank` in the background (a process-local engine analyzes its papers for it
   * only in a process that serves ranked retrieval) and resolves once it is ready. Until then `rank`
   * throws a `RankingUnavailableError` and `rankingReady` says false. Engines that need nothing
   * (Elasticsearch) leave both out.
   */
  prepareRanking?(): Promise<void>;
  rankingReady?(): boolean;
  /**
   * A process-local engine's structures on disk (the embedded one): `reopen` replaces the content
   * with what was saved under `dir` for `database` and says what it is current to (undefined when
   * nothing whole was saved); `checkpoint` saves what changed since the last one. Shared engines leave both out.
   */
  reopen?(dir: string, database: string): Promise<IndexCheckpoint | undefined>;
  checkpoint?(dir: string, at: IndexCheckpoint): Promise<void>;
  /**
   * Goes on with a build that `reopen` found cut short (its checkpoint has `resumeAfter`): adds the
   * batches (the papers table after that id) to the content reopened, saving as `rebuild` does.
   */
  resumeBuild?(batches: AsyncIterable<Paper[]>, save: BuildSave): Promise<void>;
  /**
   * Merges the small parts checkpoints leave behind, in the background, when enough have gathered;
   * true when it merged (what it merged is saved by the next `checkpoint`).
   */
  mergeSegments?(): Promise<boolean>;
  /**
   * A process-local engine's first minute after a restart: `saveRecentTerms` keeps the terms searched
   * most recently under `dir` (at stop), and `warmRecentTerms` works them out after a reopen, in the
   * background, so the first searches find them ready; it resolves with how many it did.
   */
  saveRecentTerms?(dir: string): Promise<void>;
  warmRecentTerms?(dir: string): Promise<number>;
  /** Number of indexed papers. */
  count(): Promise<number>;
  /** Throws when the engine cannot be reached (used by readiness checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Where a process-local index's saved content stands (see `KeywordIndex.reopen`). */
export interface IndexCheckpoint {
  /** The database the papers came from (`database_identity`): another database's index is not reopened. */
  database: string;
  /** The change-log position the content is current to. */
  cursor: LogCursor;
  /** The newest `gx reindex` request the content was built after: a later one means rebuild. */
  reindex: string;
  /**
   * Only on a build cut short: the content holds the papers table up to this paper id (in id order),
   * and `cursor` is where the change log stood when the build began. The build resumes after it.
   */
  resumeAfter?: string;
}

/** Where, and as of what, a process-local engine saves a build from the papers table while it runs. */
export interface BuildSave {
  dir: string;
  at: IndexCheckpoint;
}

/** Ranked retrieval is still being prepared (see `KeywordIndex.prepareRanking`); retry shortly. */
export class RankingUnavailableError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('the ranked index of hybrid mode is still being built');
    this.name = 'RankingUnavailableError';
  }
}
