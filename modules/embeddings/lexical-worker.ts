import type { Worker } from 'node:worker_threads';
import { startWorkerProgram } from '../../shared/runtime/worker-program';
import { LexicalFit } from './lexical-fit';
import type { LexicalAnswer, LexicalRequest } from './lexical-worker.program';

/** Texts embedded in one request: a search queued behind it (none is: queries are embedded in the caller's thread) waits for little. */
const TEXTS_PER_REQUEST = 128;
/** A worker with nothing to do for this long stops (it holds a 4 MiB fit); the next request starts another. */
const IDLE_MS = 10_000;

type Request = LexicalRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Job {
  request: Request;
  transfer: ArrayBuffer[];
  /** The fit an embedding needs (sent along when the worker does not hold it). */
  fit?: LexicalFit;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

/**
 * The embedded embedder's heavy work in a worker thread (`lexical-worker.program.ts`): embedding
 * passages (a build embeds every paper) and counting a fit (a pass over every paper). On the serving
 * thread that work went a slice at a time between requests, and as slowly as they let it: under load
 * a build of 30,000 papers took minutes there. One worker for the process, started at first use,
 * not keeping the process alive, and stopped after IDLE_MS without work. Requests are answered in
 * the order they were made.
 */
export class LexicalWorker {
  private worker?: Worker;
  private readonly queue: Job[] = [];
  private running?: { id: number; job: Job };
  private nextId = 1;
  /** The fit the worker holds (sent with the first request that needs it). */
  private fitSent?: string;
  private idleTimer?: NodeJS.Timeout;
  /** Fits being counted: the worker holds their counts, so it must not stop while idle meanwhile. */
  private counting = 0;

  /** One vector per text, in order, with the fit given. */
  async embedPassages(fit: LexicalFit, texts: readonly string[], dimensions: number, bm25: { k1: number; b: number }): Promise<Float32Array[]> {
    const parts: Promise<Float32Array>[] = [];
    for (let i = 0; i < texts.length; i += TEXTS_PER_REQUEST) {
      parts.push(this.run({ op: 'embed', fitId: fit.id, texts: texts.slice(i, i + TEXTS_PER_REQUEST), dimensions, bm25 }, [], fit) as Promise<Float32Array>);
    }
    const out: Float32Array[] = [];
    // Copied into this thread's own arrays (a test's VM context has its own constructors), one per text.
    for (const vectors of await Promise.all(parts)) for (let at = 0; at < vectors.length; at += dimensions) out.push(new Float32Array(vectors.subarray(at, at + dimensions)));
    return out;
  }

  /** The fit of every text of `batches` (each text one paper's passage), counted in the worker. */
  async fit(batches: AsyncIterable<string[]>): Promise<LexicalFit> {
    this.counting++;
    try {
      const counter = (await this.run({ op: 'fit-begin' })) as number;
      let adding: Promise<unknown> = Promise.resolve();
      try {
        for await (const texts of batches) {
          // The worker counts a batch while the next one is read.
          await adding;
          adding = this.run({ op: 'fit-add', counter, texts });
        }
      } finally {
        await adding.catch(() => undefined);
      }
      await adding;
      const bytes = (await this.run({ op: 'fit-end', counter })) as Uint8Array;
      return LexicalFit.fromBytes(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } finally {
      this.counting--;
      if (this.counting === 0) this.pump();
    }
  }

  /** Stops the worker now (what waits is refused). */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.stopped(new Error('the embedder worker was closed'));
    if (worker) await worker.terminate();
  }

  private run(request: Request, transfer: ArrayBuffer[] = [], fit?: LexicalFit): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, transfer, fit, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) {
      this.worker?.unref();
      clearTimeout(this.idleTimer);
      if (this.worker && this.counting === 0) {
        this.idleTimer = setTimeout(() => void this.close(), IDLE_MS);
        this.idleTimer.unref();
      }
      return;
    }
    clearTimeout(this.idleTimer);
    const worker = this.start();
    const id = this.nextId++;
    this.running = { id, job };
    let request: LexicalRequest = { ...job.request, id } as LexicalRequest;
    const transfer = [...job.transfer];
    const { fit } = job;
    // The fit travels with the first request that needs it; the worker keeps the last one sent.
    if (request.op === 'embed' && fit && this.fitSent !== fit.id) {
      const bytes = fit.toBytes();
      request = { ...request, fitBytes: bytes };
      transfer.push(bytes.buffer as ArrayBuffer);
      this.fitSent = fit.id;
    }
    worker.ref();
    worker.postMessage(request, transfer);
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorkerProgram(__filename, 'lexical-worker', undefined);
    worker.on('message', (answer: LexicalAnswer) => {
      const running = this.running;
      if (!running || running.id !== answer.id) return;
      this.running = undefined;
      if (answer.error !== undefined) running.job.reject(new Error(answer.error));
      else running.job.resolve(answer.result);
      this.pump();
    });
    const died = (message: string) => {
      if (this.worker !== worker) return;
      this.stopped(new Error(message));
    };
    worker.once('error', (err) => died(`the embedder worker failed: ${err.message}`));
    worker.once('exit', (code) => died(`the embedder worker stopped (exit code ${code})`));
    this.worker = worker;
    this.fitSent = undefined;
    return worker;
  }

  /** The worker is gone: what it held is refused; the next request starts another. */
  private stopped(err: Error): void {
    this.worker = undefined;
    this.fitSent = undefined;
    const waiting = [...(this.running ? [this.running.job] : []), ...this.queue.splice(0)];
    this.running = undefined;
    for (const job of waiting) job.reject(err);
  }
}

/** The process's one embedder worker. */
export const lexicalWorker = new LexicalWorker();
