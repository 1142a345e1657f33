import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { crc32 } from 'node:zlib';
import type { ChecksumAlgorithm, FileChecksum, GraphWorker } from './graph-worker';
import type { VectorPayload } from './vector-index.port';

/**
 * The embedded vector index on disk (`directory`):
 *   CURRENT                      the name of the committed snapshot (replaced atomically by rename)
 *   snapshot-…/index.usearch     the HNSW graph (usearch's own format)
 *   snapshot-…/vectors.f32       the vectors, little-endian float32, in the order of the entries
 *   snapshot-…/entries.jsonl     ids, keys and payloads: one JSON array of up to 2,048 entries a line
 *   snapshot-…/meta.json         format, dimensions, the graph's scalar kind, the count, and the
 *                                length and CRC-32 of each of the three files
 * A snapshot is written in full under a temporary name, renamed into place, and only then made
 * current, so a crash during a save leaves the previous snapshot in force; the temporary folder is
 * removed if the process exits during the save, and whatever a killed process left is removed when
 * the index next opens (`removeAbandonedSaves`). Reading checks the format, the dimensions and every
 * file's length and checksum: a damaged directory is reported, never half-loaded.
 *
 * Neither a save nor a read holds the event loop for long (issue 30): the graph is written, read and
 * checked by its worker thread (`graph-worker.ts`), which also reads the vectors and entries files
 * whole with their checksums; this thread writes them a slice at a time (4 MB of vectors, 2,048
 * entries) and turns the entries into its store a line per turn of the event loop. The
 * checksums are CRC-32 (2.5 GB/s here, against 180 MB/s for SHA-256): they are there to find a
 * damaged or partial file, not tampering. Format 1 (SHA-256, the entries inside meta.json) is still
 * read, its meta.json parsed in the worker; the next save writes format 2.
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
const FORMAT_VERSION = 2;
const CURRENT = 'CURRENT';
const SNAPSHOT_PREFIX = 'snapshot-';
const INDEX_FILE = 'index.usearch';
const VECTORS_FILE = 'vectors.f32';
const ENTRIES_FILE = 'entries.jsonl';
const META_FILE = 'meta.json';
/** Entries a line of entries.jsonl: one line is parsed (and its vectors' norms computed) per turn of the event loop. */
const ENTRIES_PER_LINE = 2_048;
/** Vectors copied out and written at a time (4 MB at 1,024 dimensions). */
const VECTORS_PER_WRITE = 1_024;
/** Reading the entries lets other work through once it has run this long (ms). */
const TURN_MS = 8;
/** A meta.json larger than this holds its entries (format 1): it is parsed in the graph's worker. */
const SMALL_META_BYTES = 1 << 20;

/** [id, key, topic, lang, shelf, draft_score] */
type MetaEntry = [string, string, string | null, string | null, string | null, number | null];

/**
 * The scalar kind the HNSW graph keeps its own copies of the vectors in (usearch's quantization).
 * The vectors file is always float32: the graph only chooses candidates, scores come from those.
 */
export type GraphQuantization = 'f32' | 'f16';

interface FileSum {
  bytes: number;
  /** Format 2. */
  crc32?: number;
  /** Format 1. */
  sha256?: string;
}

interface Meta {
  format: string;
  version: number;
  dimensions: number;
  metric: 'cos';
  /** Absent in snapshots written before it was recorded: those graphs are f32. */
  quantization?: GraphQuantization;
  count: number;
  nextKey: string;
  files: { index: FileSum; vectors: FileSum; entries?: FileSum };
  /** Format 1 only (format 2 keeps them in entries.jsonl). */
  entries?: MetaEntry[];
}

/** What a save takes from the index, captured synchronously so writes meanwhile cannot tear it. */
export interface SnapshotContents {
  entries: readonly VectorEntry[];
  nextKey: number;
  /** Its save is asked for in the turn of the capture, so it holds exactly the writes made before it. */
  graph: GraphWorker;
  quantization: GraphQuantization;
}

export interface LoadedSnapshot {
  /** The graph is in the worker given to `readSnapshot`. */
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
    // The graph's worker may still be writing its file there: retried if the folder gains an entry meanwhile.
    for (const t of inProgress) fs.rmSync(t, { recursive: true, force: true, maxRetries: 3 });
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
  let graphSaved: Promise<FileChecksum> | undefined;
  try {
    const { entries, nextKey, graph, quantization } = capture();
    // In this same turn: the worker saves the graph as the writes asked so far left it, while this
    // thread writes the vectors and entries it captured.
    graphSaved = graph.save(path.join(tmp, INDEX_FILE), 'crc32');
    const vectors = await writeVectors(path.join(tmp, VECTORS_FILE), entries, dimensions);
    const entryLines = await writeEntries(path.join(tmp, ENTRIES_FILE), entries);
    const index = await graphSaved;
    const meta: Meta = {
      format: FORMAT,
      version: FORMAT_VERSION,
      dimensions,
      metric: 'cos',
      quantization,
      count: entries.length,
      nextKey: String(nextKey),
      files: { index: { bytes: index.bytes, crc32: index.digest as number }, vectors, entries: entryLines },
    };
    await writeDurably(path.join(tmp, META_FILE), Buffer.from(JSON.stringify(meta)));
    await fs.promises.rename(tmp, path.join(dir, name));
  } catch (err) {
    // The graph's save may still be writing into the folder: it goes once that is done.
    await graphSaved?.catch(() => undefined);
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

/** The vectors of `entries` in their order, a slice at a time; answers the file's length and CRC-32. */
function writeVectors(file: string, entries: readonly VectorEntry[], dimensions: number): Promise<FileSum> {
  return writeSummed(file, function* () {
    for (let i = 0; i < entries.length; i += VECTORS_PER_WRITE) {
      const part = entries.slice(i, i + VECTORS_PER_WRITE);
      const slab = new Float32Array(part.length * dimensions);
      part.forEach((e, j) => slab.set(e.vector, j * dimensions));
      yield littleEndianBytes(slab);
    }
  });
}

/** Ids, keys and payloads, ENTRIES_PER_LINE a line; answers the file's length and CRC-32. */
function writeEntries(file: string, entries: readonly VectorEntry[]): Promise<FileSum> {
  return writeSummed(file, function* () {
    for (let i = 0; i < entries.length; i += ENTRIES_PER_LINE) {
      const line = entries.slice(i, i + ENTRIES_PER_LINE).map((e): MetaEntry => [e.id, String(e.key), e.payload.topic, e.payload.lang, e.payload.shelf, e.payload.draft_score]);
      yield Buffer.from(`${JSON.stringify(line)}\n`);
    }
  });
}

/** Writes the chunks one at a time (each made only when the previous is written), synced; answers the file's length and CRC-32. */
async function writeSummed(file: string, chunks: () => Iterable<Buffer>): Promise<FileSum> {
  const handle = await fs.promises.open(file, 'w');
  try {
    let crc = 0;
    let bytes = 0;
    for (const chunk of chunks()) {
      crc = crc32(chunk, crc);
      bytes += chunk.length;
      await writeAll(handle, chunk);
    }
    await handle.sync();
    return { bytes, crc32: crc };
  } finally {
    await handle.close();
  }
}

async function writeAll(handle: fs.promises.FileHandle, chunk: Buffer): Promise<void> {
  for (let at = 0; at < chunk.length; ) at += (await handle.write(chunk, at, chunk.length - at)).bytesWritten;
}

/**
 * The committed snapshot under `dir`, or undefined when nothing was ever committed there; its graph
 * is loaded into `graph` (a fresh one). A graph saved in another scalar kind than `graph` makes
 * (`quantization`) is built again from the vectors file rather than loaded: an upgrade costs one
 * graph build, never a re-embedding.
 */
export async function readSnapshot(dir: string, dimensions: number, graph: GraphWorker, quantization: GraphQuantization): Promise<LoadedSnapshot | undefined> {
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
  const problem = (file: string, err: unknown) =>
    new VectorStoreError(dir, `${name}/${file} is missing or unreadable (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);

  const { meta, legacyLines } = await readMeta(dir, name, snap, graph, problem);
  // Read (and checksummed) by the graph's worker: one turn of the event loop for a whole file.
  const read = async (file: string, rowNorms?: number) => {
    try {
      return await graph.read(path.join(snap, file), meta.version === 1 ? 'sha256' : 'crc32', rowNorms);
    } catch (err) {
      throw problem(file, err);
    }
  };
  if (meta?.format !== FORMAT || (meta.version !== 1 && meta.version !== FORMAT_VERSION)) {
    throw new VectorStoreError(dir, `${name}/${META_FILE} is not a version ${FORMAT_VERSION} (or 1) ${FORMAT} snapshot`);
  }
  if (meta.dimensions !== dimensions) {
    throw new VectorStoreError(dir, `was built with ${meta.dimensions} dimensions, the index is configured for ${dimensions}`);
  }
  const algorithm: ChecksumAlgorithm = meta.version === 1 ? 'sha256' : 'crc32';
  const expected = (label: 'index' | 'vectors' | 'entries', file: string): FileChecksum => {
    const sum = meta.files?.[label];
    const digest = algorithm === 'sha256' ? sum?.sha256 : sum?.crc32;
    if (!sum || !Number.isSafeInteger(sum.bytes) || digest === undefined) throw new VectorStoreError(dir, `${name}/${META_FILE} gives no length and checksum of ${file}`);
    return { bytes: sum.bytes, digest };
  };
  const mismatch = (file: string, bytes: number, want: FileChecksum) =>
    new VectorStoreError(dir, `${name}/${file} does not match its checksum in ${META_FILE} (${bytes} bytes, expected ${want.bytes}); the snapshot is corrupt`);
  const check = (file: string, found: FileChecksum, want: FileChecksum) => {
    if (found.bytes !== want.bytes || found.digest !== want.digest) throw mismatch(file, found.bytes, want);
  };

  // The entries: format 2 in their file, format 1 inside meta.json (as lines from the worker, or the small meta parsed here).
  let lines: Iterable<string | MetaEntry[]>;
  if (meta.version === 1) {
    const inline = Array.isArray(meta.entries) ? meta.entries : undefined;
    lines = legacyLines ?? (inline ? slices(inline, ENTRIES_PER_LINE) : []);
    const listed = legacyLines ? meta.count : inline?.length;
    if (!legacyLines && listed !== meta.count) {
      throw new VectorStoreError(dir, `${name}/${META_FILE} lists ${inline ? inline.length : 'no'} entries, expected ${meta.count}`);
    }
  } else {
    const want = expected('entries', ENTRIES_FILE);
    const file = await read(ENTRIES_FILE);
    check(ENTRIES_FILE, file, want);
    lines = textLines(file.contents);
  }
  const vectorsWanted = expected('vectors', VECTORS_FILE);
  const indexWanted = expected('index', INDEX_FILE);
  // The worker works out the vectors' norms too (the file is little-endian: where the host is).
  const vectorsFile = await read(VECTORS_FILE, LITTLE_ENDIAN ? dimensions : undefined);
  check(VECTORS_FILE, vectorsFile, vectorsWanted);
  const vectors = vectorsFile.contents;
  if (vectors.length !== meta.count * dimensions * 4) {
    throw new VectorStoreError(dir, `${name}/${VECTORS_FILE} holds ${vectors.length} bytes, expected ${meta.count * dimensions * 4}`);
  }

  // One slab for every vector; each entry holds a view of its row.
  const slab = float32sOf(vectors);
  const entries = await entriesOf(lines, slab, vectorsFile.norms, dimensions, (what) => new VectorStoreError(dir, `${name}/${meta.version === 1 ? META_FILE : ENTRIES_FILE} ${what}`));
  if (entries.length !== meta.count) {
    throw new VectorStoreError(dir, `${name}/${meta.version === 1 ? META_FILE : ENTRIES_FILE} lists ${entries.length} entries, expected ${meta.count}`);
  }

  const rebuilt = (meta.quantization ?? 'f32') !== quantization;
  if (!rebuilt) {
    try {
      await fs.promises.access(path.join(snap, INDEX_FILE), fs.constants.R_OK);
    } catch (err) {
      throw problem(INDEX_FILE, err);
    }
    let loaded;
    try {
      loaded = await graph.load(path.join(snap, INDEX_FILE), algorithm, indexWanted);
    } catch (err) {
      throw new VectorStoreError(dir, `usearch cannot load ${name}/${INDEX_FILE} (${(err as Error).message})`);
    }
    if (!loaded.loaded) throw mismatch(INDEX_FILE, loaded.found.bytes, indexWanted);
    if (loaded.size !== meta.count || loaded.dimensions !== dimensions) {
      throw new VectorStoreError(dir, `${name}/${INDEX_FILE} holds ${loaded.size} vectors of ${loaded.dimensions} dimensions, expected ${meta.count} of ${dimensions}`);
    }
  } else if (entries.length > 0) {
    // The graph is linked again in the worker, from the vectors read (their rows are in entry order).
    await graph.add(
      entries.map((e) => e.key),
      slab,
    );
  }
  return { entries, nextKey: Number(meta.nextKey), rebuilt };
}

/** meta.json: a small one (format 2, or a test's format 1) parsed here, a large one (format 1 with its entries) in the worker. */
async function readMeta(
  dir: string,
  name: string,
  snap: string,
  graph: GraphWorker,
  problem: (file: string, err: unknown) => VectorStoreError,
): Promise<{ meta: Meta; legacyLines?: string[] }> {
  const file = path.join(snap, META_FILE);
  let bytes: number;
  try {
    bytes = (await fs.promises.stat(file)).size;
  } catch (err) {
    throw problem(META_FILE, err);
  }
  const invalid = (err: unknown) =>
    new VectorStoreError(dir, `${name}/${META_FILE} is not valid JSON (${(err as Error).message}); the snapshot is partial or corrupt`);
  if (bytes <= SMALL_META_BYTES) {
    let text: string;
    try {
      text = await fs.promises.readFile(file, 'utf8');
    } catch (err) {
      throw problem(META_FILE, err);
    }
    try {
      return { meta: JSON.parse(text) as Meta };
    } catch (err) {
      throw invalid(err);
    }
  }
  let parsed: { meta: unknown; lines: string[]; entries: number };
  try {
    parsed = await graph.legacyEntries(file, ENTRIES_PER_LINE);
  } catch (err) {
    throw invalid(err);
  }
  const meta = parsed.meta as Meta;
  if (parsed.entries >= 0 && meta && typeof meta === 'object' && parsed.entries !== meta.count) {
    throw new VectorStoreError(dir, `${name}/${META_FILE} lists ${parsed.entries} entries, expected ${meta.count}`);
  }
  return { meta, legacyLines: parsed.entries >= 0 ? parsed.lines : undefined };
}

/**
 * The entries of the lines given (JSON text, or arrays already parsed), each with a view of its row
 * of `slab` and its norm (from `norms` when given), letting other work through every few ms.
 * `invalid` makes the error of a malformed line.
 */
async function entriesOf(
  lines: Iterable<string | MetaEntry[]>,
  slab: Float32Array,
  norms: Float64Array | undefined,
  dimensions: number,
  invalid: (what: string) => Error,
): Promise<VectorEntry[]> {
  const entries: VectorEntry[] = [];
  const ids = new Set<string>();
  const keys = new Set<number>();
  let turn = performance.now();
  for (const line of lines) {
    if (performance.now() - turn >= TURN_MS) {
      await nextTurn();
      turn = performance.now();
    }
    let part: MetaEntry[];
    try {
      part = typeof line === 'string' ? (JSON.parse(line) as MetaEntry[]) : line;
    } catch (err) {
      throw invalid(`holds a line that is not valid JSON (${(err as Error).message}); the snapshot is partial or corrupt`);
    }
    if (!Array.isArray(part)) throw invalid('holds a line that is not a list of entries');
    for (const entry of part) {
      if (!Array.isArray(entry)) throw invalid('holds an entry that is not a list');
      const [id, keyText, topic, lang, shelf, draftScore] = entry;
      const key = Number(keyText);
      if (typeof id !== 'string' || ids.has(id) || keys.has(key) || !Number.isSafeInteger(key)) throw invalid(`repeats id ${id} or key ${keyText}, or the key is not an integer`);
      ids.add(id);
      keys.add(key);
      const i = entries.length;
      if ((i + 1) * dimensions > slab.length) throw invalid(`lists more entries than ${VECTORS_FILE} holds vectors`);
      const vector = slab.subarray(i * dimensions, (i + 1) * dimensions);
      const payload = { topic, lang: lang as VectorPayload['lang'], shelf: shelf as VectorPayload['shelf'], draft_score: draftScore };
      entries.push({ id, key, payload, vector, norm: norms ? norms[i]! : normOf(vector) });
    }
  }
  return entries;
}

/** The lines of a text file's bytes (the last one may lack its newline). */
function* textLines(bytes: Buffer): Generator<string> {
  for (let at = 0; at < bytes.length; ) {
    const end = bytes.indexOf(10, at);
    const stop = end < 0 ? bytes.length : end;
    if (stop > at) yield bytes.toString('utf8', at, stop);
    at = stop + 1;
  }
}

function* slices<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
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
