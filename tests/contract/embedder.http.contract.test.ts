import { HttpEmbedder, type HttpEmbedderOptions } from '../../modules/embeddings/embedder.http';
import { startFakeEmbeddingServer, type FakeEmbeddingMode, type FakeEmbeddingServer } from '../support/fake-embedding-server';
import { freePort } from '../support/services';
import { testConfig } from '../support/test-run';
import { embedderContract } from './embedder.contract';

const DIMENSIONS = 48;
const API_KEY = 'sk-contract-test';

describe.each([
  { api: 'tei' as const, title: 'TEI /embed' },
  { api: 'openai' as const, title: 'OpenAI-compatible /v1/embeddings, with an API key' },
])('Embedder contract: the HTTP embedder against a local model server ($title)', ({ api }) => {
  const servers: FakeEmbeddingServer[] = [];
  let healthy: FakeEmbeddingServer;

  /** A server of its own in one mode: modes are server-wide, and the healthy one must stay healthy. */
  const server = async (mode: FakeEmbeddingMode = { kind: 'ok' }) => {
    const s = await startFakeEmbeddingServer({ dimensions: DIMENSIONS, apiKey: api === 'openai' ? API_KEY : undefined });
    s.setMode(mode);
    servers.push(s);
    return s;
  };
  // Batches of 3, so the contract's texts take several requests; short pauses between retries.
  const client = (url: string, overrides: Partial<HttpEmbedderOptions> = {}) =>
    new HttpEmbedder({ ...testConfig({}).embedding, api, model: 'fake/hash-embedder', apiKey: api === 'openai' ? API_KEY : undefined, url, dimensions: DIMENSIONS, batchSize: 3, retries: 2, retryBaseMs: 5, ...overrides });

  beforeAll(async () => {
    healthy = await server();
  });
  afterAll(async () => {
    for (const s of servers.splice(0)) await s.close();
  });

  embedderContract({
    make: async () => client(healthy.url),
    dimensions: DIMENSIONS,
    refusesAfterClose: true,
    failures: [
      { name: 'it answers 503, every time', make: async () => client((await server({ kind: 'status', status: 503 })).url) },
      // Short budgets, so the embedder itself gives up on the stuck server soon.
      { name: 'it never answers', make: async () => client((await server({ kind: 'hang' })).url, { timeoutMs: 100, queryTimeoutMs: 200 }) },
      { name: 'nothing listens at its address', make: async () => client(`http://127.0.0.1:${await freePort()}`) },
      { name: 'it answers vectors of another length', make: async () => client((await server({ kind: 'dimensions', dimensions: DIMENSIONS * 2 })).url) },
      {
        name: 'it refuses the credentials',
        // The OpenAI-shaped server checks the key itself; TEI has none to check, so it is told to refuse.
        make: async () => (api === 'openai' ? client(healthy.url, { apiKey: 'sk-wrong' }) : client((await server({ kind: 'status', status: 401 })).url)),
      },
    ],
  });
});
