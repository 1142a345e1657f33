/**
 * A record as a source delivers it, before normalisation: loosely typed, since every source has its
 * own idea of what is optional. Normalisation (`pipeline/normalise.ts`) validates and cleans it.
 */
export interface SourceRecord {
  /** The source's own identifier (an OpenAlex work id, a line's `id`). */
  sourceId?: string | null;
  doi?: string | null;
  title?: string | null;
  abstract?: string | null;
  authors?: string[] | null;
  year?: number | null;
  publicationDate?: string | null;
  venue?: string | null;
  venueType?: string | null;
  sourceUrl?: string | null;
  pdfUrl?: string | null;
  lang?: string | null;
  isPeerReviewed?: boolean | null;
}

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
