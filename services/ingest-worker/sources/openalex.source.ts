import { z } from 'zod';
import type { FetchOptions, PaperSource, SourceRecord } from './paper-source.port';

export interface OpenAlexOptions {
  /** The API root, `https://api.openalex.org` in production; a loopback server in tests. */
  baseUrl: string;
  /** OpenAlex `filter` expression (comma-separated); `from_publication_date` is added from `since`. */
  filter: string;
  /** Sent as `mailto` (OpenAlex's polite pool). */
  mailto?: string;
  /** At most 200 (OpenAlex's cap). */
  perPage: number;
  timeoutMs: number;
  /** Attempts per page on 429, 5xx and network errors, with exponential backoff. */
  attempts: number;
  backoffMs: number;
  fetchImpl?: typeof fetch;
}

/** A field of a work, left out when it is not what OpenAlex documents (normalisation then decides). */
const text = z.string().nullish().catch(null);
const loose = <T extends z.ZodType>(schema: T) => schema.nullish().catch(null);

/** The parts of an OpenAlex work (https://docs.openalex.org/api-entities/works) a paper is made of. */
const workSchema = z.object({
  id: text,
  doi: text,
  title: text,
  display_name: text,
  publication_year: loose(z.number()),
  publication_date: text,
  language: text,
  type: text,
  authorships: loose(z.array(z.object({ author: loose(z.object({ display_name: text })) }).catch({ author: null }))),
  primary_location: loose(z.object({ landing_page_url: text, pdf_url: text, source: loose(z.object({ display_name: text, type: text })) })),
  // Checked word by word when the abstract is rebuilt: one odd entry does not cost the whole abstract.
  abstract_inverted_index: loose(z.record(z.string(), z.unknown())),
  // The works it cites, as OpenAlex ids (`https://openalex.org/W…`); entry by entry, like the abstract.
  referenced_works: loose(z.array(z.unknown())),
});
type OpenAlexWork = z.output<typeof workSchema>;

/** One page of `GET /works`: its works and the cursor of the next page. */
const pageSchema = z.object({
  meta: loose(z.object({ next_cursor: text })),
  results: loose(z.array(workSchema)),
});
type OpenAlexPage = z.output<typeof pageSchema>;

/** The source failed for good (after retries, or with an answer retrying cannot mend). */
export class SourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceError';
  }
}

/**
 * The OpenAlex works API: `filter`, cursor paging from `cursor=*`, `per_page`, `mailto`, and
 * backoff on 429 and 5xx (honouring `Retry-After`). The abstract is rebuilt from
 * `abstract_inverted_index` (OpenAlex does not ship abstracts as text); the work's `id` is its
 * `openalex_id`, and its `referenced_works` (OpenAlex ids) its `references`.
 */
export class OpenAlexSource implements PaperSource {
  readonly name = 'openalex';
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: OpenAlexOptions) {
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  async *pages(options: FetchOptions): AsyncIterable<SourceRecord[]> {
    let cursor: string | null = '*';
    const seen = new Set<string>();
    while (cursor) {
      if (seen.has(cursor)) throw new SourceError(`OpenAlex returned cursor ${cursor} twice; stopping rather than looping`);
      seen.add(cursor);
      const page = await this.fetchPage(this.pageUrl(cursor, options));
      const works = page.results ?? [];
      if (works.length > 0) yield works.map(toSourceRecord);
      cursor = works.length > 0 ? page.meta?.next_cursor ?? null : null;
    }
  }

  /** The URL of one page (exported for the request-building tests). */
  pageUrl(cursor: string, options: Pick<FetchOptions, 'since' | 'pageSize'>): string {
    const url = new URL('/works', this.options.baseUrl);
    const filters = [this.options.filter, options.since ? `from_publication_date:${options.since}` : ''].filter(Boolean);
    if (filters.length > 0) url.searchParams.set('filter', filters.join(','));
    url.searchParams.set('per_page', String(Math.min(200, this.options.perPage, options.pageSize)));
    url.searchParams.set('cursor', cursor);
    if (this.options.mailto) url.searchParams.set('mailto', this.options.mailto);
    return url.toString();
  }

  private async fetchPage(url: string): Promise<OpenAlexPage> {
    const { attempts, backoffMs, timeoutMs } = this.options;
    let last = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let retryAfterMs: number | undefined;
      try {
        const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
        if (res.ok) {
          const page = pageSchema.safeParse(await res.json());
          if (page.success) return page.data;
          throw new SourceError(`OpenAlex answered something other than a page of works for ${redact(url)}`);
        }
        last = `HTTP ${res.status}`;
        if (res.status !== 429 && res.status < 500) throw new SourceError(`OpenAlex answered ${res.status} for ${redact(url)}: ${(await res.text()).slice(0, 200)}`);
        const header = Number(res.headers.get('retry-after'));
        if (Number.isFinite(header) && header >= 0) retryAfterMs = Math.min(header * 1000, 60_000);
        await res.body?.cancel();
      } catch (err) {
        if (err instanceof SourceError) throw err;
        last = (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (err as Error).message;
      }
      if (attempt < attempts) await sleep(retryAfterMs ?? backoffMs * 2 ** (attempt - 1));
    }
    throw new SourceError(`OpenAlex failed ${attempts} times for ${redact(url)} (last: ${last})`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The mailto address is not secret, but it is personal: not in logs. */
const redact = (url: string) => url.replace(/([?&]mailto=)[^&]*/, '$1…');

/** The abstract as text: each word placed at its positions (OpenAlex's inverted index). */
export function abstractFromInvertedIndex(index: Record<string, unknown> | null | undefined): string | null {
  if (!index || typeof index !== 'object') return null;
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) {
    if (!Array.isArray(positions)) continue;
    for (const p of positions) if (Number.isInteger(p) && p >= 0 && p < 100_000) words[p] = word;
  }
  const text = words.filter((w) => w !== undefined).join(' ').trim();
  return text === '' ? null : text;
}

const VENUE_TYPES: Record<string, string> = { journal: 'journal', repository: 'preprint', conference: 'conference', 'book series': 'report' };

export function toSourceRecord(w: OpenAlexWork): SourceRecord {
  const sourceType = w.primary_location?.source?.type ?? null;
  const venueType = w.type === 'dataset' ? 'dataset' : w.type === 'report' ? 'report' : w.type === 'preprint' ? 'preprint' : sourceType ? VENUE_TYPES[sourceType] ?? null : null;
  return {
    source_id: w.id ?? null,
    // `https://openalex.org/W…`: normalisation keeps `W…` (and writes the references `openalex:W…`).
    openalex_id: w.id ?? null,
    doi: w.doi ?? null,
    title: w.title ?? w.display_name ?? null,
    abstract: abstractFromInvertedIndex(w.abstract_inverted_index),
    authors: (w.authorships ?? []).map((a) => a.author?.display_name).filter((n): n is string => typeof n === 'string' && n.trim() !== ''),
    year: w.publication_year ?? null,
    publication_date: w.publication_date ?? null,
    venue: w.primary_location?.source?.display_name ?? null,
    venue_type: venueType,
    source_url: w.primary_location?.landing_page_url ?? w.doi ?? w.id ?? null,
    pdf_url: w.primary_location?.pdf_url ?? null,
    lang: w.language ?? null,
    // A journal article is taken as peer reviewed; OpenAlex does not say so directly.
    is_peer_reviewed: sourceType === 'journal' && (w.type === 'article' || w.type === 'review') ? true : sourceType === 'repository' ? false : null,
    references: (w.referenced_works ?? []).filter((ref): ref is string => typeof ref === 'string'),
  };
}
