import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { testConfig } from '../../tests/support/test-run';
import { CachedEmbedder } from './embedder.cached';
import { HttpEmbedder, type HttpEmbedderOptions } from './embedder.http';
import { EmbeddingError } from './embedder.port';

/** A real embedding service on loopback; each test sets how it answers. */
interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}
type Handler = (req: Seen, res: http.ServerResponse, n: number) => void;

const DIMS = 8;
let server: http.Server;
let baseUrl: string;
let handler: Handler;
let seen: Seen[];

/** A deterministic, not-normalised vector for an input text. */
function vectorFor(text: string, dims = DIMS): number[] {
  return Array.from({ length: dims }, (_, i) => ((text.length + i * 7) % 5) + 1);
}

function unit(v: number[]): number[] {
  const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return v.map((x) => x / n);
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const tei: Handler = (req, res) => json(res, 200, (req.body.inputs as string[]).map((t) => vectorFor(t)));
const openai: Handler = (req, res) => {
  // Answer out of order: the client must sort by index.
  const data = (req.body.input as string[]).map((t, index) => ({ object: 'embedding', index, embedding: vectorFor(t) }));
  json(res, 200, { object: 'list', data: data.reverse(), model: req.body.model });
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      const s: Seen = { method: req.method!, path: req.url!, headers: req.headers, body };
      seen.push(s);
      handler(s, res, seen.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  handler = tei;
});

function client(overrides: Partial<HttpEmbedderOptions> = {}): HttpEmbedder {
  return new HttpEmbedder({
    ...testConfig({}).embedding,
    url: `${baseUrl}/`,
    dimensions: DIMS,
    timeoutMs: 2_000,
    batchSize: 32,
    retryBaseMs: 10,
    ...overrides,
  });
}

async function failure(p: Promise<unknown>): Promise<EmbeddingError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EmbeddingError);
  return err as EmbeddingError;
}

describe('HttpEmbedder (TEI)', () => {
  it('posts prefixed inputs to /embed with truncate and returns unit vectors in order', async () => {
    const e = client({ api: 'tei' });
    const queries = await e.embedQueries(['carbon', 'hydrogen supply']);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/embed', body: { inputs: ['query: carbon', 'query: hydrogen supply'], truncate: true } });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(queries).toHaveLength(2);
    queries.forEach((v, i) => {
      expect(v).toBeInstanceOf(Float32Array);
      const want = unit(vectorFor(['query: carbon', 'query: hydrogen supply'][i]!));
      v.forEach((x, j) => expect(x).toBeCloseTo(want[j]!, 6));
    });

    await e.embedPassages(['an abstract']);
    expect(seen[1]!.body.inputs).toEqual(['passage: an abstract']);
  });

  it('splits inputs into batchSize chunks and keeps the order', async () => {
    const e = client({ batchSize: 3 });
    const texts = Array.from({ length: 8 }, (_, i) => `text ${'x'.repeat(i)}`);
    const vectors = await e.embedPassages(texts);
    expect(seen.map((s) => s.body.inputs.length)).toEqual([3, 3, 2]);
    expect(seen.flatMap((s) => s.body.inputs)).toEqual(texts.map((t) => `passage: ${t}`));
    vectors.forEach((v, i) => {
      const want = unit(vectorFor(`passage: ${texts[i]}`));
      v.forEach((x, j) => expect(x).toBeCloseTo(want[j]!, 6));
    });
    expect(await e.embedPassages([])).toEqual([]);
    expect(seen).toHaveLength(3);
  });

  it('retries after a 503 and then succeeds', async () => {
    handler = (req, res, n) => (n === 1 ? json(res, 503, { error: 'loading model' }) : tei(req, res, n));
    const vectors = await client().embedQueries(['carbon']);
    expect(vectors).toHaveLength(1);
    expect(seen).toHaveLength(2);
  });

  it('retries a 429 but gives up after the bounded number of attempts', async () => {
    handler = (_req, res) => json(res, 429, { error: 'too many requests' });
    const err = await failure(client({ retries: 2 }).embedQueries(['carbon']));
    expect(seen).toHaveLength(3);
    expect(err.message).toMatch(/after 3 attempts: HTTP 429: .*too many requests/);
  });

  it('does not retry a 400', async () => {
    handler = (_req, res) => json(res, 400, { error: 'Input validation error' });
    const err = await failure(client().embedQueries(['carbon']));
    expect(seen).toHaveLength(1);
    expect(err.message).toContain('HTTP 400');
    expect(err.message).toContain('Input validation error');
  });

  it('turns a timeout into an EmbeddingError (each attempt ends at its timeout)', async () => {
    handler = () => undefined; // never answers
    const err = await failure(client({ timeoutMs: 150, retries: 1 }).embedQueries(['carbon']));
    expect(err.message).toMatch(/timed out after 150 ms/);
    expect(seen).toHaveLength(2);
  });

  it("gives a query one budget for all its attempts: no retry once it is spent, so the search answers in time", async () => {
    handler = () => undefined; // never answers
    const err = await failure(client({ timeoutMs: 10_000, queryTimeoutMs: 200, retries: 2 }).embedQueries(['carbon']));
    expect(err.message).toMatch(/timed out after (1\d\d|200) ms/);
    expect(seen).toHaveLength(1);
  });

  it('keeps the per-attempt budget and the retries for passages (indexing is not waited on)', async () => {
    handler = () => undefined;
    const err = await failure(client({ timeoutMs: 150, queryTimeoutMs: 100, retries: 1 }).embedPassages(['carbon']));
    expect(err.message).toMatch(/after 2 attempts: timed out after 150 ms/);
    expect(seen).toHaveLength(2);
  });

  it('turns a refused connection into an EmbeddingError', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await failure(client({ url: `http://127.0.0.1:${port}`, retries: 1 }).embedQueries(['carbon']));
    expect(err.message).toMatch(/after 2 attempts: network error/);
  });

  it('rejects a wrong dimension, naming expected and got', async () => {
    handler = (req, res) => json(res, 200, (req.body.inputs as string[]).map((t) => vectorFor(t, 384)));
    const err = await failure(client().embedPassages(['carbon']));
    expect(err.message).toMatch(/384 dimensions, expected 8/);
    expect(seen).toHaveLength(1);
  });

  it('rejects a wrong count', async () => {
    handler = (_req, res) => json(res, 200, [vectorFor('a')]);
    const err = await failure(client().embedPassages(['a', 'b']));
    expect(err.message).toMatch(/expected 2 embeddings, got 1/);
  });

  it('rejects non-numeric values and zero vectors', async () => {
    handler = (_req, res) => json(res, 200, [[1, 2, 3, 'x', 5, 6, 7, 8]]);
    expect((await failure(client().embedPassages(['a']))).message).toMatch(/non-numeric value at position 3/);
    handler = (_req, res) => json(res, 200, [[1, 2, 3, null, 5, 6, 7, 8]]);
    expect((await failure(client().embedPassages(['a']))).message).toMatch(/non-numeric value at position 3/);
    handler = (_req, res) => json(res, 200, [new Array(DIMS).fill(0)]);
    expect((await failure(client().embedPassages(['a']))).message).toMatch(/zero vector/);
  });

  it('rejects garbage JSON and the wrong shape without retrying', async () => {
    handler = (_req, res) => json(res, 200, '<html>not json');
    const err = await failure(client().embedPassages(['a']));
    expect(err.message).toMatch(/not valid JSON: <html>not json/);
    expect(seen).toHaveLength(1);
    handler = (_req, res) => json(res, 200, { embeddings: [] });
    expect((await failure(client().embedPassages(['a']))).message).toMatch(/expected a JSON array of embeddings, got an object/);
  });

  it('ping checks the service once; close aborts later calls', async () => {
    const e = client();
    await expect(e.ping()).resolves.toBeUndefined();
    handler = (_req, res) => json(res, 503, 'down');
    await failure(e.ping());
    expect(seen).toHaveLength(2);
    await e.close();
    expect((await failure(e.embedQueries(['x']))).message).toMatch(/closed/);
  });
});

describe('HttpEmbedder (OpenAI-compatible)', () => {
  beforeEach(() => {
    handler = openai;
  });

  it('posts model and prefixed input to /v1/embeddings with the bearer key and orders by index', async () => {
    const e = client({ api: 'openai', model: 'intfloat/multilingual-e5-large', apiKey: 'sk-test-123', batchSize: 2 });
    const texts = ['a', 'bb', 'ccc'];
    const vectors = await e.embedQueries(texts);
    expect(seen.map((s) => s.path)).toEqual(['/v1/embeddings', '/v1/embeddings']);
    expect(seen[0]!.body).toEqual({ model: 'intfloat/multilingual-e5-large', input: ['query: a', 'query: bb'] });
    expect(seen[1]!.body).toEqual({ model: 'intfloat/multilingual-e5-large', input: ['query: ccc'] });
    expect(seen[0]!.headers.authorization).toBe('Bearer sk-test-123');
    vectors.forEach((v, i) => {
      const want = unit(vectorFor(`query: ${texts[i]}`));
      v.forEach((x, j) => expect(x).toBeCloseTo(want[j]!, 6));
    });
    await e.embedPassages(['p']);
    expect(seen[2]!.body.input).toEqual(['passage: p']);
  });

  it('sends no authorization header without a key', async () => {
    await client({ api: 'openai' }).embedQueries(['a']);
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('rejects a wrong count, bad indices, a wrong dimension and a wrong shape', async () => {
    const e = client({ api: 'openai' });
    handler = (_req, res) => json(res, 200, { data: [{ index: 0, embedding: vectorFor('a') }] });
    expect((await failure(e.embedQueries(['a', 'b']))).message).toMatch(/expected 2 embeddings, got 1/);
    handler = (_req, res) =>
      json(res, 200, { data: [{ index: 0, embedding: vectorFor('a') }, { index: 0, embedding: vectorFor('b') }] });
    expect((await failure(e.embedQueries(['a', 'b']))).message).toMatch(/duplicate or out-of-range index/);
    handler = (_req, res) => json(res, 200, { data: [{ index: 0, embedding: vectorFor('a', 1536) }] });
    expect((await failure(e.embedQueries(['a']))).message).toMatch(/1536 dimensions, expected 8/);
    handler = (_req, res) => json(res, 200, [[1, 2]]);
    expect((await failure(e.embedQueries(['a']))).message).toMatch(/"data" array/);
  });

  it('retries a 500 then succeeds', async () => {
    handler = (req, res, n) => (n === 1 ? json(res, 500, 'oops') : openai(req, res, n));
    await expect(client({ api: 'openai' }).embedQueries(['a'])).resolves.toHaveLength(1);
    expect(seen).toHaveLength(2);
  });
});

describe('CachedEmbedder over HTTP', () => {
  it('answers a repeated query from the cache without reaching the server; passages are not cached', async () => {
    const e = new CachedEmbedder(client(), { maxEntries: 10 });
    const [first] = await e.embedQueries(['carbon pricing']);
    expect(seen).toHaveLength(1);
    first![0] = 42; // callers get copies
    const [second] = await e.embedQueries(['carbon pricing']);
    expect(seen).toHaveLength(1);
    expect(second![0]).not.toBe(42);

    const mixed = await e.embedQueries(['carbon pricing', 'hydrogen', 'hydrogen']);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.body.inputs).toEqual(['query: hydrogen']);
    expect(Array.from(mixed[1]!)).toEqual(Array.from(mixed[2]!));
    expect(Array.from(mixed[0]!)).toEqual(Array.from(second!));

    await e.embedPassages(['carbon pricing']);
    await e.embedPassages(['carbon pricing']);
    expect(seen).toHaveLength(4);
    expect(e.kind).toBe('http');
    expect(e.dimensions).toBe(DIMS);
    await e.close();
  });
});
