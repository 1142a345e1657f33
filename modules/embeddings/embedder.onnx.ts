import type { Logger } from '../../shared/logging/logger';
import { EmbeddingError, type Embedder } from './embedder.port';
import { ModelDirError, readModelDir, type OnnxModelDir } from './onnx-model-dir';
import { OnnxSession, SessionError, type RunOptions, type SessionInfo } from './onnx-session';
import { ModelTokenizer } from './onnx-tokenizer';

export interface OnnxEmbedderOptions {
  /** A sentence-embedding model in the Hugging Face layout with ONNX weights (see onnx-model-dir.ts). */
  modelDir: string;
  queryPrefix: string;
  passagePrefix: string;
  /** Texts per model run. */
  batchSize: number;
  /** Longest time the model may spend on one batch of passages. */
  timeoutMs: number;
  /** A query's whole budget, the wait for the model included (someone is waiting). */
  queryTimeoutMs: number;
  /** Where loading and indexing progress are reported. */
  logger?: Logger;
}

/** What the model can be given: a tokenizer's output for one text a row. */
const GIVEN_INPUTS = ['input_ids', 'attention_mask', 'token_type_ids'];
const PROGRESS_EVERY_MS = 30_000;

/**
 * A sentence-embedding model run in process: the Hugging Face layout's tokenizer.json through
 * @huggingface/tokenizers, onnx/model.onnx through onnxruntime-node (CPU) in a worker thread, mean
 * pooling over the attention mask and L2 normalisation (what e5 models are trained for), with the
 * configured `query: ` / `passage: ` prefixes. Offline by construction: it reads the directory and
 * nothing else (neither library fetches anything).
 *
 * The dimension comes from the model (config.json's hidden_size, checked against a probe run at
 * `init`). Texts longer than the model's limit are truncated. Passages go in batches of `batchSize`,
 * each allowed `timeoutMs` of model time; a query has `queryTimeoutMs` in all, and goes before any
 * passage batch still waiting (it can only wait for the batch the model is on: `batchSize` bounds
 * that). Every failure is an EmbeddingError (the API answers 502 `embedding_failed`).
 */
export class OnnxEmbedder implements Embedder {
  readonly kind = 'onnx';
  readonly dimensions: number;
  /** Names the passage vectors: the model's name, its files' digest, the pooling, dimension and passage prefix. */
  readonly model: string;
  private readonly dir: OnnxModelDir;
  private readonly tokenizer: ModelTokenizer;
  private readonly session: OnnxSession;
  private started?: Promise<{ inputs: string[]; output: string }>;
  private readonly progress = { passages: 0, batches: 0, loggedAt: Date.now(), windowPassages: 0, windowBusyMs: 0 };

  /** Reads and checks the directory (ModelDirError naming the file); the weights load at `init`. */
  constructor(private readonly options: OnnxEmbedderOptions) {
    this.dir = readModelDir(options.modelDir);
    this.dimensions = this.dir.dimensions;
    this.model = `onnx:${this.dir.name}:${this.dir.fingerprint}:mean:${this.dimensions}:${options.passagePrefix}`;
    this.tokenizer = new ModelTokenizer(this.dir);
    this.session = new OnnxSession(this.dir.files.onnx);
  }

  /**
   * Loads the model and embeds a probe: weights ONNX Runtime cannot load, a graph that takes other
   * inputs or gives no token vectors, or vectors of another length than config.json says, stop the
   * start with a ModelDirError naming the file. Called by the first embedding if not before.
   */
  async init(): Promise<void> {
    await this.start();
  }

  embedQueries(texts: string[]): Promise<Float32Array[]> {
    const budget = this.options.queryTimeoutMs;
    // Armed now, not after the model has loaded: the budget counts every wait.
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new EmbeddingError(`the ONNX model did not embed the query within its ${budget} ms budget (EMBEDDING_QUERY_TIMEOUT_MS)`));
      }, budget);
    });
    const work = this.embedAll(texts, this.options.queryPrefix, { priority: 'query', signal: abort.signal });
    work.catch(() => undefined); // answered by the race below, or dropped after the budget ran out
    return Promise.race([work, outOfTime]).finally(() => clearTimeout(timer));
  }

  embedPassages(texts: string[]): Promise<Float32Array[]> {
    return this.embedAll(texts, this.options.passagePrefix, { priority: 'passage', runTimeoutMs: this.options.timeoutMs });
  }

  /** A query within the query budget: the model is loaded and answers. */
  async ping(): Promise<void> {
    await this.embedQueries(['ping']);
  }

  async close(): Promise<void> {
    await this.session.close();
  }

  private start(): Promise<{ inputs: string[]; output: string }> {
    this.started ??= (async () => {
      const t0 = Date.now();
      const { files } = this.dir;
      let info: SessionInfo;
      try {
        info = await this.session.load();
      } catch (err) {
        if (err instanceof SessionError && err.reason === 'closed') throw new EmbeddingError('embedder is closed', { cause: err });
        throw new ModelDirError(`${files.onnx} cannot be loaded by ONNX Runtime (${(err as Error).message})`, { cause: err });
      }
      const graph = graphFor(info, this.dir);
      let probe: Float32Array | undefined;
      try {
        [probe] = await this.session.run(this.tokenizer.encode([`${this.options.queryPrefix}ping`]), { ...graph, priority: 'query' });
      } catch (err) {
        throw new ModelDirError(`${files.onnx} failed on a probe text (${(err as Error).message})`, { cause: err });
      }
      if (probe?.length !== this.dimensions) {
        throw new ModelDirError(`${files.onnx} gives ${probe?.length}-dimensional vectors, ${files.config} says hidden_size ${this.dimensions}`);
      }
      this.options.logger?.info(
        { model: this.dir.name, dir: this.dir.dir, dimensions: this.dimensions, max_tokens: this.dir.maxTokens, inputs: graph.inputs, ms: Date.now() - t0 },
        'ONNX embedding model loaded',
      );
      return graph;
    })();
    return this.started;
  }

  private async embedAll(texts: string[], prefix: string, options: Pick<RunOptions, 'priority' | 'signal' | 'runTimeoutMs'>): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    let graph: { inputs: string[]; output: string };
    try {
      graph = await this.start();
    } catch (err) {
      throw new EmbeddingError((err as Error).message, { cause: err });
    }
    const out: Float32Array[] = [];
    const size = Math.max(1, this.options.batchSize);
    for (let i = 0; i < texts.length; i += size) {
      const chunk = texts.slice(i, i + size);
      const t0 = Date.now();
      let vectors: Float32Array[];
      try {
        const batch = this.tokenizer.encode(chunk.map((t) => prefix + t));
        vectors = await this.session.run(batch, { ...graph, ...options });
      } catch (err) {
        throw this.failure(err, chunk.length, options.priority);
      }
      vectors.forEach((v, j) => check(v, i + j, this.dimensions));
      out.push(...vectors);
      if (options.priority === 'passage') this.reportProgress(chunk.length, Date.now() - t0);
    }
    return out;
  }

  private failure(err: unknown, count: number, priority: RunOptions['priority']): EmbeddingError {
    if (!(err instanceof SessionError)) return new EmbeddingError(`embedding with the ONNX model failed: ${(err as Error).message ?? String(err)}`, { cause: err });
    if (err.reason === 'closed') return new EmbeddingError('embedder is closed', { cause: err });
    if (err.reason === 'timeout' && priority === 'passage') {
      return new EmbeddingError(
        `the ONNX model took longer than EMBEDDING_TIMEOUT_MS (${this.options.timeoutMs} ms) on a batch of ${count} passages: raise it, or lower EMBEDDING_BATCH_SIZE, for this model on this CPU`,
        { cause: err },
      );
    }
    return new EmbeddingError(`the ONNX model failed: ${err.message}`, { cause: err });
  }

  /** A log line at most every 30 s while passages are embedded (a first build of a large corpus takes a while). */
  private reportProgress(count: number, busyMs: number): void {
    const p = this.progress;
    p.passages += count;
    p.batches += 1;
    p.windowPassages += count;
    p.windowBusyMs += busyMs;
    const now = Date.now();
    if (now - p.loggedAt < PROGRESS_EVERY_MS) return;
    const perSecond = p.windowBusyMs > 0 ? Math.round((p.windowPassages / p.windowBusyMs) * 10_000) / 10 : undefined;
    this.options.logger?.info({ model: this.dir.name, passages: p.passages, batches: p.batches, passages_per_second: perSecond }, 'embedding passages');
    Object.assign(p, { loggedAt: now, windowPassages: 0, windowBusyMs: 0 });
  }
}

/** The inputs to feed and the output to pool, or a ModelDirError saying why the graph is not a text encoder this embedder can run. */
function graphFor(info: SessionInfo, model: OnnxModelDir): { inputs: string[]; output: string } {
  const file = model.files.onnx;
  const unknown = info.inputs.filter((name) => !GIVEN_INPUTS.includes(name));
  if (!info.inputs.includes('input_ids') || unknown.length > 0) {
    throw new ModelDirError(`${file} takes inputs ${info.inputs.join(', ')}; a text encoder taking input_ids (and attention_mask, token_type_ids) was expected`);
  }
  const tokenVectors = info.outputs.filter((o) => o.type === 'float32' && o.shape.length === 3);
  const output = tokenVectors.find((o) => o.name === 'last_hidden_state') ?? tokenVectors[0];
  if (!output) {
    throw new ModelDirError(`${file} gives ${info.outputs.map((o) => `${o.name} [${o.shape.join(', ')}]`).join(', ')}; token vectors (last_hidden_state [batch, tokens, hidden]) were expected`);
  }
  const hidden = output.shape[2];
  if (typeof hidden === 'number' && hidden !== model.dimensions) {
    throw new ModelDirError(`${file} gives ${hidden}-dimensional vectors, ${model.files.config} says hidden_size ${model.dimensions}`);
  }
  return { inputs: info.inputs, output: output.name };
}

function check(v: Float32Array, index: number, dimensions: number): void {
  if (v.length !== dimensions) throw new EmbeddingError(`embedding ${index} has ${v.length} dimensions, expected ${dimensions}`);
  let norm = 0;
  for (const x of v) norm += x * x;
  // The worker normalised it: anything but a unit vector means no tokens, or NaN / infinite values.
  if (!(Math.abs(norm - 1) < 1e-3)) throw new EmbeddingError(`embedding ${index} is not a usable vector (its length is ${Math.sqrt(norm)})`);
}
