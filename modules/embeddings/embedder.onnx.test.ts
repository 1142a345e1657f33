import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describeFailure } from '../../cli/failure';
import { scratchDir, testConfig } from '../../tests/support/test-run';
import { TINY_VOCAB, writeTinyModel, type TinyModelOptions } from '../../tests/support/tiny-onnx-model';
import { createVectorIndex } from '../vector-index/vector-index.factory';
import { createEmbedder, embeddingDimensions } from './embedder.factory';
import { OnnxEmbedder, type OnnxEmbedderOptions } from './embedder.onnx';
import { EmbeddingError } from './embedder.port';
import { ModelDirError } from './onnx-model-dir';

const dirs = scratchDir('onnx-models');
let counter = 0;
const open: OnnxEmbedder[] = [];

function model(options: TinyModelOptions = {}): string {
  const dir = path.join(dirs, `model-${++counter}`);
  fs.mkdirSync(dir);
  return writeTinyModel(dir, options);
}

function embedder(dir: string, options: Partial<OnnxEmbedderOptions> = {}): OnnxEmbedder {
  const e = new OnnxEmbedder({ modelDir: dir, queryPrefix: 'query: ', passagePrefix: 'passage: ', batchSize: 32, timeoutMs: 10_000, queryTimeoutMs: 3_000, ...options });
  open.push(e);
  return e;
}

afterEach(async () => {
  jest.useRealTimers();
  await Promise.all(open.splice(0).map((e) => e.close()));
});

const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const same = (a: Float32Array, b: Float32Array) => expect(Array.from(a)).toEqual(Array.from(b));

describe('OnnxEmbedder: a model in the Hugging Face layout, run in process', () => {
  const dir = model();

  it('takes its dimension from the model, whatever EMBEDDING_DIMENSIONS says', async () => {
    const e = embedder(model({ hidden: 12 }));
    expect(e.dimensions).toBe(12);
    expect(e.kind).toBe('onnx');
    await e.init();
    const [v] = await e.embedQueries(['carbon pricing']);
    expect(v).toHaveLength(12);
  });

  it('gives L2-normalised, deterministic vectors: the mean of the token vectors over the attention mask', async () => {
    const a = embedder(dir);
    const b = embedder(dir);
    const texts = ['carbon pricing', 'Green bonds and climate risk', 'hydrogen supply chain policy'];
    const first = await a.embedPassages(texts);
    const again = await b.embedPassages(texts);
    for (const [i, v] of first.entries()) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(norm(v)).toBeCloseTo(1, 5);
      same(v, again[i]!);
    }
    // Padding does not count: a short text batched with a long one gives what it gives alone.
    const [alone] = await a.embedPassages(['carbon']);
    const [padded] = await a.embedPassages(['carbon', 'green bonds climate risk energy transition policy']);
    for (let k = 0; k < alone!.length; k++) expect(padded![k]).toBeCloseTo(alone![k]!, 6);
  });

  it('applies the query and the passage prefix: the same text gives two vectors', async () => {
    const e = embedder(dir);
    const [query] = await e.embedQueries(['carbon pricing']);
    const [passage] = await e.embedPassages(['carbon pricing']);
    expect(Array.from(query!)).not.toEqual(Array.from(passage!));
    // `query` and `passage` are words of the vocabulary: the prefix is what makes the difference.
    expect(TINY_VOCAB).toEqual(expect.arrayContaining(['query', 'passage', ':']));
    const unprefixed = embedder(dir, { queryPrefix: '', passagePrefix: '' });
    same((await unprefixed.embedQueries(['carbon pricing']))[0]!, (await unprefixed.embedPassages(['carbon pricing']))[0]!);
    const [prefixedByHand] = await unprefixed.embedPassages(['query: carbon pricing']);
    for (let k = 0; k < query!.length; k++) expect(prefixedByHand![k]).toBeCloseTo(query![k]!, 6);
  });

  it('embeds in batches of EMBEDDING_BATCH_SIZE and answers in the input order', async () => {
    const texts = ['carbon', 'pricing', 'hydrogen', 'supply chain', 'climate risk', 'green bonds', 'energy transition'];
    const one = embedder(dir, { batchSize: 1 });
    const singly: Float32Array[] = [];
    for (const t of texts) singly.push(...(await one.embedPassages([t])));
    const batched = await embedder(dir, { batchSize: 3 }).embedPassages(texts);
    expect(batched).toHaveLength(texts.length);
    batched.forEach((v, i) => {
      for (let k = 0; k < v.length; k++) expect(v[k]).toBeCloseTo(singly[i]![k]!, 6);
    });
    expect(await one.embedPassages([])).toEqual([]);
  });

  it('fails with an EmbeddingError once closed', async () => {
    const e = embedder(dir);
    await e.init();
    await e.close();
    await expect(e.embedQueries(['carbon'])).rejects.toBeInstanceOf(EmbeddingError);
    await expect(e.embedPassages(['carbon'])).rejects.toThrow('embedder is closed');
    await expect(e.ping()).rejects.toThrow(EmbeddingError);
  });

  it("truncates a text to the model's length limit, keeping the closing [SEP]", async () => {
    // model_max_length 6: [CLS] + four words + [SEP].
    const e = embedder(model({ maxTokens: 6 }), { passagePrefix: '' });
    const [long] = await e.embedPassages(['carbon pricing hydrogen supply chain climate risk green bonds']);
    const [cut] = await e.embedPassages(['carbon pricing hydrogen supply']);
    for (let k = 0; k < cut!.length; k++) expect(long![k]).toBeCloseTo(cut![k]!, 6);
  });

  it('runs a graph without token_type_ids (XLM-R exports such as multilingual-e5-large)', async () => {
    const e = embedder(model({ tokenTypeIds: false }));
    await e.init();
    const [v] = await e.embedQueries(['climate policy']);
    expect(norm(v!)).toBeCloseTo(1, 5);
  });

  it('reports loading and, at most every 30 s, indexing progress through the logger', async () => {
    const lines: { fields: Record<string, unknown>; msg: string }[] = [];
    const logger = { info: (fields: Record<string, unknown>, msg: string) => lines.push({ fields, msg }) } as unknown as OnnxEmbedderOptions['logger'];
    // Only the clock is faked: the worker's messages and timers stay real.
    jest.useFakeTimers({ doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'hrtime', 'performance'] });
    const e = embedder(dir, { batchSize: 2, logger });
    await e.init();
    expect(lines[0]).toMatchObject({ msg: 'ONNX embedding model loaded', fields: { model: 'tiny-test/bert-8', dimensions: 8, max_tokens: 16 } });
    jest.setSystemTime(Date.now() + 31_000);
    await e.embedPassages(['carbon', 'pricing', 'hydrogen', 'supply']);
    // The clock stood still after the jump: one line, after the first batch.
    expect(lines.slice(1)).toEqual([{ msg: 'embedding passages', fields: expect.objectContaining({ passages: 2, batches: 1 }) }]);
  });

  it('reads nothing but the directory: no network access, and ONNX Runtime telemetry off', async () => {
    const spies = [jest.spyOn(http, 'request'), jest.spyOn(https, 'request'), jest.spyOn(net, 'connect'), jest.spyOn(net, 'createConnection'), jest.spyOn(globalThis, 'fetch')];
    try {
      const e = embedder(model());
      await e.init();
      await e.embedQueries(['carbon']);
      await e.embedPassages(['pricing']);
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
    // With telemetry on, ONNX Runtime writes a device id (.ses) and a log into TMPDIR as it loads, then uploads.
    expect(fs.readdirSync(os.tmpdir()).filter((f) => f === '.ses' || f.startsWith('mat-debug-'))).toEqual([]);
  });
});

describe('OnnxEmbedder: the query budget (EMBEDDING_QUERY_TIMEOUT_MS)', () => {
  const dir = model();
  // Only the budget's timer is faked, so the test decides when the time is up: no real timing.
  const fakeTimeouts = () => jest.useFakeTimers({ doNotFake: ['Date', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'hrtime', 'performance'] });

  it('a query not embedded within its budget fails with an EmbeddingError; the embedder keeps working', async () => {
    const e = embedder(dir, { queryTimeoutMs: 250 });
    await e.init();
    fakeTimeouts();
    const late = e.embedQueries(['carbon pricing']);
    jest.advanceTimersByTime(250);
    await expect(late).rejects.toThrow(EmbeddingError);
    await expect(late).rejects.toThrow('the ONNX model did not embed the query within its 250 ms budget (EMBEDDING_QUERY_TIMEOUT_MS)');
    jest.useRealTimers();
    const [v] = await e.embedQueries(['carbon pricing']);
    expect(v).toHaveLength(8);
  });

  it('the budget counts the wait for a model still loading', async () => {
    const e = embedder(dir, { queryTimeoutMs: 100 });
    fakeTimeouts();
    const late = e.embedQueries(['climate risk']);
    jest.advanceTimersByTime(100);
    await expect(late).rejects.toThrow(EmbeddingError);
    // Closed while it loads: whoever waits for the model is answered, nothing hangs.
    const loading = e.init();
    await e.close();
    await expect(loading).rejects.toThrow('embedder is closed');
  });
});

describe('OnnxEmbedder: a missing, incomplete or malformed model directory', () => {
  /** What `gx start` prints for a start-up failure (bin/gx-program.ts). */
  const startupLine = (err: unknown) => `gx: ${describeFailure(err)}`;

  function failure(fn: () => unknown): Error {
    try {
      fn();
    } catch (err) {
      return err as Error;
    }
    throw new Error('expected a failure');
  }

  it('a directory that does not exist', () => {
    const missing = path.join(dirs, 'nowhere');
    const err = failure(() => embedder(missing));
    expect(err).toBeInstanceOf(ModelDirError);
    expect(startupLine(err)).toBe(`gx: EMBEDDING_MODEL_DIR: ${missing} does not exist`);
  });

  it.each(['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx'])('without %s', (file) => {
    const dir = model();
    fs.rmSync(path.join(dir, file));
    expect(startupLine(failure(() => embedder(dir)))).toBe(`gx: EMBEDDING_MODEL_DIR: ${path.join(dir, file)} is missing`);
  });

  it.each([
    ['config.json', '{"hidden_size": 8,', /config\.json is not valid JSON \(/],
    ['config.json', '{"model_type": "bert"}', /config\.json has no hidden_size/],
    ['tokenizer.json', '{"version": "1.0"}', /tokenizer\.json is not a tokenizer this embedder can use \(/],
    ['tokenizer_config.json', '[]', /tokenizer_config\.json is not a JSON object/],
    ['onnx/model.onnx', '', /onnx\/model\.onnx is empty/],
  ])('a malformed %s (%s)', (file, content, message) => {
    const dir = model();
    fs.writeFileSync(path.join(dir, file), content);
    const err = failure(() => embedder(dir));
    expect(err).toBeInstanceOf(ModelDirError);
    expect(startupLine(err)).toMatch(new RegExp(`^gx: EMBEDDING_MODEL_DIR: ${escape(dir)}/${message.source}`));
    expect(startupLine(err).split('\n')).toHaveLength(1);
  });

  it('weights ONNX Runtime cannot load stop the start at init, naming the file', async () => {
    const dir = model();
    const onnx = path.join(dir, 'onnx', 'model.onnx');
    fs.writeFileSync(onnx, fs.readFileSync(onnx).subarray(0, 200));
    const e = embedder(dir);
    const err = await e.init().then(() => undefined, (x: unknown) => x);
    expect(err).toBeInstanceOf(ModelDirError);
    expect(startupLine(err)).toMatch(new RegExp(`^gx: EMBEDDING_MODEL_DIR: ${escape(onnx)} cannot be loaded by ONNX Runtime \\(.+\\)$`));
    // A request never sees a stack trace: the same cause, as an EmbeddingError (502 embedding_failed).
    await expect(e.embedQueries(['carbon'])).rejects.toThrow(EmbeddingError);
  });

  it('a config.json whose hidden_size is not what the graph gives stops the start at init', async () => {
    const dir = model({ hidden: 8, configHidden: 16 });
    await expect(embedder(dir).init()).rejects.toThrow(`EMBEDDING_MODEL_DIR: ${path.join(dir, 'onnx', 'model.onnx')} gives 8-dimensional vectors, ${path.join(dir, 'config.json')} says hidden_size 16`);
  });
});

describe('the factory: EMBEDDING_URL, else EMBEDDING_MODEL_DIR, else the lexical embedder', () => {
  it('picks the ONNX embedder for a model directory; the model decides every dimension', async () => {
    const dir = model({ hidden: 12 });
    const config = testConfig({ EMBEDDING_MODEL_DIR: dir, EMBEDDING_DIMENSIONS: '1024' });
    const e = createEmbedder(config);
    try {
      expect(e.kind).toBe('onnx');
      expect(e.dimensions).toBe(12);
      await e.init?.();
      expect((await e.embedQueries(['carbon']))[0]).toHaveLength(12);
    } finally {
      await e.close();
    }
    expect(embeddingDimensions(config)).toBe(12);
    expect(createVectorIndex(config).dimensions).toBe(12);
    expect(createVectorIndex(testConfig({ EMBEDDING_MODEL_DIR: dir, QDRANT_URL: 'http://127.0.0.1:9' })).dimensions).toBe(12);
  });

  it('EMBEDDING_URL wins over a model directory', async () => {
    const config = testConfig({ EMBEDDING_URL: 'http://127.0.0.1:9/', EMBEDDING_MODEL_DIR: model(), EMBEDDING_DIMENSIONS: '768' });
    const e = createEmbedder(config);
    expect(e.kind).toBe('http');
    expect(embeddingDimensions(config)).toBe(768);
    await e.close();
  });

  it('names the model by its name, files, pooling, dimension and passage prefix', async () => {
    const made: { close(): Promise<void> }[] = [];
    const embeddingModelKey = (config: ReturnType<typeof testConfig>) => {
      const e = createEmbedder(config);
      made.push(e);
      return e.model;
    };
    const dir = model({ name: 'intfloat/tiny-e5' });
    const key = embeddingModelKey(testConfig({ EMBEDDING_MODEL_DIR: dir }));
    expect(key).toMatch(/^onnx:intfloat\/tiny-e5:[0-9a-f]{16}:mean:8:passage: $/);
    // A copy of the same files is the same model, whatever its path or modification times.
    const copy = path.join(dirs, `copy-${++counter}`);
    fs.cpSync(dir, copy, { recursive: true, preserveTimestamps: false });
    expect(embeddingModelKey(testConfig({ EMBEDDING_MODEL_DIR: copy }))).toBe(key);
    // Other weights under the same name, or another passage prefix, are another model.
    fs.writeFileSync(path.join(copy, 'onnx', 'model.onnx'), fs.readFileSync(path.join(model({ name: 'intfloat/tiny-e5', tokenTypeIds: false }), 'onnx', 'model.onnx')));
    expect(embeddingModelKey(testConfig({ EMBEDDING_MODEL_DIR: copy }))).not.toBe(key);
    expect(embeddingModelKey(testConfig({ EMBEDDING_MODEL_DIR: dir, EMBEDDING_PASSAGE_PREFIX: '' }))).not.toBe(key);
    expect(embeddingModelKey(testConfig({}))).toMatch(/^embedded-lexical-v2:1024:[0-9a-f]{12}$/);
    await Promise.all(made.map((e) => e.close()));
  });

  it('a broken model directory fails where the embedder is made, naming the file', () => {
    const dir = model();
    fs.rmSync(path.join(dir, 'tokenizer.json'));
    expect(() => createEmbedder(testConfig({ EMBEDDING_MODEL_DIR: dir }))).toThrow(`EMBEDDING_MODEL_DIR: ${path.join(dir, 'tokenizer.json')} is missing`);
    expect(() => createEmbedder(testConfig({ EMBEDDING_MODEL_DIR: path.join(dir, 'x') }))).toThrow(ModelDirError);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
