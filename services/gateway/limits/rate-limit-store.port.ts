/**
 * Token buckets the gateway limits requests with: the per-client-IP limits of both doors and the
 * per-key burst limit. Every adapter is built on rate-limiter-flexible, whose fixed windows (with a
 * second allowance drawn once the first is spent) stand in for a refilling bucket.
 */
export interface BucketSpec {
  /** Keeps this bucket's counters apart from other buckets' (`gx:rl:minute`); replicas that name a bucket alike share it. */
  name: string;
  /** Requests a key may send per window. */
  capacity: number;
  windowSeconds: number;
  /** Extra requests a window, drawn only once `capacity` is spent (0 or absent: none). */
  burst?: number;
}

/** What a bucket answered for one request. */
export interface BucketState {
  /** Whether the request fits in the bucket; a refused request is still counted (a client that keeps sending stays refused). */
  allowed: boolean;
  /** Requests left in the window's `capacity` (never below 0; the burst allowance is not included). */
  remaining: number;
  /** Milliseconds until the window refills: the retry time of a refused request. */
  msBeforeNext: number;
}

export interface TokenBucket {
  /**
   * Takes one request's token for `key` (a client IP, a key id). Resolves for a refusal as for a pass;
   * rejects only when the store cannot count at all, so the caller decides between serving and refusing.
   */
  take(key: string): Promise<BucketState>;
}

/**
 * Where buckets count. A store shared by replicas (Redis) that cannot reach its server keeps counting
 * in this process (each replica on its own) rather than failing: a limit briefly per replica is better
 * than a search that stops serving.
 */
export interface RateLimitStore {
  readonly kind: 'memory' | 'redis';
  bucket(spec: BucketSpec): TokenBucket;
}
