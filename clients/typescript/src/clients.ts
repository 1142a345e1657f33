import createClient, { mergeHeaders, type Client, type HeadersOptions } from 'openapi-fetch';
import { AS_OF_OPERATIONS } from './generated/as-of';
import type { paths as DataApiPaths } from './generated/data-api';
import type { paths as PublicPaths } from './generated/public-door';
import { asOfMiddleware } from './releases';
import { retryingFetch, type FetchFunction, type RetryOptions } from './retry';

export type { DataApiPaths, PublicPaths };

export interface ClientOptions {
  /** The door's address: `https://papers.example.org` (public) or the data API's `{api_url}`. */
  baseUrl: string;
  /** Retries of 429, 503 and failed GETs, honouring `Retry-After` (see RetryOptions); false: none. Default: on, 3 attempts. */
  retry?: RetryOptions | false;
  /**
   * A release to answer as of: `as_of=<release>` is added to every call of an operation that takes
   * it (see `pin`). Default: none, the current corpus.
   */
  asOf?: string;
  /** Headers sent with every request. */
  headers?: HeadersOptions;
  /** The fetch underneath (default: the global one), e.g. for a proxy agent or a test. */
  fetch?: FetchFunction;
}

export interface DataApiClientOptions extends ClientOptions {
  /** The key (`gxk_…`), sent as `Authorization: Bearer <key>`. Only key applications and the OpenAPI document need none. */
  apiKey?: string;
}

/** An openapi-fetch client of one door (`GET`, `POST`, … typed by the door's paths), and its release pin. */
/**
 * The media type the clients read answers as: JSON. Operations that can also answer as a file (a page
 * of results as BibTeX, RIS, CSV…) are typed by their JSON answer; fetch a file with plain `fetch`.
 */
export type JsonMedia = `${string}/json`;

export type GxClient<Paths extends {}> = Client<Paths, JsonMedia> & {
  /** The release this client answers as of, when pinned. */
  readonly asOf: string | undefined;
  /**
   * A client like this one answering as of `release` (a release id, as `X-Dataset-Version` names
   * it): `as_of` is added to the calls of operations that take it (their query has `as_of` in the
   * OpenAPI document this client was generated from), and to no other. `undefined` unpins.
   */
  pin(release: string | undefined): GxClient<Paths>;
};

type Door = keyof typeof AS_OF_OPERATIONS;

function doorClient<Paths extends {}>(door: Door, options: ClientOptions): GxClient<Paths> {
  const underneath: FetchFunction = options.fetch ?? ((request) => globalThis.fetch(request));
  const client = createClient<Paths, JsonMedia>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: options.headers,
    fetch: options.retry === false ? underneath : retryingFetch(underneath, options.retry),
  });
  if (options.asOf !== undefined) client.use(asOfMiddleware(options.asOf, AS_OF_OPERATIONS[door]));
  return Object.assign(client, {
    asOf: options.asOf,
    pin: (release: string | undefined) => doorClient<Paths>(door, { ...options, asOf: release }),
  });
}

/** A client of the public door: keyword search, papers, references, cited-by, related papers (no key). */
export function createPublicClient(options: ClientOptions): GxClient<PublicPaths> {
  return doorClient<PublicPaths>('publicDoor', options);
}

/** A client of the data API: every `/api/v1/` operation with the key given, key applications without. */
export function createDataApiClient(options: DataApiClientOptions): GxClient<DataApiPaths> {
  const { apiKey, ...rest } = options;
  const headers = apiKey === undefined ? rest.headers : mergeHeaders(rest.headers, { Authorization: `Bearer ${apiKey}` });
  return doorClient<DataApiPaths>('dataApi', { ...rest, headers });
}
