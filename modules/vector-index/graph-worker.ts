import os from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * The worker thread's program: it owns the usearch HNSW graph. usearch's calls are synchronous
 * native code on the thread that makes them (an `add` of a batch blocks its caller for as long as
 * the graph takes to link it in: 100–200 ms for 256 vectors at 300,000; a `save` or `load` for as
 * long as the file takes), so in the server's thread they stalled every request. Here they stall
 * only this thread. Plain JavaScript in a string, as `onnx-session.ts` does it: a worker needs a
 * file Node can run as it is, both from dist/ and from the TypeScript sources under the tests.
 *
 * One request at a time (the main thread sends the next once this one is answered): `add` (keys as
 * float64, vectors row after row), `remove`, `search` (keys of the nearest, as float64), `size`,
 * `save` (then fsync, then the file's checksum), `load` (only once the file's checksum is the one
 * expected), `checksum` of a file, `read` of a whole file with its checksum (handed over: read on
 * the server's thread a large file costs a turn of its event loop per 512 KB, each behind whatever
 * else waits there), and `legacyEntries` (the entries of a format 1 meta.json, parsed
 * here and handed back as JSON lines the main thread parses a few at a time).
 */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const zlib = require('node:zlib');
const crypto = require('node:crypto');
const { Index } = require(workerData.usearch);
const settings = workerData.index;
let index = new Index(settings);
const READ_CHUNK = 8 << 20;
const bigKeys = (keys) => BigUint64Array.from(keys, (k) => BigInt(k));

function checksum(file, algorithm) {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(READ_CHUNK);
    const hash = algorithm === 'sha256' ? crypto.createHash('sha256') : undefined;
    let crc = 0;
    let bytes = 0;
    for (;;) {
      const n = fs.readSync(fd, buffer, 0, READ_CHUNK, null);
      if (n === 0) break;
      bytes += n;
      if (hash) hash.update(buffer.subarray(0, n));
      else crc = zlib.crc32(buffer.subarray(0, n), crc);
    }
    return { bytes, digest: hash ? hash.digest('hex') : crc };
  } finally {
    fs.closeSync(fd);
  }
}

const ops = {
  add({ keys, vectors, threads }) {
    index.add(bigKeys(keys), vectors, threads);
  },
  remove({ keys }) {
    index.remove(bigKeys(keys));
  },
  search({ query, count }) {
    const found = index.search(query, count, 1);
    return Float64Array.from(found.keys, (k) => Number(k));
  },
  size() {
    return index.size();
  },
  save({ file, algorithm }) {
    index.save(file);
    const fd = fs.openSync(file, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return checksum(file, algorithm);
  },
  load({ file, algorithm, expected }) {
    const found = checksum(file, algorithm);
    if (found.bytes !== expected.bytes || found.digest !== expected.digest) return { loaded: false, found };
    const next = new Index(settings);
    next.load(file);
    index = next;
    return { loaded: true, size: Number(index.size()), dimensions: Number(index.dimensions()) };
  },
  checksum({ file, algorithm }) {
    return checksum(file, algorithm);
  },
  read({ file, algorithm, rowNorms }) {
    const fd = fs.openSync(file, 'r');
    let bytes;
    try {
      const size = fs.fstatSync(fd).size;
      bytes = new Uint8Array(new ArrayBuffer(size));
      for (let at = 0; at < size; ) {
        const n = fs.readSync(fd, bytes, at, size - at, at);
        if (n === 0) break;
        at += n;
      }
    } finally {
      fs.closeSync(fd);
    }
    const digest = algorithm === 'sha256' ? crypto.createHash('sha256').update(bytes).digest('hex') : zlib.crc32(bytes);
    const transfer = [bytes.buffer];
    let norms;
    if (rowNorms && bytes.length % (4 * rowNorms) === 0) {
      // The length of each row of float32s (the vectors file: one row a vector), as normOf computes it.
      const values = new Float32Array(bytes.buffer);
      norms = new Float64Array(values.length / rowNorms);
      for (let r = 0; r < norms.length; r++) {
        let sum = 0;
        for (let i = r * rowNorms, end = i + rowNorms; i < end; i++) sum += values[i] * values[i];
        norms[r] = Math.sqrt(sum);
      }
      transfer.push(norms.buffer);
    }
    return { bytes: bytes.length, digest, contents: bytes.buffer, norms, transfer };
  },
  legacyEntries({ file, perLine }) {
    const meta = JSON.parse(fs.readFileSync(file, 'utf8'));
    const entries = Array.isArray(meta && meta.entries) ? meta.entries : undefined;
    if (meta && typeof meta === 'object') delete meta.entries;
    const lines = [];
    if (entries) for (let i = 0; i < entries.length; i += perLine) lines.push(JSON.stringify(entries.slice(i, i + perLine)));
    return { meta, lines, entries: entries ? entries.length : -1 };
  },
};

parentPort.on('message', ({ id, op, args }) => {
  let answer;
  let transfer = [];
  try {
    const result = ops[op](args);
    if (result && result.transfer) {
      transfer = result.transfer;
      delete result.transfer;
    }
    answer = { id, result };
  } catch (err) {
    answer = { id, error: String((err && err.message) || err) };
  }
  parentPort.postMessage(answer, transfer);
});
`;

/** What the graph is made of (usearch's index settings). */
export interface GraphSettings {
  dimensions: number;
  metric: 'cos';
  quantization: 'f32' | 'f16';
  connectivity: number;
  expansion_add: number;
  expansion_search: number;
}

export type ChecksumAlgorithm = 'crc32' | 'sha256';

/** A file's length and checksum (a crc32 as a number, a sha256 as hex). */
export interface FileChecksum {
  bytes: number;
  digest: number | string;
}

export type GraphLoad = { loaded: true; size: number; dimensions: number } | { loaded: false; found: FileChecksum };

/**
 * Vectors given to the worker in one request: small enough that a search waiting behind it waits
 * for little (a few tens of ms at 300,000 vectors), large enough that each request keeps every
 * thread of `add` busy.
 */
const ADD_CHUNK = 64;

/**
 * Threads of each `add` (usearch links a batch's vectors in parallel): every core but the one the
 * server's event loop needs, so a build never takes the whole machine from the requests.
 */
export const ADD_THREADS = Math.max(1, os.availableParallelism() - 1);

/** A graph dropped without `close()` (a test's index, say) takes its worker with it once collected. */
const orphans = new FinalizationRegistry<Worker>((worker) => void worker.terminate());

interface Job {
  op: string;
  args: object;
  /** Buffers handed over with the request (the caller no longer uses them). */
  transfer: ArrayBuffer[];
  /** Searches go before waiting writes: someone waits for them, and they change nothing. */
  urgent: boolean;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

/**
 * The HNSW graph of the embedded vector index, in a worker thread of its own (see WORKER_SOURCE).
 * Writes and saves are sent in the order they were asked for (a save holds exactly the writes asked
 * before it); a search goes ahead of the writes still waiting (it may miss the vectors of a write
 * not yet linked in; the index checks every key it returns). The worker is started at first use,
 * and does not keep the process alive while it has nothing to do.
 */
export class GraphWorker {
  private worker?: Worker;
  private readonly queue: Job[] = [];
  private running?: { id: number; job: Job };
  private nextId = 1;
  private failure?: Error;
  private closed = false;

  constructor(
    private readonly settings: GraphSettings,
    /** Resolved path of usearch (the worker runs from a string: it has no module resolution of its own). */
    private readonly usearch = require.resolve('usearch'),
  ) {}

  /**
   * Links the vectors in under their keys (`vectors`: one row per key, or all rows one after the
   * other); resolves once all are in. Each request's rows are copied into an array of its own, which
   * is handed over to the worker rather than copied again.
   */
  add(keys: readonly number[], vectors: readonly Float32Array[] | Float32Array): Promise<void> {
    const d = this.settings.dimensions;
    const rows = ArrayBuffer.isView(vectors) ? undefined : vectors;
    const parts: Promise<unknown>[] = [];
    for (let i = 0; i < keys.length; i += ADD_CHUNK) {
      const n = Math.min(ADD_CHUNK, keys.length - i);
      let matrix: Float32Array;
      if (rows) {
        matrix = new Float32Array(n * d);
        for (let j = 0; j < n; j++) matrix.set(rows[i + j]!, j * d);
      } else matrix = (vectors as Float32Array).slice(i * d, (i + n) * d);
      const chunkKeys = Float64Array.from(keys.slice(i, i + n));
      parts.push(this.run('add', { keys: chunkKeys, vectors: matrix, threads: ADD_THREADS }, false, [matrix.buffer as ArrayBuffer, chunkKeys.buffer]));
    }
    return Promise.all(parts).then(() => undefined);
  }

  remove(keys: readonly number[]): Promise<void> {
    return keys.length === 0 ? Promise.resolve() : this.run('remove', { keys: Float64Array.from(keys) }).then(() => undefined);
  }

  /** The keys of the `count` nearest vectors, nearest first. */
  async search(query: Float32Array, count: number): Promise<number[]> {
    return Array.from((await this.run('search', { query, count }, true)) as Float64Array);
  }

  async size(): Promise<number> {
    return Number(await this.run('size', {}));
  }

  /** Writes the graph to `file` (usearch's format), fsynced; answers its length and checksum. */
  save(file: string, algorithm: ChecksumAlgorithm): Promise<FileChecksum> {
    return this.run('save', { file, algorithm }) as Promise<FileChecksum>;
  }

  /** Replaces the graph with the one in `file`, if the file is the one expected (else says what it is). */
  load(file: string, algorithm: ChecksumAlgorithm, expected: FileChecksum): Promise<GraphLoad> {
    return this.run('load', { file, algorithm, expected }) as Promise<GraphLoad>;
  }

  checksum(file: string, algorithm: ChecksumAlgorithm): Promise<FileChecksum> {
    return this.run('checksum', { file, algorithm }) as Promise<FileChecksum>;
  }

  /**
   * A whole file and its checksum, read by the worker; with `rowNorms` (a row's length), also the
   * euclidean length of each row of float32s in the host's byte order (the file must hold whole rows).
   */
  async read(file: string, algorithm: ChecksumAlgorithm, rowNorms?: number): Promise<FileChecksum & { contents: Buffer; norms?: Float64Array }> {
    const { bytes, digest, contents, norms } = (await this.run('read', { file, algorithm, rowNorms })) as FileChecksum & { contents: ArrayBuffer; norms?: Float64Array };
    return { bytes, digest, contents: Buffer.from(contents), norms };
  }

  /** A format 1 meta.json read in the worker: the rest of it, and its entries as JSON lines of `perLine` each (`entries`: their count, -1 when absent). */
  legacyEntries(file: string, perLine: number): Promise<{ meta: unknown; lines: string[]; entries: number }> {
    return this.run('legacyEntries', { file, perLine }) as Promise<{ meta: unknown; lines: string[]; entries: number }>;
  }

  /** Stops the worker (its graph goes with it); what still waits is refused. */
  async close(): Promise<void> {
    this.closed = true;
    this.fail(new Error('the vector graph was closed'));
    const worker = this.worker;
    this.worker = undefined;
    orphans.unregister(this);
    if (worker) await worker.terminate();
  }

  private run(op: string, args: object, urgent = false, transfer: ArrayBuffer[] = []): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('the vector graph is closed'));
      if (this.failure) return reject(this.failure);
      this.queue.push({ op, args, urgent, transfer, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.running || this.queue.length === 0) {
      if (!this.running) this.worker?.unref();
      return;
    }
    const worker = this.start();
    const at = this.queue.findIndex((j) => j.urgent);
    const [job] = this.queue.splice(at >= 0 ? at : 0, 1);
    const id = this.nextId++;
    this.running = { id, job: job! };
    worker.ref();
    worker.postMessage({ id, op: job!.op, args: job!.args }, job!.transfer);
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { usearch: this.usearch, index: this.settings } });
    // The worker's listeners hold this object weakly: one nobody holds any more can be collected, and its worker stopped.
    const self = new WeakRef(this);
    worker.on('message', (answer: { id: number; result?: unknown; error?: string }) => self.deref()?.answered(answer));
    const died = (message: string) => {
      const graph = self.deref();
      if (!graph || graph.worker !== worker) return;
      graph.worker = undefined;
      // The graph is gone with it: nothing this index holds could be searched or saved any more.
      if (!graph.closed) graph.fail(new Error(message));
    };
    worker.once('error', (err) => died(`the vector graph's worker failed: ${err.message}`));
    worker.once('exit', (code) => died(`the vector graph's worker stopped (exit code ${code})`));
    orphans.register(this, worker, this);
    this.worker = worker;
    return worker;
  }

  private answered(answer: { id: number; result?: unknown; error?: string }): void {
    const running = this.running;
    if (!running || running.id !== answer.id) return;
    this.running = undefined;
    if (answer.error !== undefined) running.job.reject(new Error(answer.error));
    else running.job.resolve(answer.result);
    this.pump();
  }

  private fail(err: Error): void {
    this.failure ??= err;
    const waiting = [...(this.running ? [this.running.job] : []), ...this.queue.splice(0)];
    this.running = undefined;
    for (const job of waiting) job.reject(err);
  }
}
