import type { Config } from '../../shared/config/config';
import { EmbeddingError, type Embedder } from './embedder.port';

export type HttpEmbedderOptions = Config['embedding'] & {
  url: string;
  /** Retries after the first attempt on network errors, timeouts, 429 and 5xx (default 2). */
  retries?: number;
  /** Base of the exponential backoff in ms (default 100): about base·2^attempt, jittered ×0.5–1.5. */
  retryBaseMs?: number;
};

/**
 * The production embedder: an HTTP client for a text-embeddings service.
 *
 * - `api: 'tei'`: Hugging Face text-embeddings-inference, `POST {url}/embed`
 *   `{"inputs": [...], "truncate": true}` → `[[...], ...]`.
 * - `api: 'openai'`: an OpenAI-compatible server, `POST {url}/v1/embeddings`
 *   `{"model": ..., "input": [...]}` (with `Authorization: Bearer <apiKey>` when set) →
 *   `{"data": [{"index": i, "embedding": [...]}, ...]}`, ordered by `index`.
 *
 * Queries and passages get the configured e5-style prefixes (`query: ` / `passage: `). Inputs are
 * sent in chunks of `batchSize`, one chunk at a time, and the answers keep the input order. Every
 * attempt has its own `timeoutMs`; network errors, timeouts, 429 and 5xx are retried a bounded
 * number of times with jittered exponential backoff, other 4xx are not. A query is embedded while a
 * person or an agent waits for a search: its attempts and pauses together stay within
 * `queryTimeoutMs`, so vector search answers 502 `embedding_failed` well before the gateway would
 * give up on it; indexing batches keep the longer per-attempt budget. Every answer is checked
 * (count, dimension, finite numbers) and every vector is L2-normalised. Every failure surfaces as an
 * `EmbeddingError` with a message saying what went wrong; a wrong dimension never reaches an index.
 */
export class HttpEmbedder implements Embedder {
  readonly kind = 'http';
  readonly dimensions: number;
  /** Names the passage vectors: the service's shape, its model, the dimension and the passage prefix. */
  readonly model: string;
  private readonly endpoint: string;
  private readonly retries: number;
  private readonly retryBaseMs: number;
  private readonly closing = new AbortController();

  constructor(private readonly options: HttpEmbedderOptions) {
    this.dimensions = options.dimensions;
    this.model = `${options.api}:${options.model}:${options.dimensions}:${options.passagePrefix}`;
    const base = options.url.replace(/\/+$/, '');
    this.endpoint = options.api === 'openai' ? `${base}/v1/embeddings` : `${base}/embed`;
    this.retries = Math.max(0, options.retries ?? 2);
    this.retryBaseMs = Math.max(0, options.retryBaseMs ?? 100);
  }

  embedQueries(texts: string[]): Promise<Float32Array[]> {
    return this.embedAll(texts, this.options.queryPrefix, Date.now() + this.options.queryTimeoutMs);
  }

  embedPassages(texts: string[]): Promise<Float32Array[]> {
    return this.embedAll(texts, this.options.passagePrefix);
  }

  /** One small query, one attempt: the service answers with vectors of the configured dimension. */
  async ping(): Promise<void> {
    await this.request([`${this.options.queryPrefix}ping`], 0);
  }

  /** Aborts requests in flight; later calls fail with an EmbeddingError. */
  async close(): Promise<void> {
    this.closing.abort();
  }

  private async embedAll(texts: string[], prefix: string, deadline?: number): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    const size = Math.max(1, this.options.batchSize);
    for (let i = 0; i < texts.length; i += size) {
      const chunk = texts.slice(i, i + size).map((t) => prefix + t);
      out.push(...(await this.request(chunk, this.retries, deadline)));
    }
    return out;
  }

  /** Attempts until one succeeds, the retries are spent, or (with a deadline) the time is. */
  private async request(inputs: string[], retries: number, deadline = Infinity): Promise<Float32Array[]> {
    for (let attempt = 0; ; attempt++) {
      if (this.closing.signal.aborted) throw new EmbeddingError('embedder is closed');
      try {
        return await this.attempt(inputs, Math.max(1, Math.min(this.options.timeoutMs, deadline - Date.now())));
      } catch (err) {
        const failure = err instanceof Failure ? err : new Failure(`unexpected error: ${describe(err)}`, false, err);
        const delay = this.retryBaseMs * 2 ** attempt * (0.5 + Math.random());
        const outOfTime = Date.now() + delay >= deadline;
        if (!failure.retryable || attempt >= retries || outOfTime || this.closing.signal.aborted) {
          const tries = attempt + 1;
          throw new EmbeddingError(
            `embedding service ${this.endpoint} failed${tries > 1 ? ` after ${tries} attempts` : ''}: ${failure.message}`,
            { cause: failure.cause ?? err },
          );
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async attempt(inputs: string[], timeoutMs: number): Promise<Float32Array[]> {
    const { api, model, apiKey } = this.options;
    const body = api === 'openai' ? { model, input: inputs } : { inputs, truncate: true };
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([timeout, this.closing.signal]);

    let text: string;
    let status: number;
    try {
      const res = await fetch(this.endpoint, { method: 'POST', headers, body: JSON.stringify(body), signal });
      status = res.status;
      text = await res.text();
    } catch (err) {
      if (this.closing.signal.aborted) throw new Failure('embedder was closed during the request', false, err);
      if (timeout.aborted) throw new Failure(`timed out after ${timeoutMs} ms`, true, err);
      throw new Failure(`network error: ${describe(err)}`, true, err);
    }

    if (status < 200 || status > 299) {
      const retryable = status === 429 || status >= 500;
      throw new Failure(`HTTP ${status}${text ? `: ${snippet(text)}` : ''}`, retryable);
    }

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new Failure(`answer is not valid JSON: ${snippet(text) || '(empty body)'}`, false, err);
    }
    const vectors = api === 'openai' ? openAiVectors(json, inputs.length) : teiVectors(json);
    return this.check(vectors, inputs.length);
  }

  private check(vectors: unknown[], expected: number): Float32Array[] {
    if (vectors.length !== expected) {
      throw new Failure(`expected ${expected} embeddings, got ${vectors.length}`, false);
    }
    return vectors.map((v, i) => {
      if (!Array.isArray(v)) throw new Failure(`embedding ${i} is not an array of numbers`, false);
      if (v.length !== this.dimensions) {
        throw new Failure(
          `embedding ${i} has ${v.length} dimensions, expected ${this.dimensions} (check EMBEDDING_DIMENSIONS against the model)`,
          false,
        );
      }
      const out = new Float32Array(v.length);
      let norm = 0;
      for (let j = 0; j < v.length; j++) {
        const x: unknown = v[j];
        if (typeof x !== 'number' || !Number.isFinite(x)) {
          throw new Failure(`embedding ${i} has a non-numeric value at position ${j}: ${snippet(JSON.stringify(x) ?? String(x))}`, false);
        }
        norm += x * x;
      }
      if (norm === 0) throw new Failure(`embedding ${i} is a zero vector`, false);
      const inv = 1 / Math.sqrt(norm);
      for (let j = 0; j < v.length; j++) out[j] = (v[j] as number) * inv;
      return out;
    });
  }
}

/** TEI answers a bare array of vectors. */
function teiVectors(json: unknown): unknown[] {
  if (!Array.isArray(json)) throw new Failure(`expected a JSON array of embeddings, got ${kindOf(json)}`, false);
  return json;
}

/** OpenAI answers `{data: [{index, embedding}]}`; the indices must be exactly 0…n-1. */
function openAiVectors(json: unknown, expected: number): unknown[] {
  const data = (json as { data?: unknown } | null)?.data;
  if (typeof json !== 'object' || json === null || !Array.isArray(data)) {
    throw new Failure(`expected an object with a "data" array, got ${kindOf(json)}`, false);
  }
  if (data.length !== expected) throw new Failure(`expected ${expected} embeddings, got ${data.length}`, false);
  const out: unknown[] = new Array(data.length);
  data.forEach((item: unknown, pos) => {
    const { index, embedding } = (item ?? {}) as { index?: unknown; embedding?: unknown };
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= data.length || out[index] !== undefined) {
      throw new Failure(`data[${pos}] has a missing, duplicate or out-of-range index (${JSON.stringify(index)})`, false);
    }
    out[index] = embedding;
  });
  return out;
}

/** An attempt's failure, before it becomes an EmbeddingError; says whether another attempt may help. */
class Failure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause as { code?: unknown; message?: unknown } | undefined;
    const detail = cause && typeof cause === 'object' ? (cause.code ?? cause.message) : undefined;
    return detail ? `${err.message} (${String(detail)})` : err.message;
  }
  return String(err);
}

function snippet(text: string, max = 200): string {
  const t = text.trim().replace(/\s+/g, ' ');
  return t.length > max ? `${t.slice(0, max)}…` : t;
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}
