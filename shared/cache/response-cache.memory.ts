import { LRUCache } from 'lru-cache';
import type { CachedResponse, ResponseCache } from './response-cache.port';

interface Entry {
  response: CachedResponse;
  /** Milliseconds on `now`'s clock after which the entry is a miss. */
  expiresAt: number;
}

/**
 * In-process response cache: at most `maxEntries`, the least recently used evicted first, and a time
 * to live per entry. Expiry is checked against `now` (an injected clock, so tests need not wait);
 * an expired entry is dropped when it is next read, or evicted like any other.
 */
export class MemoryResponseCache implements ResponseCache {
  readonly kind = 'memory';
  private readonly entries: LRUCache<string, Entry>;

  constructor(
    maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  async get(key: string): Promise<CachedResponse | undefined> {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (this.now() < entry.expiresAt) return entry.response;
    this.entries.delete(key);
    return undefined;
  }

  async set(key: string, value: CachedResponse, ttlSeconds: number): Promise<void> {
    this.entries.set(key, { response: value, expiresAt: this.now() + ttlSeconds * 1000 });
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}
