import { LRUCache } from 'lru-cache';
import type { CachedResponse, ResponseCache } from './response-cache.port';

/** In-process response cache: least-recently-used eviction and a time to live per entry. */
export class MemoryResponseCache implements ResponseCache {
  readonly kind = 'memory';
  private readonly entries: LRUCache<string, CachedResponse>;

  constructor(maxEntries: number) {
    this.entries = new LRUCache({ max: maxEntries, ttlAutopurge: false });
  }

  async get(key: string): Promise<CachedResponse | undefined> {
    return this.entries.get(key);
  }

  async set(key: string, value: CachedResponse, ttlSeconds: number): Promise<void> {
    this.entries.set(key, value, { ttl: ttlSeconds * 1000 });
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}
