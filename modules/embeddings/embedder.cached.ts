import { LRUCache } from 'lru-cache';
import type { Embedder } from './embedder.port';

/**
 * An LRU cache of query embeddings in front of any Embedder. Users repeat queries; passages are
 * embedded once at ingest and are passed straight through, uncached.
 *
 * The key is the model and the raw query text (the wrapped embedder adds its own prefix; a refit
 * embedder is another model, so its old vectors are never served). Within one call, each
 * distinct uncached text is sent to the wrapped embedder once, in a single `embedQueries` call.
 * Callers receive copies, so mutating a returned vector never corrupts the cache.
 */
export class CachedEmbedder implements Embedder {
  readonly kind: string;
  readonly dimensions: number;
  private readonly cache: LRUCache<string, Float32Array>;

  constructor(
    private readonly inner: Embedder,
    options: { maxEntries?: number } = {},
  ) {
    this.kind = inner.kind;
    this.dimensions = inner.dimensions;
    this.cache = new LRUCache({ max: Math.max(1, options.maxEntries ?? 2_000) });
  }

  async embedQueries(texts: string[]): Promise<Float32Array[]> {
    const model = this.inner.model;
    const found = texts.map((t) => this.cache.get(`${model}\n${t}`));
    const missing = [...new Set(texts.filter((_, i) => found[i] === undefined))];
    if (missing.length > 0) {
      const vectors = await this.inner.embedQueries(missing);
      const fresh = new Map<string, Float32Array>();
      missing.forEach((t, i) => {
        const v = vectors[i]!;
        fresh.set(t, v);
        this.cache.set(`${model}\n${t}`, v);
      });
      texts.forEach((t, i) => {
        if (found[i] === undefined) found[i] = fresh.get(t);
      });
    }
    return found.map((v) => new Float32Array(v!));
  }

  embedPassages(texts: string[]): Promise<Float32Array[]> {
    return this.inner.embedPassages(texts);
  }

  get model(): string {
    return this.inner.model;
  }

  async init(): Promise<void> {
    await this.inner.init?.();
  }

  async refresh(): Promise<boolean> {
    return (await this.inner.refresh?.()) ?? false;
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  async close(): Promise<void> {
    this.cache.clear();
    await this.inner.close();
  }
}
