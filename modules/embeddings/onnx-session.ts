import { SHARE_ENV, Worker } from 'node:worker_threads';
import type { EncodedBatch } from './onnx-tokenizer';

/**
 * The worker thread's program. onnxruntime-node runs a model synchronously on the thread that
 * calls it (its `run` is a blocking native call behind a promise), so in the server's thread one
 * indexing batch would stall every request. In a worker the server stays responsive and a
 * query's budget is a real timer. It is plain JavaScript in a string because a worker needs a file
 * Node can run as it is, both from dist/ and from the TypeScript sources under the tests.
 *
 * It loads the session, then answers one batch at a time with mean-pooled (over the attention
 * mask), L2-normalised vectors.
 *
 * ONNX Runtime 1.29 and later send usage telemetry to Microsoft from Linux by default (a device id
 * file in TMPDIR, then uploads); ORT_DISABLE_TELEMETRY=1 before it initialises turns all of it off.
 * Native code reads the process's real environment, which a worker shares only with SHARE_ENV.
 */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
process.env.ORT_DISABLE_TELEMETRY = '1';
const ort = require(workerData.runtime);
let session;
ort.InferenceSession.create(workerData.model, { logSeverityLevel: 3 }).then(
  (s) => {
    session = s;
    parentPort.postMessage({ type: 'ready', inputs: s.inputNames, outputs: s.outputMetadata.map((m) => ({ name: m.name, type: m.type, shape: m.shape })) });
  },
  (err) => parentPort.postMessage({ type: 'failed', message: String((err && err.message) || err) }),
);
parentPort.on('message', async ({ id, batch, length, feeds, mask, output }) => {
  try {
    const inputs = {};
    for (const [name, data] of Object.entries(feeds)) inputs[name] = new ort.Tensor('int64', data, [batch, length]);
    const result = await session.run(inputs, [output]);
    const out = result[output];
    const [b, s, hidden] = out.dims;
    if (out.type !== 'float32' || out.dims.length !== 3 || b !== batch || s !== length) {
      throw new Error('output ' + output + ' is ' + out.type + ' [' + out.dims.join(', ') + '], expected float32 [' + batch + ', ' + length + ', hidden]');
    }
    const data = out.data;
    const vectors = new Float32Array(batch * hidden);
    for (let i = 0; i < batch; i++) {
      const v = vectors.subarray(i * hidden, (i + 1) * hidden);
      let tokens = 0;
      for (let j = 0; j < length; j++) {
        if (mask[i * length + j] === 0n) continue;
        tokens++;
        const row = (i * length + j) * hidden;
        for (let k = 0; k < hidden; k++) v[k] += data[row + k];
      }
      let norm = 0;
      for (let k = 0; k < hidden; k++) norm += (v[k] / tokens) ** 2;
      const scale = norm > 0 && Number.isFinite(norm) ? 1 / (tokens * Math.sqrt(norm)) : 0;
      for (let k = 0; k < hidden; k++) v[k] *= scale;
    }
    parentPort.postMessage({ id, vectors, hidden }, [vectors.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

/** What the loaded graph takes and gives. */
export interface SessionInfo {
  inputs: string[];
  outputs: { name: string; type: string; shape: (number | string)[] }[];
}

/** Why a batch was not embedded: `timeout` (its time ran out; the worker may still be busy with it) or `failed`. */
export class SessionError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'failed' | 'closed',
  ) {
    super(message);
    this.name = 'SessionError';
  }
}

export interface RunOptions {
  /** Inputs the graph declares (`input_ids`, `attention_mask`, `token_type_ids`). */
  inputs: string[];
  output: string;
  /** Queries go before any waiting passage batch: someone waits for them. */
  priority: 'query' | 'passage';
  /** Aborted: the batch is dropped if it has not started, and its answer ignored if it has. */
  signal?: AbortSignal;
  /** Longest time the worker may take once it has started the batch. */
  runTimeoutMs?: number;
}

interface Job {
  id: number;
  batch: EncodedBatch;
  options: RunOptions;
  resolve(vectors: Float32Array[]): void;
  reject(err: Error): void;
  settled: boolean;
}

/**
 * One ONNX Runtime session in a worker thread, fed one batch at a time from a queue here (queries
 * first). A caller that gives up (its signal, its run timeout) is answered at once; the worker
 * finishes the batch it is on, and only then is given the next, so a slow batch never piles more
 * work on the worker. A worker that dies fails what it held and is started again for the next batch.
 */
export class OnnxSession {
  private worker?: Worker;
  private loading?: Promise<SessionInfo>;
  private readonly queue: Job[] = [];
  private running?: Job;
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly modelFile: string,
    /** Resolved path of onnxruntime-node (the worker has no module resolution of its own: it runs from a string). */
    private readonly runtime = require.resolve('onnxruntime-node'),
  ) {}

  /** Starts the worker and loads the model; rejects with ONNX Runtime's reason when it cannot. */
  load(): Promise<SessionInfo> {
    if (this.closed) return Promise.reject(new SessionError('the model session is closed', 'closed'));
    this.loading ??= new Promise<SessionInfo>((resolve, reject) => {
      const worker = new Worker(WORKER_SOURCE, { eval: true, env: SHARE_ENV, workerData: { runtime: this.runtime, model: this.modelFile } });
      this.worker = worker;
      worker.once('message', (msg: { type: 'ready'; inputs: string[]; outputs: SessionInfo['outputs'] } | { type: 'failed'; message: string }) => {
        if (msg.type === 'failed') {
          this.stopWorker(worker);
          reject(new SessionError(msg.message, 'failed'));
          return;
        }
        worker.on('message', (answer: { id: number; vectors?: Float32Array; hidden?: number; error?: string }) => this.answered(answer));
        resolve({ inputs: msg.inputs, outputs: msg.outputs });
        this.pump();
      });
      worker.once('error', (err) => this.died(worker, `the model worker failed: ${err.message}`, reject));
      worker.once('exit', (code) => this.died(worker, `the model worker stopped (exit code ${code})`, reject));
    });
    return this.loading;
  }

  /** Mean-pooled, L2-normalised vectors of the batch, in its order. */
  run(batch: EncodedBatch, options: RunOptions): Promise<Float32Array[]> {
    return new Promise<Float32Array[]>((resolve, reject) => {
      if (this.closed) return reject(new SessionError('the model session is closed', 'closed'));
      const job: Job = { id: this.nextId++, batch, options, resolve, reject, settled: false };
      const { signal } = options;
      if (signal?.aborted) return reject(new SessionError(String(signal.reason ?? 'aborted'), 'timeout'));
      signal?.addEventListener('abort', () => this.settle(job, new SessionError(String(signal.reason ?? 'aborted'), 'timeout')), { once: true });
      this.queue.push(job);
      this.load().then(
        () => this.pump(),
        (err: Error) => this.settle(job, err),
      );
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of [...this.queue.splice(0), ...(this.running ? [this.running] : [])]) this.settle(job, new SessionError('the model session was closed', 'closed'));
    this.running = undefined;
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private pump(): void {
    if (this.running || !this.worker || this.closed) return;
    const pending = this.queue.filter((j) => !j.settled);
    this.queue.length = 0;
    this.queue.push(...pending);
    const next = pending.find((j) => j.options.priority === 'query') ?? pending[0];
    if (!next) return;
    this.queue.splice(this.queue.indexOf(next), 1);
    this.running = next;
    const { batch, options } = next;
    const available: Record<string, BigInt64Array> = { input_ids: batch.inputIds, attention_mask: batch.attentionMask, token_type_ids: batch.tokenTypeIds };
    const feeds = Object.fromEntries(options.inputs.map((name) => [name, available[name]!]));
    if (options.runTimeoutMs !== undefined) {
      const timer = setTimeout(() => this.settle(next, new SessionError(`took longer than ${options.runTimeoutMs} ms`, 'timeout')), options.runTimeoutMs);
      const clear = () => clearTimeout(timer);
      next.resolve = chain(next.resolve, clear);
      next.reject = chain(next.reject, clear);
    }
    // The mask goes apart from the feeds: the worker pools over it even when the graph does not take it.
    this.worker.postMessage({ id: next.id, batch: batch.batch, length: batch.length, feeds, mask: batch.attentionMask, output: options.output });
  }

  private answered(answer: { id: number; vectors?: Float32Array; hidden?: number; error?: string }): void {
    const job = this.running;
    if (!job || job.id !== answer.id) return;
    this.running = undefined;
    if (answer.error !== undefined) this.settle(job, new SessionError(answer.error, 'failed'));
    else {
      const { vectors, hidden } = answer as { vectors: Float32Array; hidden: number };
      // Copied into this thread's own Float32Arrays (a test's VM context has its own constructors).
      this.settle(job, Array.from({ length: job.batch.batch }, (_, i) => new Float32Array(vectors.subarray(i * hidden, (i + 1) * hidden))));
    }
    this.pump();
  }

  private settle(job: Job, outcome: Float32Array[] | Error): void {
    if (job.settled) return;
    job.settled = true;
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome);
  }

  private died(worker: Worker, message: string, rejectLoad: (err: Error) => void): void {
    const error = this.closed ? new SessionError('the model session was closed', 'closed') : new SessionError(message, 'failed');
    // Whoever still waits for this worker's model (closed while it loaded) is answered; a load already done is not affected.
    rejectLoad(error);
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.loading = undefined;
    if (this.running) this.settle(this.running, error);
    this.running = undefined;
    // What waits is tried on a new worker (started by the next run); a dead worker's batch is not retried.
    if (this.queue.some((j) => !j.settled) && !this.closed) void this.load().then(() => this.pump(), (err: Error) => this.queue.forEach((j) => this.settle(j, err)));
  }

  private stopWorker(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
    this.loading = undefined;
    void worker.terminate();
  }
}

function chain<A extends unknown[]>(first: (...args: A) => void, then: () => void): (...args: A) => void {
  return (...args: A) => {
    then();
    first(...args);
  };
}
