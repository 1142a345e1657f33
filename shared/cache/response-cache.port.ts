/**
 * A response as the cache keeps it: its body as bytes and the headers sent with it, both ready to
 * write, so a hit neither measures nor re-encodes anything.
 */
export interface CachedResponse {
  /** Header names and values, flat (`[name, value, name, value, …]`), Content-Length included. */
  readonly headers: readonly string[];
  /** The body, byte for byte as it was first sent. */
  readonly body: Buffer;
  /** The route that first answered it (`/api/v1/papers/search`), so a hit is measured under it too. */
  readonly route?: string;
}

/** A cache of whole responses, shared across replicas when it is backed by Redis. */
export interface ResponseCache {
  readonly kind: string;
  /** The cached response, or undefined on a miss (a backend fault counts as a miss). */
  get(key: string): Promise<CachedResponse | undefined>;
  set(key: string, value: CachedResponse, ttlSeconds: number): Promise<void>;
  close(): Promise<void>;
}
