import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the server answers for now: as a model would, or as a service in trouble would. */
export type FakeEmbeddingMode =
  | { kind: 'ok' }
  /** Every request answered with this status and an error body (TEI's and OpenAI's shapes). */
  | { kind: 'status'; status: number }
  /** Requests are read and never answered (a stuck model). */
  | { kind: 'hang' }
  /** Vectors of another length than the model's. */
  | { kind: 'dimensions'; dimensions: number };

export interface FakeEmbeddingServer {
  url: string;
  /** Requests received so far (the embedding ones, health checks excluded). */
  readonly requests: number;
  setMode(mode: FakeEmbeddingMode): void;
  close(): Promise<void>;
}

/**
 * A text-embeddings service on loopback, for the HTTP embedder's contract suite: a real node HTTP
 * server on an ephemeral port speaking both Hugging Face TEI (`POST /embed` → `[[...]]`) and the
 * OpenAI-compatible API (`POST /v1/embeddings` → `{data: [{index, embedding}]}`), with TEI's
 * `GET /health` and `GET /info`. A vector is a function of the text alone (a PRNG seeded by the
 * text's SHA-256), L2-normalised as TEI answers by default: the same text always gets the same
 * vector, whatever else is in the batch. With `apiKey`, requests without `Bearer <apiKey>` get 401.
 */
export async function startFakeEmbeddingServer(options: { dimensions: number; model?: string; apiKey?: string; maxBatch?: number }): Promise<FakeEmbeddingServer> {
  const { dimensions, apiKey, maxBatch = 512 } = options;
  const model = options.model ?? 'fake/hash-embedder';
  let mode: FakeEmbeddingMode = { kind: 'ok' };
  let requests = 0;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const route = `${req.method} ${req.url}`;
      if (route === 'GET /health') return send(res, 200, {});
      if (route === 'GET /info') return send(res, 200, { model_id: model, max_client_batch_size: maxBatch });
      if (route !== 'POST /embed' && route !== 'POST /v1/embeddings') return send(res, 404, { error: `no route ${route}` });
      requests++;
      const openai = route === 'POST /v1/embeddings';
      if (apiKey && req.headers.authorization !== `Bearer ${apiKey}`) return fail(res, openai, 401, 'missing or wrong API key');
      if (mode.kind === 'hang') return;
      if (mode.kind === 'status') return fail(res, openai, mode.status, `the model answered ${mode.status}`);
      let body: { inputs?: unknown; input?: unknown };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return fail(res, openai, 422, 'the body is not JSON');
      }
      const given = openai ? body.input : body.inputs;
      const texts = typeof given === 'string' ? [given] : given;
      if (!Array.isArray(texts) || !texts.every((t) => typeof t === 'string')) return fail(res, openai, 422, 'inputs must be a string or an array of strings');
      if (texts.length > maxBatch) return fail(res, openai, 413, `batch size ${texts.length} > maximum allowed batch size ${maxBatch}`);
      const length = mode.kind === 'dimensions' ? mode.dimensions : dimensions;
      const vectors = texts.map((t) => fakeVector(t, length));
      if (!openai) return send(res, 200, vectors);
      const tokens = texts.reduce((n, t) => n + t.split(/\s+/).filter(Boolean).length, 0);
      send(res, 200, { object: 'list', model, data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })), usage: { prompt_tokens: tokens, total_tokens: tokens } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return requests;
    },
    setMode: (next) => void (mode = next),
    close: () =>
      new Promise<void>((resolve) => {
        // Hung requests too: nothing of the server outlives the suite.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The vector the server gives `text`: unit length, `dimensions` values from a PRNG seeded by its SHA-256. */
export function fakeVector(text: string, dimensions: number): number[] {
  const seed = createHash('sha256').update(text, 'utf8').digest();
  let state = seed.readUInt32LE(0) || 1;
  const values = Array.from({ length: dimensions }, () => {
    // xorshift32: deterministic and well spread, which is all a test vector needs.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000 - 0.5;
  });
  const norm = Math.sqrt(values.reduce((s, x) => s + x * x, 0)) || 1;
  return values.map((x) => x / norm);
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** An error in the shape each API uses: TEI `{error, error_type}`, OpenAI `{error: {message, type}}`. */
function fail(res: http.ServerResponse, openai: boolean, status: number, message: string): void {
  const type = status === 401 ? 'authentication_error' : status === 413 || status === 422 ? 'validation' : 'backend';
  send(res, status, openai ? { error: { message, type, code: status } } : { error: message, error_type: type });
}
