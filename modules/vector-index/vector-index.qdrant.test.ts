import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { testConfig } from '../../tests/support/test-run';
import { qdrantPointId } from './qdrant-filter';
import { EmbeddedVectorIndex } from './vector-index.embedded';
import { createVectorIndex } from './vector-index.factory';
import type { VectorItem } from './vector-index.port';
import { loadQdrantCollectionSettings, QdrantVectorIndex } from './vector-index.qdrant';

interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  body: any;
}

/** A loopback stand-in for Qdrant: records every request and answers canned JSON. */
class FakeQdrant {
  readonly requests: Recorded[] = [];
  collectionExists = false;
  existingSize = 4;
  searchResult: unknown[] = [];
  retrieveResult: unknown[] = [];
  /** Answer the next request with this error status. */
  failNext?: number;
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://localhost');
      const text = Buffer.concat(chunks).toString('utf8');
      const rec: Recorded = { method: req.method!, path: url.pathname, query: Object.fromEntries(url.searchParams), body: text ? JSON.parse(text) : undefined };
      this.requests.push(rec);
      const [status, result] = this.answer(rec);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status === 200 ? { result, status: 'ok', time: 0.001 } : { status: { error: String(result) }, time: 0 }));
    });
  });

  private answer(r: Recorded): [number, unknown] {
    if (this.failNext) {
      const status = this.failNext;
      this.failNext = undefined;
      return [status, 'Service internal error: disk full'];
    }
    const m = /^\/collections\/([^/]+)(\/.*)?$/.exec(r.path);
    if (!m) return [404, `no route ${r.path}`];
    const rest = `${r.method} ${m[2] ?? ''}`;
    switch (rest) {
      case 'GET /exists':
        return [200, { exists: this.collectionExists }];
      case 'GET ':
        return [200, { status: 'green', config: { params: { vectors: { size: this.existingSize, distance: 'Cosine' } } } }];
      case 'PUT ':
        return [200, true];
      case 'PUT /index':
      case 'PUT /points':
      case 'POST /points/delete':
        return [200, { operation_id: this.requests.length, status: 'completed' }];
      case 'POST /points/search':
        return [200, this.searchResult];
      case 'POST /points':
        return [200, this.retrieveResult];
      case 'POST /points/count':
        return [200, { count: 42 }];
      default:
        return [404, `no route ${rest}`];
    }
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  take(): Recorded[] {
    return this.requests.splice(0);
  }
}

const payload = { topic: 'hydrogen', lang: 'ja' as const, shelf: 'curated' as const, draft_score: 80 };
const item = (id: string, ...v: number[]): VectorItem => ({ id, vector: Float32Array.from(v), payload });

describe('QdrantVectorIndex requests', () => {
  const fake = new FakeQdrant();
  let url: string;
  let index: QdrantVectorIndex;
  beforeAll(async () => {
    url = await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
  });
  beforeEach(() => {
    fake.take();
    fake.collectionExists = false;
    index = new QdrantVectorIndex({ url, collection: 'gx-test', dimensions: 4, batchSize: 2 });
  });

  it('creates the collection from the infra settings, with the configured size, and its payload indexes', async () => {
    await index.init();
    const settings = loadQdrantCollectionSettings();
    const requests = fake.take();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /collections/gx-test/exists',
      'PUT /collections/gx-test',
      ...settings.payload_indexes.map(() => 'PUT /collections/gx-test/index'),
    ]);
    expect(requests[1]!.body).toEqual({
      vectors: { size: 4, distance: 'Cosine' },
      hnsw_config: settings.hnsw_config,
      optimizers_config: settings.optimizers_config,
    });
    expect(requests.slice(2).map((r) => r.body)).toEqual([
      { field_name: 'topic', field_schema: 'keyword' },
      { field_name: 'lang', field_schema: 'keyword' },
      { field_name: 'shelf', field_schema: 'keyword' },
      { field_name: 'draft_score', field_schema: 'float' },
    ]);
    for (const r of requests.slice(2)) expect(r.query.wait).toBe('true');
  });

  it('the infra settings: 1024 dimensions, cosine, indexes on topic, lang, shelf and draft_score', () => {
    const settings = loadQdrantCollectionSettings();
    expect(settings.vectors).toEqual({ size: 1024, distance: 'Cosine' });
    expect(settings.payload_indexes.map((i) => `${i.field_name}:${i.field_schema}`)).toEqual(['topic:keyword', 'lang:keyword', 'shelf:keyword', 'draft_score:float']);
    expect(new QdrantVectorIndex({ url, collection: 'x' }).dimensions).toBe(1024);
  });

  it('an existing collection is checked, not re-created; a size mismatch is reported', async () => {
    fake.collectionExists = true;
    await index.init();
    expect(fake.take().map((r) => `${r.method} ${r.path}`).slice(0, 2)).toEqual(['GET /collections/gx-test/exists', 'GET /collections/gx-test']);
    fake.existingSize = 1024;
    await expect(index.init()).rejects.toThrow(/holds 1024-dimensional vectors, the index is configured for 4/);
    fake.existingSize = 4;
  });

  it('upserts in batches, waiting for each, with UUID point ids and the paper id in the payload', async () => {
    await index.upsert([item('a', 1, 0, 0, 0), item('b', 0, 1, 0, 0), item('c', 0, 0, 0.5, 0)]);
    const requests = fake.take();
    expect(requests.map((r) => `${r.method} ${r.path} wait=${r.query.wait}`)).toEqual([
      'PUT /collections/gx-test/points wait=true',
      'PUT /collections/gx-test/points wait=true',
    ]);
    expect(requests[0]!.body.points).toEqual([
      { id: qdrantPointId('a'), vector: [1, 0, 0, 0], payload: { paper_id: 'a', ...payload } },
      { id: qdrantPointId('b'), vector: [0, 1, 0, 0], payload: { paper_id: 'b', ...payload } },
    ]);
    expect(requests[1]!.body.points).toEqual([{ id: qdrantPointId('c'), vector: [0, 0, 0.5, 0], payload: { paper_id: 'c', ...payload } }]);
    await expect(index.upsert([item('d', 1, 2)])).rejects.toThrow(/2 dimensions, the index has 4/);
    expect(fake.take()).toEqual([]);
  });

  it('removes by point id, in batches, waiting', async () => {
    await index.remove(['a', 'b', 'c']);
    const requests = fake.take();
    expect(requests.map((r) => `${r.method} ${r.path} wait=${r.query.wait}`)).toEqual([
      'POST /collections/gx-test/points/delete wait=true',
      'POST /collections/gx-test/points/delete wait=true',
    ]);
    expect(requests.map((r) => r.body.points)).toEqual([[qdrantPointId('a'), qdrantPointId('b')], [qdrantPointId('c')]]);
  });

  it('searches with the filter inside the request and the limit, and maps point ids back to paper ids', async () => {
    fake.searchResult = [
      { id: qdrantPointId('b'), version: 1, score: 0.75, payload: { paper_id: 'b' } },
      { id: qdrantPointId('c'), version: 1, score: 0.9, payload: { paper_id: 'c' } },
      { id: qdrantPointId('a'), version: 1, score: 0.75, payload: { paper_id: 'a' } },
    ];
    const hits = await index.search(Float32Array.from([0.5, 0.5, 0, 0]), { topic: 'hydrogen', langs: ['ja', 'mul'], minDraftScore: 50 }, 7);
    expect(hits).toEqual([{ id: 'c', score: 0.9 }, { id: 'a', score: 0.75 }, { id: 'b', score: 0.75 }]);
    const [request] = fake.take();
    expect(`${request!.method} ${request!.path}`).toBe('POST /collections/gx-test/points/search');
    expect(request!.body).toEqual({
      vector: [0.5, 0.5, 0, 0],
      filter: {
        must: [
          { key: 'topic', match: { value: 'hydrogen' } },
          { key: 'lang', match: { any: ['ja', 'mul'] } },
          { key: 'draft_score', range: { gte: 50 } },
        ],
      },
      limit: 7,
      offset: 0,
      with_payload: ['paper_id'],
      with_vector: false,
      params: loadQdrantCollectionSettings().search_params,
    });
  });

  it('an unfiltered search sends no filter; an empty langs list or limit 0 sends nothing', async () => {
    fake.searchResult = [];
    await index.search(Float32Array.from([1, 0, 0, 0]), {}, 3);
    expect(fake.take()[0]!.body.filter).toBeUndefined();
    expect(await index.search(Float32Array.from([1, 0, 0, 0]), { langs: [] }, 3)).toEqual([]);
    expect(await index.search(Float32Array.from([1, 0, 0, 0]), {}, 0)).toEqual([]);
    expect(fake.take()).toEqual([]);
  });

  it('reads stored vectors by point id and maps them back to paper ids', async () => {
    fake.retrieveResult = [{ id: qdrantPointId('b'), payload: { paper_id: 'b' }, vector: [0, 1, 0, 0] }];
    const vectors = await index.vectorsOf(['b', 'zz', 'b']);
    expect([...vectors.keys()]).toEqual(['b']);
    expect([...vectors.get('b')!]).toEqual([0, 1, 0, 0]);
    const [request] = fake.take();
    expect(`${request!.method} ${request!.path}`).toBe('POST /collections/gx-test/points');
    expect(request!.body).toEqual({ ids: [qdrantPointId('b'), qdrantPointId('zz')], with_payload: ['paper_id'], with_vector: true });
    expect(await index.vectorsOf([])).toEqual(new Map());
    expect(fake.take()).toEqual([]);
  });

  it('counts exactly and pings the collection', async () => {
    expect(await index.count()).toBe(42);
    await index.ping();
    const requests = fake.take();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /collections/gx-test/points/count', 'GET /collections/gx-test']);
    expect(requests[0]!.body).toEqual({ exact: true });
  });

  it('reports a server error', async () => {
    fake.failNext = 500;
    await expect(index.upsert([item('a', 1, 0, 0, 0)])).rejects.toThrow(/disk full|Internal Server Error/);
  });
});

describe('createVectorIndex', () => {
  it('picks Qdrant when QDRANT_URL is set, else the embedded index under DATA_DIR/vectors', () => {
    const qdrant = createVectorIndex(testConfig({ QDRANT_URL: 'http://127.0.0.1:6333', EMBEDDING_DIMENSIONS: '384' }));
    expect(qdrant).toBeInstanceOf(QdrantVectorIndex);
    expect(qdrant.dimensions).toBe(384);
    const embedded = createVectorIndex(testConfig({ DATA_DIR: '/nowhere/gx-data' }));
    expect(embedded).toBeInstanceOf(EmbeddedVectorIndex);
    expect(embedded.kind).toBe('embedded');
    expect(embedded.dimensions).toBe(1024);
    expect((embedded as unknown as { directory: string }).directory).toBe(path.join('/nowhere/gx-data', 'vectors'));
  });
});
