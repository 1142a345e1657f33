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

/**
 * A cache of whole responses, shared across replicas when it is backed by Redis. A cache only ever
 * saves work, so its faults never reach a request: a read that fails is a miss, a write that fails is
 * forgotten.
 */
export interface ResponseCache {
  readonly kind: string;
  /** The cached response, or undefined on a miss (an entry past its time to live, or a backend fault). */
  get(key: string): Promise<CachedResponse | undefined>;
  /** Keeps `value` under `key` for `ttlSeconds` (whole seconds, at least 1), replacing what was there; never rejects. */
  set(key: string, value: CachedResponse, ttlSeconds: number): Promise<void>;
  close(): Promise<void>;
}
