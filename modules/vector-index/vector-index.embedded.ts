import { GraphWorker } from './graph-worker';
import { QueryScorer } from './query-scorer';
import type { VectorFilter, VectorHit, VectorIndex, VectorItem, VectorPayload } from './vector-index.port';
import { checkSnapshotDir, type GraphQuantization, normOf, readSnapshot, removeAbandonedSaves, writeSnapshot, type VectorEntry } from './vector-snapshot';

export { VectorStoreError } from './vector-snapshot';

/**
 * The embedded vector index: an in-process HNSW graph (usearch, cosine) beside an in-memory store of
 * ids, payloads and the vectors themselves, persisted under a directory (`vector-snapshot.ts`) so a
 * restart reloads it instead of re-embedding the corpus.
 *
 * The graph lives in a worker thread (`graph-worker.ts`): linking vectors in, searching it, saving
 * and loading it never hold the event loop. A write updates the store at once and resolves once the
 * graph has its vectors too; a search meanwhile goes ahead of the graph's waiting writes, so it may
 * not see a write still under way (every key the graph returns is checked against the store).
 *
 * Filtered search stays exact for selective filters: the entries passing the filter are computed from
 * the payloads (and remembered per filter until the next write); when few pass (at most
 * `exactSearchThreshold`, or at most `exactSearchFraction` of the index) the search is a brute-force
 * scan over exactly those vectors; otherwise the graph is searched for more candidates than asked and
 * post-filtered, doubling the candidate count until `limit` hits pass or the index is exhausted.
 * Scores are cosine similarities computed from the stored vectors by one `QueryScorer`, so both
 * paths rank identically; ties are broken by id.
 */

export interface EmbeddedVectorIndexOptions {
  dimensions: number;
  /** Persist here when set (`save()` and `close()`); `init()` reloads what is there. */
  directory?: string;
  /** A filtered search scans the passing vectors exactly when at most this many pass. Default 4096. */
  exactSearchThreshold?: number;
  /** … or when at most this fraction of the index passes. Default 0.05. */
  exactSearchFraction?: number;
  /** HNSW parameters (defaults: connectivity 16, expansion_add 200, expansion_search 384). */
  connectivity?: number;
  expansionAdd?: number;
  expansionSearch?: number;
}

/** The HNSW defaults; expansion_search is chosen for recall@10 ≥ 0.95 on the lexical embeddings (bench/). */
export const HNSW_DEFAULTS = { connectivity: 16, expansion_add: 200, expansion_search: 384 } as const;

/**
 * The graph keeps half-precision copies of the vectors: its distance computations cost about 60 %
 * of float32's and its memory half, with the same recall (the graph only picks candidates; each
 * hit's score is computed from the float32 vector kept beside it). Measured in docs/performance.md.
 */
const GRAPH_QUANTIZATION: GraphQuantization = 'f16';

/** How many filters' passing sets are remembered between writes. */
const PASSING_CACHE_SIZE = 64;

interface Passing {
  entries: VectorEntry[];
  /** Built on first use by a graph search. */
  keys?: Set<number>;
}

/** Whether a payload passes a filter (absent conditions pass; a missing draft_score counts as 0). */
export function passesVectorFilter(payload: VectorPayload, filter: VectorFilter): boolean {
  if (filter.topic !== undefined && payload.topic !== filter.topic) return false;
  if (filter.langs !== undefined && (payload.lang === null || !filter.langs.includes(payload.lang))) return false;
  if (filter.shelf !== undefined && payload.shelf !== filter.shelf) return false;
  if (filter.minDraftScore !== undefined && (payload.draft_score ?? 0) < filter.minDraftScore) return false;
  return true;
}

const hasConditions = (f: VectorFilter) =>
  f.topic !== undefined || f.langs !== undefined || f.shelf !== undefined || f.minDraftScore !== undefined;

const filterSignature = (f: VectorFilter) => JSON.stringify([f.topic, f.langs && [...f.langs].sort(), f.shelf, f.minDraftScore]);

const byScoreThenId = (a: VectorHit, b: VectorHit) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class EmbeddedVectorIndex implements VectorIndex {
  readonly kind = 'embedded';
  readonly processLocal = true;
  readonly dimensions: number;
  private readonly directory?: string;
  private readonly exactThreshold: number;
  private readonly exactFraction: number;
  private readonly hnsw: { connectivity: number; expansion_add: number; expansion_search: number };
  private graph: GraphWorker;
  private byId = new Map<string, VectorEntry>();
  private byKey = new Map<number, VectorEntry>();
  private nextKey = 1;
  private readonly passing = new Map<string, Passing>();
  private initialized = false;
  private closed = false;
  /** Whether memory holds changes that no save (committed or under way) has captured. */
  private dirty = true;
  private saving: Promise<void> = Promise.resolve();

  constructor(options: EmbeddedVectorIndexOptions) {
    if (!Number.isInteger(options.dimensions) || options.dimensions <= 0) throw new Error(`dimensions must be a positive integer, got ${options.dimensions}`);
    this.dimensions = options.dimensions;
    this.directory = options.directory;
    this.exactThreshold = options.exactSearchThreshold ?? 4096;
    this.exactFraction = options.exactSearchFraction ?? 0.05;
    this.hnsw = {
      connectivity: options.connectivity ?? HNSW_DEFAULTS.connectivity,
      expansion_add: options.expansionAdd ?? HNSW_DEFAULTS.expansion_add,
      expansion_search: options.expansionSearch ?? HNSW_DEFAULTS.expansion_search,
    };
    this.graph = this.newGraph();
  }

  private newGraph(): GraphWorker {
    return new GraphWorker({ dimensions: this.dimensions, metric: 'cos', quantization: GRAPH_QUANTIZATION, ...this.hnsw });
  }

  async init(options: { discardSaved?: boolean } = {}): Promise<void> {
    this.assertOpen();
    if (this.initialized) return;
    if (this.directory) {
      await checkSnapshotDir(this.directory);
      // A save the previous process did not finish (it was killed) left temporaries: they go first.
      await removeAbandonedSaves(this.directory);
    }
    // Discarded unread: it may hold vectors of another length, which reading would refuse.
    let loaded;
    try {
      loaded = this.directory && !options.discardSaved ? await readSnapshot(this.directory, this.dimensions, this.graph, GRAPH_QUANTIZATION) : undefined;
    } catch (err) {
      // Nothing of it is used: the worker, and what it may have loaded, go.
      await this.graph.close();
      this.graph = this.newGraph();
      throw err;
    }
    if (loaded) {
      this.byId = new Map(loaded.entries.map((e) => [e.id, e]));
      this.byKey = new Map(loaded.entries.map((e) => [e.key, e]));
      this.nextKey = loaded.nextKey;
      this.dirty = loaded.rebuilt;
    }
    this.initialized = true;
  }

  async upsert(items: VectorItem[]): Promise<void> {
    this.assertOpen();
    // The last occurrence of an id in a batch wins.
    const batch = new Map<string, VectorItem>();
    for (const item of items) {
      if (typeof item.id !== 'string' || item.id === '') throw new Error('vector item id must be a non-empty string');
      if (item.vector.length !== this.dimensions) {
        throw new Error(`vector of ${item.id} has ${item.vector.length} dimensions, the index has ${this.dimensions}`);
      }
      for (let i = 0; i < item.vector.length; i++) {
        if (!Number.isFinite(item.vector[i])) throw new Error(`vector of ${item.id} holds a non-finite value at ${i}`);
      }
      batch.set(item.id, item);
    }
    if (batch.size === 0) return;
    this.changed();
    const replaced = [...batch.keys()].map((id) => this.byId.get(id)).filter((e): e is VectorEntry => e !== undefined);
    // Asked of the graph in this turn, before the additions: its writes keep the order they were made in.
    const dropped = this.dropEntries(replaced);

    const keys: number[] = [];
    const vectors: Float32Array[] = [];
    for (const item of batch.values()) {
      // A copy of our own: the caller's array may be a view or be reused.
      const vector = Float32Array.from(item.vector);
      const entry: VectorEntry = { id: item.id, key: this.nextKey++, payload: { ...item.payload }, vector, norm: normOf(vector) };
      keys.push(entry.key);
      vectors.push(vector);
      this.byId.set(entry.id, entry);
      this.byKey.set(entry.key, entry);
    }
    await Promise.all([dropped, this.graph.add(keys, vectors)]);
  }

  async remove(ids: string[]): Promise<void> {
    this.assertOpen();
    const entries = [...new Set(ids)].map((id) => this.byId.get(id)).filter((e): e is VectorEntry => e !== undefined);
    if (entries.length === 0) return;
    this.changed();
    await this.dropEntries(entries);
  }

  private changed(): void {
    this.dirty = true;
    this.passing.clear();
  }

  /** Out of the store at once; the promise is the graph's removal. */
  private dropEntries(entries: VectorEntry[]): Promise<void> {
    for (const e of entries) {
      this.byId.delete(e.id);
      this.byKey.delete(e.key);
    }
    return this.graph.remove(entries.map((e) => e.key));
  }

  async search(vector: Float32Array, filter: VectorFilter, limit: number): Promise<VectorHit[]> {
    this.assertOpen();
    if (vector.length !== this.dimensions) throw new Error(`query vector has ${vector.length} dimensions, the index has ${this.dimensions}`);
    if (!Number.isInteger(limit) || limit < 0) throw new Error(`limit must be a non-negative integer, got ${limit}`);
    if (limit === 0 || this.byId.size === 0 || (filter.langs !== undefined && filter.langs.length === 0)) return [];
    const query = Float32Array.from(vector);
    const scorer = new QueryScorer(query);
    const total = this.byId.size;

    if (!hasConditions(filter)) {
      return total <= this.exactThreshold ? this.exact(scorer, this.byId.values(), limit) : this.searchGraph(query, scorer, null, total, limit);
    }
    const passing = this.passingFor(filter);
    const count = passing.entries.length;
    if (count === 0) return [];
    if (count <= this.exactThreshold || count <= this.exactFraction * total) return this.exact(scorer, passing.entries, limit);
    passing.keys ??= new Set(passing.entries.map((e) => e.key));
    return this.searchGraph(query, scorer, passing.keys, count, limit);
  }

  async vectorsOf(ids: string[]): Promise<Map<string, Float32Array>> {
    this.assertOpen();
    const out = new Map<string, Float32Array>();
    // Copies: the entry's own array must stay as the index wrote it.
    for (const id of ids) {
      const e = this.byId.get(id);
      if (e) out.set(id, Float32Array.from(e.vector));
    }
    return out;
  }

  /** The entries passing a filter, remembered until the next write (the data API's filters are few and repeat). */
  private passingFor(filter: VectorFilter): Passing {
    const signature = filterSignature(filter);
    let found = this.passing.get(signature);
    if (!found) {
      const entries: VectorEntry[] = [];
      for (const e of this.byId.values()) if (passesVectorFilter(e.payload, filter)) entries.push(e);
      found = { entries };
      if (this.passing.size >= PASSING_CACHE_SIZE) this.passing.delete(this.passing.keys().next().value!);
      this.passing.set(signature, found);
    }
    return found;
  }

  /** Brute force over the given entries. */
  private exact(scorer: QueryScorer, entries: Iterable<VectorEntry>, limit: number): VectorHit[] {
    const hits: VectorHit[] = [];
    for (const e of entries) hits.push({ id: e.id, score: scorer.cosine(e.vector, e.norm) });
    return hits.sort(byScoreThenId).slice(0, limit);
  }

  /** The HNSW graph, post-filtered by `allowed` (null: everything), widening until `limit` pass. */
  private async searchGraph(query: Float32Array, scorer: QueryScorer, allowed: Set<number> | null, passingCount: number, limit: number): Promise<VectorHit[]> {
    const total = this.byId.size;
    const want = Math.min(limit, passingCount);
    // Enough candidates that `want` should pass at the filter's selectivity, with some slack.
    let count = Math.min(total, Math.max(2 * limit, Math.ceil((want * total * 2) / passingCount) + 16));
    for (;;) {
      const found = await this.graph.search(query, count);
      const hits: VectorHit[] = [];
      for (const key of found) {
        if (allowed && !allowed.has(key)) continue;
        const e = this.byKey.get(key);
        if (e) hits.push({ id: e.id, score: scorer.cosine(e.vector, e.norm) });
      }
      if (hits.length >= want) return hits.sort(byScoreThenId).slice(0, limit);
      if (count >= total) {
        // The graph did not reach every passing item: scan them instead of returning too few.
        const rest = allowed ? [...allowed].map((k) => this.byKey.get(k)!).filter(Boolean) : this.byId.values();
        return this.exact(scorer, rest, limit);
      }
      count = Math.min(total, count * 2);
    }
  }

  async count(): Promise<number> {
    this.assertOpen();
    return this.byId.size;
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  /**
   * Persists the index (when a directory is set) and releases it. `save: false` releases it without
   * a last save (a shutdown short of time): the directory keeps the last snapshot saved, which the
   * change log brings up to date at the next start.
   */
  async close(options: { save?: boolean } = {}): Promise<void> {
    if (this.closed) return;
    if (options.save !== false) await this.save();
    // A save started earlier (with nothing changed since) finishes too: nothing is left half-written.
    await this.saving;
    this.closed = true;
    this.byId = new Map();
    this.byKey = new Map();
    this.passing.clear();
    await this.graph.close();
  }

  /**
   * Writes a new snapshot under the directory and makes it current atomically; no-op without one or
   * without changes. Resolves once what the index holds now is committed on disk (a save already
   * under way that captured it included). `captured` is called in the turn the save takes its
   * content (not when an earlier save under way holds it all).
   */
  async save(captured?: () => void): Promise<void> {
    this.assertOpen();
    if (!this.directory) return;
    // Nothing changed since the last capture: that save, if still under way, commits it.
    if (!this.dirty) await this.saving;
    if (!this.dirty || this.closed) return;
    const capture = () => {
      // Closed meanwhile: its memory is released, and an empty snapshot must never replace the last one.
      if (this.closed) throw new Error('the embedded vector index was closed before its save began');
      this.dirty = false;
      captured?.();
      return { entries: [...this.byId.values()], nextKey: this.nextKey, graph: this.graph, quantization: GRAPH_QUANTIZATION };
    };
    const next = this.saving.then(() =>
      writeSnapshot(this.directory!, this.dimensions, capture).catch((err: unknown) => {
        this.dirty = true; // the directory may still hold the previous snapshot: save again next time
        throw err;
      }),
    );
    this.saving = next.catch(() => undefined);
    return next;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the embedded vector index is closed');
  }
}
