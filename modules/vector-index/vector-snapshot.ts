import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Index } from 'usearch';
import type { VectorPayload } from './vector-index.port';

/**
 * The embedded vector index on disk (`directory`):
 *   CURRENT                      the name of the committed snapshot (replaced atomically by rename)
 *   snapshot-…/index.usearch     the HNSW graph (usearch's own format)
 *   snapshot-…/vectors.f32       the vectors, little-endian float32, in the order of meta.json's entries
 *   snapshot-…/meta.json         format, dimensions, the graph's scalar kind, checksums of the two
 *                                files, ids, keys and payloads
 * A snapshot is written in full under a temporary name, renamed into place, and only then made
 * current, so a crash during a save leaves the previous snapshot in force; the temporary folder is
 * removed if the process exits during the save, and whatever a killed process left is removed when
 * the index next opens (`removeAbandonedSaves`). Reading checks the format, the dimensions and both
 * files' checksums: a damaged directory is reported, never half-loaded.
 */

/** One stored vector: `key` is its key in the HNSW graph (a safe integer, a bigint only for usearch). */
export interface VectorEntry {
  id: string;
  key: number;
  payload: VectorPayload;
  vector: Float32Array;
  norm: number;
}

/** The persisted directory cannot be read back: it is reported, never silently treated as empty. */
export class VectorStoreError extends Error {
  constructor(directory: string, problem: string) {
    super(`vector index store ${directory}: ${problem}. Delete the directory to rebuild the index from the database.`);
    this.name = 'VectorStoreError';
  }
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

/**
 * The scalar kind the HNSW graph keeps its own copies of the vectors in (usearch's quantization).
 * The vectors file is always float32: the graph only chooses candidates, scores come from those.
 */
export type GraphQuantization = 'f32' | 'f16';

interface Meta {
  format: string;
  version: number;
  dimensions: number;
  metric: 'cos';
  /** Absent in snapshots written before it was recorded: those graphs are f32. */
  quantization?: GraphQuantization;
  count: number;
  nextKey: string;
  files: Record<'index' | 'vectors', { bytes: number; sha256: string }>;
  entries: MetaEntry[];
}

/** What a save takes from the index, captured synchronously so writes meanwhile cannot tear it. */
export interface SnapshotContents {
  entries: readonly VectorEntry[];
  nextKey: number;
  index: Index;
  quantization: GraphQuantization;
}

export interface LoadedSnapshot {
  index: Index;
  entries: VectorEntry[];
  nextKey: number;
  /** The graph was built again (saved in another scalar kind): the next save must write it. */
  rebuilt: boolean;
}

export function normOf(v: Float32Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!;
  return Math.sqrt(s);
}

/** Temporary files and folders of the saves in progress in this process. */
const inProgress = new Set<string>();
let exitHookInstalled = false;

/**
 * Should the process exit while a save is in progress (a second Ctrl-C, process.exit elsewhere), its
 * temporary folder goes with it: nothing half-written is left under the directory.
 */
function removeOnExit(target: string): void {
  inProgress.add(target);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const t of inProgress) fs.rmSync(t, { recursive: true, force: true });
  });
}

/**
 * What a save that never finished left behind (the process was killed during it): temporary
 * folders and files, and snapshots older than the committed one when the crash came between the
 * commit and their removal. The committed snapshot and an unexplained directory are never touched.
 * Returns the names removed. One process owns a directory (as `writeSnapshot` assumes).
 */
/**
 * Whether `dir` can keep the snapshots: absent (made by the first save), or a directory this process
 * may write. Checked at start, so a store that could never be saved stops the start rather than
 * every checkpoint failing later.
 */
export async function checkSnapshotDir(dir: string): Promise<void> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new VectorStoreError(dir, `cannot be read (${(err as Error).message})`);
  }
  if (!stat.isDirectory()) throw new VectorStoreError(dir, 'is not a directory');
  try {
    await fs.promises.access(dir, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
  } catch (err) {
    throw new VectorStoreError(dir, `cannot be written (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

export async function removeAbandonedSaves(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return []; // nothing persisted yet
  }
  let current: string | undefined;
  try {
    current = (await fs.promises.readFile(path.join(dir, CURRENT), 'utf8')).trim();
  } catch {
    current = undefined;
  }
  const committed = current !== undefined && names.includes(current);
  const abandoned = names.filter(
    (n) => n === `${CURRENT}.tmp` || (n.startsWith(SNAPSHOT_PREFIX) && (n.endsWith('.tmp') || (committed && n !== current))),
  );
  for (const n of abandoned) await fs.promises.rm(path.join(dir, n), { recursive: true, force: true });
  return abandoned;
}

/**
 * Writes a new snapshot of what `capture` returns (called once, synchronously, before anything is
 * written) and makes it current; older snapshots are removed afterwards.
 */
export async function writeSnapshot(dir: string, dimensions: number, capture: () => SnapshotContents): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `${SNAPSHOT_PREFIX}${Date.now()}-${randomBytes(4).toString('hex')}`;
  const tmp = path.join(dir, `${name}.tmp`);
  const currentTmp = path.join(dir, `${CURRENT}.tmp`);
  removeOnExit(tmp);
  removeOnExit(currentTmp);
  try {
    await writeSnapshotFiles(dir, name, tmp, dimensions, capture);
  } finally {
    inProgress.delete(tmp);
    inProgress.delete(currentTmp);
  }
}

async function writeSnapshotFiles(dir: string, name: string, tmp: string, dimensions: number, capture: () => SnapshotContents): Promise<void> {
  await fs.promises.mkdir(tmp);
  try {
    const { entries, nextKey, index, quantization } = capture();
    const slab = new Float32Array(entries.length * dimensions);
    entries.forEach((e, i) => slab.set(e.vector, i * dimensions));
    const vectors = littleEndianBytes(slab);
    index.save(path.join(tmp, INDEX_FILE));

    await writeDurably(path.join(tmp, VECTORS_FILE), vectors);
    await fsyncPath(path.join(tmp, INDEX_FILE));
    const indexBytes = await fs.promises.readFile(path.join(tmp, INDEX_FILE));
    const meta: Meta = {
      format: FORMAT,
      version: FORMAT_VERSION,
      dimensions,
      metric: 'cos',
      quantization,
      count: entries.length,
      nextKey: String(nextKey),
      files: {
        index: { bytes: indexBytes.length, sha256: sha256(indexBytes) },
        vectors: { bytes: vectors.length, sha256: sha256(vectors) },
      },
      entries: entries.map((e) => [e.id, String(e.key), e.payload.topic, e.payload.lang, e.payload.shelf, e.payload.draft_score]),
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

/**
 * The committed snapshot under `dir`, or undefined when nothing was ever committed there. A graph
 * saved in another scalar kind than `newIndex` makes (`quantization`) is built again from the
 * vectors file rather than loaded: an upgrade costs one graph build, never a re-embedding.
 */
export async function readSnapshot(dir: string, dimensions: number, newIndex: () => Index, quantization: GraphQuantization): Promise<LoadedSnapshot | undefined> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // nothing persisted yet
    throw new VectorStoreError(dir, `cannot be read (${(err as Error).message})`);
  }
  if (!names.includes(CURRENT)) {
    const snapshots = names.filter((n) => n.startsWith(SNAPSHOT_PREFIX) && !n.endsWith('.tmp'));
    if (snapshots.length > 0) throw new VectorStoreError(dir, `holds ${snapshots.join(', ')} but no ${CURRENT} file naming the committed snapshot`);
    return undefined; // empty, or only an abandoned first save
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
  let meta: Meta;
  try {
    meta = JSON.parse((await read(META_FILE)).toString('utf8')) as Meta;
  } catch (err) {
    if (err instanceof VectorStoreError) throw err;
    throw new VectorStoreError(dir, `${name}/${META_FILE} is not valid JSON (${(err as Error).message}); the snapshot is partial or corrupt`);
  }
  if (meta?.format !== FORMAT || meta.version !== FORMAT_VERSION) {
    throw new VectorStoreError(dir, `${name}/${META_FILE} is not a version ${FORMAT_VERSION} ${FORMAT} snapshot`);
  }
  if (meta.dimensions !== dimensions) {
    throw new VectorStoreError(dir, `was built with ${meta.dimensions} dimensions, the index is configured for ${dimensions}`);
  }
  if (!Array.isArray(meta.entries) || meta.entries.length !== meta.count) {
    throw new VectorStoreError(dir, `${name}/${META_FILE} lists ${Array.isArray(meta.entries) ? meta.entries.length : 'no'} entries, expected ${meta.count}`);
  }
  const [vectors, indexBytes] = await Promise.all([read(VECTORS_FILE), read(INDEX_FILE)]);
  for (const [label, file, bytes] of [['vectors', VECTORS_FILE, vectors], ['index', INDEX_FILE, indexBytes]] as const) {
    const expected = meta.files?.[label];
    if (!expected || bytes.length !== expected.bytes || sha256(bytes) !== expected.sha256) {
      throw new VectorStoreError(dir, `${name}/${file} does not match its checksum in ${META_FILE} (${bytes.length} bytes, expected ${expected?.bytes}); the snapshot is corrupt`);
    }
  }
  if (vectors.length !== meta.count * dimensions * 4) {
    throw new VectorStoreError(dir, `${name}/${VECTORS_FILE} holds ${vectors.length} bytes, expected ${meta.count * dimensions * 4}`);
  }

  // One slab for every vector; each entry holds a view of its row.
  const slab = float32sOf(vectors);
  const index = newIndex();
  const rebuilt = (meta.quantization ?? 'f32') !== quantization;
  if (!rebuilt) {
    try {
      index.load(path.join(snap, INDEX_FILE));
    } catch (err) {
      throw new VectorStoreError(dir, `usearch cannot load ${name}/${INDEX_FILE} (${(err as Error).message})`);
    }
  } else if (meta.count > 0) {
    index.add(
      BigUint64Array.from(meta.entries, (e) => BigInt(e[1])),
      slab,
    );
  }
  if (index.size() !== meta.count || Number(index.dimensions()) !== dimensions) {
    throw new VectorStoreError(dir, `${name}/${INDEX_FILE} holds ${index.size()} vectors of ${index.dimensions()} dimensions, expected ${meta.count} of ${dimensions}`);
  }
  const ids = new Set<string>();
  const keys = new Set<number>();
  const entries = meta.entries.map(([id, keyText, topic, lang, shelf, draftScore], i): VectorEntry => {
    const key = Number(keyText);
    if (ids.has(id) || keys.has(key) || !Number.isSafeInteger(key)) throw new VectorStoreError(dir, `${name}/${META_FILE} repeats id ${id} or key ${keyText}, or the key is not an integer`);
    ids.add(id);
    keys.add(key);
    const vector = slab.subarray(i * dimensions, (i + 1) * dimensions);
    return { id, key, payload: { topic, lang: lang as VectorPayload['lang'], shelf: shelf as VectorPayload['shelf'], draft_score: draftScore }, vector, norm: normOf(vector) };
  });
  return { index, entries, nextKey: Number(meta.nextKey), rebuilt };
}

const LITTLE_ENDIAN = os.endianness() === 'LE';

function littleEndianBytes(slab: Float32Array): Buffer {
  if (LITTLE_ENDIAN) return Buffer.from(slab.buffer, slab.byteOffset, slab.byteLength);
  const out = Buffer.alloc(slab.length * 4);
  slab.forEach((v, i) => out.writeFloatLE(v, i * 4));
  return out;
}

function float32sOf(bytes: Buffer): Float32Array {
  // A file read whole has a buffer of its own, usually aligned: view it rather than copy 4 KB per vector.
  if (LITTLE_ENDIAN && bytes.byteOffset % 4 === 0) return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  const out = new Float32Array(bytes.length / 4);
  if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(bytes);
  else for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4);
  return out;
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
