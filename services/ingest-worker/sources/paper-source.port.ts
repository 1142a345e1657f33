import type { NewPaper, PaperField } from '../../../shared/papers/paper.schema';

/**
 * The stored paper's fields a source can know (the rest — summaries, topic, tags, score — ingest
 * adds), and the edges it states: the works it cites and other records of the same work, as DOIs or
 * OpenAlex work ids in any usual spelling (normalisation writes them canonically, dropping the rest).
 */
export const SOURCE_FIELDS = [
  'doi', 'title', 'abstract', 'authors', 'year', 'publication_date', 'venue', 'venue_type', 'source_url', 'pdf_url', 'lang', 'is_peer_reviewed',
  'openalex_id', 'references', 'same_work_as',
] as const satisfies readonly PaperField[];
export type SourceField = (typeof SOURCE_FIELDS)[number];

/** A source's value before normalisation: an enum or a formatted text may be any text (normalisation keeps only what the paper schema accepts). */
type Loose<T> = T extends string ? string : T;

/**
 * A record as a source delivers it, before normalisation (`pipeline/normalise.ts`): the paper's
 * fields under the paper's names, every one optional and loosely typed, since every source has its
 * own idea of what is optional, plus the source's own identifier.
 */
export type SourceRecord = { [K in SourceField]?: Loose<NewPaper[K]> | null } & {
  /** The source's own identifier (an OpenAlex work id, a line's `id`). */
  source_id?: string | null;
};

export interface FetchOptions {
  /** Only works published on or after this ISO date. */
  since?: string;
  /** Records per page (a source may cap it). */
  pageSize: number;
}

/**
 * Where papers come from. `pages` yields the source's records page by page; a page that cannot be
 * fetched (after the source's own retries) throws, and the run's fetch job is retried.
 */
export interface PaperSource {
  /** Recorded on every paper (`source`) and on the run. */
  readonly name: string;
  pages(options: FetchOptions): AsyncIterable<SourceRecord[]>;
}
