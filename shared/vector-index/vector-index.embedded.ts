import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Index, MetricKind, ScalarKind } from 'usearch';
import type { VectorFilter, VectorHit, VectorIndex, VectorItem, VectorPayload } from './vector-index.port';

/**
 * The embedded vector index: an in-process HNSW graph (usearch, cosine) beside an in-memory store of
 * ids, payloads and the vectors themselves, persisted under a directory so a restart reloads it
 * instead of re-embedding the corpus.
 *
 * Filtered search stays exact for selective filters: the keys passing the filter are computed from
 * the payloads; when few pass (at most `exactSearchThreshold`, or at most `exactSearchFraction` of
 * the index) the search is a brute-force scan over exactly those vectors; otherwise the graph is
 * searched for more candidates than asked and post-filtered, doubling the candidate count until
 * `limit` hits pass or the index is exhausted. Scores are cosine similarities computed from the
 * stored vectors, so both paths rank identically; ties are broken by id.
 *
 * On disk (`directory`):
 *   CURRENT                      the name of the committed snapshot (replaced atomically by rename)
 *   snapshot-…/index.usearch     the HNSW graph (usearch's own format)
 *   snapshot-…/vectors.f32       the vectors, little-endian float32, in the order of meta.json's entries
 *   snapshot-…/meta.json         format, dimensions, checksums of the two files, ids, keys and payloads
 * A snapshot is written in full under a temporary name, renamed into place, and only then made
 * current, so a crash during a save leaves the previous snapshot in force.
 */

export interface EmbeddedVectorIndexOptions {
  dimensions: number;
  /** Persist here when set (`save()` and `close()`); `init()` reloads what is there. */
  directory?: string;
  /** A filtered search scans the passing vectors exactly when at most this many pass. Default 4096. */
  exactSearchThreshold?: number;
  /** … or when at most this fraction of the index passes. Default 0.05. */
  exactSearchFraction?: number;
  /** HNSW parameters (defaults: connectivity 16, expansion_add 200, expansion_search 128). */
  connectivity?: number;
  expansionAdd?: number;
  expansionSearch?: number;
}

/** The persisted directory cannot be read back: it is reported, never silently treated as empty. */
export class VectorStoreError extends Error {
  constructor(directory: string, problem: string) {
    super(`vector index store ${directory}: ${problem}. Delete the directory to rebuild the index from the database.`);
    this.name = 'VectorStoreError';
  }
}

interface Entry {
  id: string;
  key: bigint;
  payload: VectorPayload;
  vector: Float32Array;
  norm: number;
}

const FORMAT = 'gx-embedded-vector-index';
const FORMAT_VERSION = 1;
const CURRENT = 'CURRENT';
const SNAPSHOT_PREFIX = 'snapshot-';
const INDEX_FILE = 'index.usearch';
const VECTORS_FILE = 'vectors.f32';
const META_FILE = 'meta.json';

/** [id, key, topic, lang, shelf, draft_score] */
type MetaEntry = [string, string, string | null, string | null, string | null, number | null];

interface Meta {
  format: string;
  version: number;
  dimensions: number;
  metric: 'cos';
  count: number;
  nextKey: string;
  files: Record<'index' | 'vectors', { bytes: number; sha256: string }>;
  entries: MetaEntry[];
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

const byScoreThenId = (a: VectorHit, b: VectorHit) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function normOf(v: Float32Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!;
  return Math.sqrt(s);
}

export class EmbeddedVectorIndex implements VectorIndex {
  readonly kind = 'embedded';
  readonly dimensions: number;
  private readonly directory?: string;
  private readonly exactThreshold: number;
  private readonly exactFraction: number;
  private readonly hnsw: { connectivity: number; expansion_add: number; expansion_search: number };
  private index: Index;
  private byId = new Map<string, Entry>();
  private byKey = new Map<bigint, Entry>();
  private nextKey = 1n;
  private initialized = false;
  private closed = false;
  /** Whether memory holds changes the directory does not. */
  private dirty = true;
  private saving: Promise<void> = Promise.resolve();

  constructor(options: EmbeddedVectorIndexOptions) {
    if (!Number.isInteger(options.dimensions) || options.dimensions <= 0) throw new Error(`dimensions must be a positive integer, got ${options.dimensions}`);
    this.dimensions = options.dimensions;
    this.directory = options.directory;
    this.exactThreshold = options.exactSearchThreshold ?? 4096;
    this.exactFraction = options.exactSearchFraction ?? 0.05;
    this.hnsw = {
      connectivity: options.connectivity ?? 16,
      expansion_add: options.expansionAdd ?? 200,
      expansion_search: options.expansionSearch ?? 128,
    };
    this.index = this.newIndex();
  }

  private newIndex(): Index {
    return new Index({ dimensions: this.dimensions, metric: MetricKind.Cos, quantization: ScalarKind.F32, multi: false, ...this.hnsw });
  }

  async init(): Promise<void> {
    this.assertOpen();
    if (this.initialized) return;
    if (this.directory) await this.load(this.directory);
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
    this.dirty = true;
    const replaced = [...batch.keys()].map((id) => this.byId.get(id)).filter((e): e is Entry => e !== undefined);
    if (replaced.length > 0) this.dropEntries(replaced);

    const keys = new BigUint64Array(batch.size);
    const matrix = new Float32Array(batch.size * this.dimensions);
    let row = 0;
    for (const item of batch.values()) {
      // A copy of our own: the caller's array may be a view or be reused.
      const vector = Float32Array.from(item.vector);
      const entry: Entry = { id: item.id, key: this.nextKey++, payload: { ...item.payload }, vector, norm: normOf(vector) };
      keys[row] = entry.key;
      matrix.set(vector, row * this.dimensions);
      this.byId.set(entry.id, entry);
      this.byKey.set(entry.key, entry);
      row++;
    }
    this.index.add(keys, matrix);
  }

  async remove(ids: string[]): Promise<void> {
    this.assertOpen();
    const entries = [...new Set(ids)].map((id) => this.byId.get(id)).filter((e): e is Entry => e !== undefined);
    if (entries.length === 0) return;
    this.dirty = true;
    this.dropEntries(entries);
  }

  private dropEntries(entries: Entry[]): void {
    this.index.remove(BigUint64Array.from(entries.map((e) => e.key)));
    for (const e of entries) {
      this.byId.delete(e.id);
      this.byKey.delete(e.key);
    }
  }

  async search(vector: Float32Array, filter: VectorFilter, limit: number): Promise<VectorHit[]> {
    this.assertOpen();
    if (vector.length !== this.dimensions) throw new Error(`query vector has ${vector.length} dimensions, the index has ${this.dimensions}`);
    if (!Number.isInteger(limit) || limit < 0) throw new Error(`limit must be a non-negative integer, got ${limit}`);
    if (limit === 0 || this.byId.size === 0 || (filter.langs !== undefined && filter.langs.length === 0)) return [];
    const query = Float32Array.from(vector);
    const total = this.byId.size;
    const filtered = hasConditions(filter);

    if (!filtered) {
      return total <= this.exactThreshold ? this.exact(query, this.byId.values(), limit) : this.graph(query, null, total, limit);
    }
    const passing: Entry[] = [];
    for (const e of this.byId.values()) if (passesVectorFilter(e.payload, filter)) passing.push(e);
    if (passing.length === 0) return [];
    if (passing.length <= this.exactThreshold || passing.length <= this.exactFraction * total) return this.exact(query, passing, limit);
    const keys = new Set(passing.map((e) => e.key));
    return this.graph(query, keys, passing.length, limit);
  }

  /** Brute force over the given entries. */
  private exact(query: Float32Array, entries: Iterable<Entry>, limit: number): VectorHit[] {
    const qn = normOf(query);
    const hits: VectorHit[] = [];
    for (const e of entries) hits.push({ id: e.id, score: this.cosine(query, qn, e) });
    return hits.sort(byScoreThenId).slice(0, limit);
  }

  /** The HNSW graph, post-filtered by `allowed` (null: everything), widening until `limit` pass. */
  private graph(query: Float32Array, allowed: Set<bigint> | null, passingCount: number, limit: number): VectorHit[] {
    const total = this.byId.size;
    const want = Math.min(limit, passingCount);
    // Enough candidates that `want` should pass at the filter's selectivity, with some slack.
    let count = Math.min(total, Math.max(2 * limit, Math.ceil((want * total * 2) / passingCount) + 16));
    const qn = normOf(query);
    for (;;) {
      const matches = this.index.search(query, count, 0);
      const hits: VectorHit[] = [];
      for (let i = 0; i < matches.keys.length; i++) {
        const key = matches.keys[i]!;
        if (allowed && !allowed.has(key)) continue;
        const e = this.byKey.get(key);
        if (e) hits.push({ id: e.id, score: this.cosine(query, qn, e) });
      }
      if (hits.length >= want) return hits.sort(byScoreThenId).slice(0, limit);
      if (count >= total) {
        // The graph did not reach every passing item: scan them instead of returning too few.
        const rest = allowed ? [...allowed].map((k) => this.byKey.get(k)!).filter(Boolean) : this.byId.values();
        return this.exact(query, rest, limit);
      }
      count = Math.min(total, count * 2);
    }
  }

  private cosine(query: Float32Array, queryNorm: number, e: Entry): number {
    if (queryNorm === 0 || e.norm === 0) return 0;
    const v = e.vector;
    let dot = 0;
    for (let i = 0; i < v.length; i++) dot += query[i]! * v[i]!;
    return dot / (queryNorm * e.norm);
  }

  async count(): Promise<number> {
    this.assertOpen();
    return this.byId.size;
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  /** Persists the index (when a directory is set) and releases it. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.save();
    this.closed = true;
    this.byId = new Map();
    this.byKey = new Map();
    this.index = this.newIndex();
  }

  /** Writes a new snapshot under the directory and makes it current atomically; no-op without one or without changes. */
  async save(): Promise<void> {
    this.assertOpen();
    if (!this.directory || !this.dirty) return;
    const next = this.saving.then(() =>
      this.writeSnapshot(this.directory!).catch((err: unknown) => {
        this.dirty = true; // the directory may still hold the previous snapshot: save again next time
        throw err;
      }),
    );
    this.saving = next.catch(() => undefined);
    return next;
  }

  private async writeSnapshot(dir: string): Promise<void> {
    await fs.promises.mkdir(dir, { recursive: true });
    const name = `${SNAPSHOT_PREFIX}${Date.now()}-${randomBytes(4).toString('hex')}`;
    const tmp = path.join(dir, `${name}.tmp`);
    await fs.promises.mkdir(tmp);
    try {
      // Everything the snapshot holds is captured synchronously, so writes meanwhile cannot tear it.
      const entries = [...this.byId.values()];
      const vectors = Buffer.alloc(entries.length * this.dimensions * 4);
      entries.forEach((e, i) => {
        for (let j = 0; j < this.dimensions; j++) vectors.writeFloatLE(e.vector[j]!, (i * this.dimensions + j) * 4);
      });
      const nextKey = this.nextKey;
      this.index.save(path.join(tmp, INDEX_FILE));
      this.dirty = false;

      await writeDurably(path.join(tmp, VECTORS_FILE), vectors);
      await fsyncPath(path.join(tmp, INDEX_FILE));
      const indexBytes = await fs.promises.readFile(path.join(tmp, INDEX_FILE));
      const meta: Meta = {
        format: FORMAT,
        version: FORMAT_VERSION,
        dimensions: this.dimensions,
        metric: 'cos',
        count: entries.length,
        nextKey: nextKey.toString(),
        files: {
          index: { bytes: indexBytes.length, sha256: sha256(indexBytes) },
          vectors: { bytes: vectors.length, sha256: sha256(vectors) },
        },
        entries: entries.map((e) => [e.id, e.key.toString(), e.payload.topic, e.payload.lang, e.payload.shelf, e.payload.draft_score]),
      };
      await writeDurably(path.join(tmp, META_FILE), Buffer.from(JSON.stringify(meta)));
      await fs.promises.rename(tmp, path.join(dir, name));
    } catch (err) {
      await fs.promises.rm(tmp, { recursive: true, force: true });
      throw err;
    }
    await writeDurably(path.join(dir, `${CURRENT}.tmp`), Buffer.from(`${name}\n`));
    await fs.promises.rename(path.join(dir, `${CURRENT}.tmp`), path.join(dir, CURRENT));
    await fsyncPath(dir);
    // Older snapshots and abandoned temporaries are no longer needed.
    for (const other of await fs.promises.readdir(dir)) {
      if (other.startsWith(SNAPSHOT_PREFIX) && other !== name) await fs.promises.rm(path.join(dir, other), { recursive: true, force: true });
    }
  }

  private async load(dir: string): Promise<void> {
    let names: string[];
    try {
      names = await fs.promises.readdir(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // nothing persisted yet
      throw new VectorStoreError(dir, `cannot be read (${(err as Error).message})`);
    }
    if (!names.includes(CURRENT)) {
      const snapshots = names.filter((n) => n.startsWith(SNAPSHOT_PREFIX) && !n.endsWith('.tmp'));
      if (snapshots.length > 0) throw new VectorStoreError(dir, `holds ${snapshots.join(', ')} but no ${CURRENT} file naming the committed snapshot`);
      return; // empty, or only an abandoned first save
    }
    const name = (await fs.promises.readFile(path.join(dir, CURRENT), 'utf8')).trim();
    if (!name.startsWith(SNAPSHOT_PREFIX) || name.includes('/') || name.includes('\\')) {
      throw new VectorStoreError(dir, `${CURRENT} does not name a snapshot (${JSON.stringify(name.slice(0, 80))})`);
    }
    const snap = path.join(dir, name);
    const read = async (file: string) => {
      try {
        return await fs.promises.readFile(path.join(snap, file));
      } catch (err) {
        throw new VectorStoreError(dir, `${name}/${file} is missing or unreadable (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      }
    };
    const metaText = await read(META_FILE);
    let meta: Meta;
    try {
      meta = JSON.parse(metaText.toString('utf8')) as Meta;
    } catch (err) {
      throw new VectorStoreError(dir, `${name}/${META_FILE} is not valid JSON (${(err as Error).message}); the snapshot is partial or corrupt`);
    }
    if (meta?.format !== FORMAT || meta.version !== FORMAT_VERSION) {
      throw new VectorStoreError(dir, `${name}/${META_FILE} is not a version ${FORMAT_VERSION} ${FORMAT} snapshot`);
    }
    if (meta.dimensions !== this.dimensions) {
      throw new VectorStoreError(dir, `was built with ${meta.dimensions} dimensions, the index is configured for ${this.dimensions}`);
    }
    if (!Array.isArray(meta.entries) || meta.entries.length !== meta.count) {
      throw new VectorStoreError(dir, `${name}/${META_FILE} lists ${Array.isArray(meta.entries) ? meta.entries.length : 'no'} entries, expected ${meta.count}`);
    }
    const vectors = await read(VECTORS_FILE);
    const indexBytes = await read(INDEX_FILE);
    for (const [label, file, bytes] of [['vectors', VECTORS_FILE, vectors], ['index', INDEX_FILE, indexBytes]] as const) {
      const expected = meta.files?.[label];
      if (!expected || bytes.length !== expected.bytes || sha256(bytes) !== expected.sha256) {
        throw new VectorStoreError(dir, `${name}/${file} does not match its checksum in ${META_FILE} (${bytes.length} bytes, expected ${expected?.bytes}); the snapshot is corrupt`);
      }
    }
    if (vectors.length !== meta.count * this.dimensions * 4) {
      throw new VectorStoreError(dir, `${name}/${VECTORS_FILE} holds ${vectors.length} bytes, expected ${meta.count * this.dimensions * 4}`);
    }

    const index = this.newIndex();
    try {
      index.load(path.join(snap, INDEX_FILE));
    } catch (err) {
      throw new VectorStoreError(dir, `usearch cannot load ${name}/${INDEX_FILE} (${(err as Error).message})`);
    }
    if (index.size() !== meta.count || Number(index.dimensions()) !== this.dimensions) {
      throw new VectorStoreError(dir, `${name}/${INDEX_FILE} holds ${index.size()} vectors of ${index.dimensions()} dimensions, expected ${meta.count} of ${this.dimensions}`);
    }
    const byId = new Map<string, Entry>();
    const byKey = new Map<bigint, Entry>();
    meta.entries.forEach(([id, keyText, topic, lang, shelf, draftScore], i) => {
      const key = BigInt(keyText);
      if (byId.has(id) || byKey.has(key)) throw new VectorStoreError(dir, `${name}/${META_FILE} repeats id ${id} or key ${keyText}`);
      const vector = new Float32Array(this.dimensions);
      for (let j = 0; j < this.dimensions; j++) vector[j] = vectors.readFloatLE((i * this.dimensions + j) * 4);
      const entry: Entry = {
        id,
        key,
        payload: { topic, lang: lang as VectorPayload['lang'], shelf: shelf as VectorPayload['shelf'], draft_score: draftScore },
        vector,
        norm: normOf(vector),
      };
      byId.set(id, entry);
      byKey.set(key, entry);
    });
    this.index = index;
    this.byId = byId;
    this.byKey = byKey;
    this.nextKey = BigInt(meta.nextKey);
    this.dirty = false;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the embedded vector index is closed');
  }
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function writeDurably(file: string, bytes: Buffer): Promise<void> {
  const handle = await fs.promises.open(file, 'w');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function fsyncPath(p: string): Promise<void> {
  const handle = await fs.promises.open(p, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on directories; the rename is still atomic.
  } finally {
    await handle.close();
  }
}
