import type { JsonMedia } from './clients';
import type { Client, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import { unwrap } from './problem-error';

type AnyPaths = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The answer of a GET of `Path`. */
export type PageOf<Paths extends AnyPaths, Path extends keyof Paths> = Exclude<FetchResponse<Paths[Path]['get'], object, JsonMedia>['data'], undefined>;

/** The GET paths whose answer carries `next_cursor`: the cursor-paged ones. */
export type CursorPath<Paths extends AnyPaths> = {
  [Path in keyof Paths]: Paths[Path] extends { get: object } ? ('next_cursor' extends keyof PageOf<Paths, Path> ? Path : never) : never;
}[keyof Paths] &
  string;

/** One record of a page: an element of its `results` (the public door) or `data` (the data API). */
export type ItemOf<Page> = Page extends { results: readonly (infer Item)[] } ? Item : Page extends { data: readonly (infer Item)[] } ? Item : never;

/** The query parameters of a GET of `Path`. */
type QueryOf<Paths extends AnyPaths, Path extends keyof Paths> = Paths[Path]['get'] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export interface PagingOptions<Query> {
  /**
   * The query parameter that takes the previous answer's `next_cursor` (default `cursor`; the data
   * API's change feed takes it as `since`).
   */
  cursorParam?: keyof Query & string;
  /** Stop after this many pages. */
  maxPages?: number;
}

/**
 * Every page of a cursor-paged GET, first to last: the first with the call's own parameters (the
 * searches need `cursor: '*'` to be paged by cursor; references, cited-by and events start without
 * one), then each with the previous answer's `next_cursor`, until it is null or absent, the answer
 * says `has_more: false` (the change feed), or it would ask for the same cursor again. A failed
 * page throws its ProblemError (retries, when configured, happen before that).
 */
export async function* pages<Paths extends AnyPaths, Path extends CursorPath<Paths>>(
  client: Client<Paths, JsonMedia>,
  path: Path,
  init?: MaybeOptionalInit<Paths[Path], 'get'>,
  options: PagingOptions<QueryOf<Paths, Path>> = {},
): AsyncGenerator<PageOf<Paths, Path>, void, undefined> {
  const cursorParam: string = options.cursorParam ?? 'cursor';
  const given = (init ?? {}) as { params?: { query?: Record<string, unknown> } };
  let cursor = given.params?.query?.[cursorParam] as string | undefined;
  for (let page = 1; options.maxPages === undefined || page <= options.maxPages; page++) {
    const query = { ...given.params?.query, ...(cursor === undefined ? {} : { [cursorParam]: cursor }) };
    const call = (client as unknown as Client<AnyPaths>).GET as (path: string, init: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const answer = (await unwrap(call(path, { ...given, params: { ...given.params, query } }))) as PageOf<Paths, Path>;
    yield answer;
    const { next_cursor: next, has_more: more } = answer as { next_cursor?: string | null; has_more?: boolean };
    if (next === undefined || next === null || next === '' || next === cursor || more === false) return;
    cursor = next;
  }
}

/** Every record of a cursor-paged GET, page after page (see `pages`). */
export async function* items<Paths extends AnyPaths, Path extends CursorPath<Paths>>(
  client: Client<Paths, JsonMedia>,
  path: Path,
  init?: MaybeOptionalInit<Paths[Path], 'get'>,
  options: PagingOptions<QueryOf<Paths, Path>> = {},
): AsyncGenerator<ItemOf<PageOf<Paths, Path>>, void, undefined> {
  for await (const page of pages(client, path, init, options)) {
    const records = (page as { results?: unknown[]; data?: unknown[] }).results ?? (page as { data?: unknown[] }).data ?? [];
    yield* records as ItemOf<PageOf<Paths, Path>>[];
  }
}
