/** A cache of serialised responses, shared across replicas when it is backed by Redis. */
export interface ResponseCache {
  readonly kind: string;
  /** The cached value, or undefined on a miss (a backend fault counts as a miss). */
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  close(): Promise<void>;
}
