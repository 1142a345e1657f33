import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@elastic/elasticsearch';
import type { Paper } from '../papers/paper';
import { searchBody } from './elasticsearch-query';
import { ElasticsearchBulkError, ElasticsearchKeywordIndex, loadIndexDefinition } from './keyword-index.elasticsearch';
import type { KeywordQuery } from './keyword-index.port';

/**
 * The adapter's requests, checked against a small real HTTP server that records what it receives
 * and answers canned Elasticsearch responses (no mocking library: the real client, the real wire).
 */

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON, an array of parsed lines for NDJSON (bulk), or undefined. */
  body: any;
}
interface Reply {
  status?: number;
  body?: unknown;
}
type Handler = (req: Recorded) => Reply;

interface FakeElasticsearch {
  url: string;
  requests: Recorded[];
  /** Each request as `METHOD /path`, the sequence a test asserts on. */
  lines(): string[];
  close(): Promise<void>;
}

async function startFakeElasticsearch(handler: Handler): Promise<FakeElasticsearch> {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const raw = Buffer.concat(chunks).toString('utf8');
      const body =
        raw === ''
          ? undefined
          : (req.headers['content-type'] ?? '').includes('ndjson')
            ? raw.split('\n').filter(Boolean).map((line) => JSON.parse(line))
            : JSON.parse(raw);
      const recorded = { method: req.method ?? '', path: decodeURIComponent(url.pathname), query: url.searchParams, body };
      requests.push(recorded);
      let reply: Reply;
      try {
        reply = handler(recorded);
      } catch (err) {
        reply = { status: 500, body: { error: { type: 'fake_server_error', reason: String(err) }, status: 500 } };
      }
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', 'x-elastic-product': 'Elasticsearch' });
      res.end(reply.body === undefined || req.method === 'HEAD' ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    lines: () => requests.map((r) => `${r.method} ${r.path}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const esError = (status: number, type: string, reason = type): Reply => ({
  status,
  body: { error: { root_cause: [{ type, reason }], type, reason }, status },
});
const ack: Reply = { body: { acknowledged: true } };
/** A bulk answer that accepts every action of the request, or fails those `fail` picks. */
const bulkReply = (req: Recorded, fail: (action: string, id: string) => Reply['body'] | undefined = () => undefined): Reply => {
  const actions = (req.body as Record<string, { _id: string }>[]).filter((line) => 'index' in line || 'delete' in line);
  let errors = false;
  const items = actions.map((line) => {
    const [action, meta] = Object.entries(line)[0]!;
    const error = fail(action, meta._id);
    if (error) errors = true;
    return { [action]: error ? { _id: meta._id, _index: 'x', status: 400, error } : { _id: meta._id, _index: 'x', status: 201, result: 'created' } };
  });
  return { body: { took: 1, errors, items } };
};

const paper = (id: string, fields: Partial<Paper> = {}): Paper => ({
  id,
  doi: null,
  title: `Paper ${id}`,
  title_ja: null,
  title_en: null,
  authors: ['A. Author'],
  year: 2024,
  abstract: null,
  ai_summary_en: null,
  ai_summary_ja: null,
  source_url: null,
  venue: null,
  venue_type: null,
  topic: null,
  tags: [],
  lang: 'en',
  source: 'test',
  shelf: null,
  is_peer_reviewed: null,
  draft_score: null,
  publication_date: null,
  pdf_url: null,
  updated_at: '2024-05-01T00:00:00Z',
  ...fields,
});

async function* batchesOf(...batches: Paper[][]): AsyncIterable<Paper[]> {
  for (const batch of batches) yield batch;
}

const ALIAS = 'gx-papers';
let fake: FakeElasticsearch | undefined;
let client: Client | undefined;

async function setUp(handler: Handler, batchSize?: number): Promise<{ index: ElasticsearchKeywordIndex; es: FakeElasticsearch }> {
  fake = await startFakeElasticsearch(handler);
  client = new Client({ node: fake.url, maxRetries: 0 });
  return { index: new ElasticsearchKeywordIndex({ url: fake.url, index: ALIAS }, { client, batchSize }), es: fake };
}

afterEach(async () => {
  await client?.close();
  await fake?.close();
  client = undefined;
  fake = undefined;
});

describe('init', () => {
  it('creates the first versioned index with the alias, settings and mappings in one request when the alias is missing', async () => {
    const { index, es } = await setUp((req) => (req.method === 'HEAD' ? { status: 404 } : { body: { acknowledged: true, index: req.path.slice(1) } }));
    await index.init();
    expect(es.lines()).toEqual(['HEAD /_alias/gx-papers', 'PUT /gx-papers-v1']);
    const { settings, mappings } = loadIndexDefinition();
    expect(es.requests[1]!.body).toEqual({ settings, mappings, aliases: { [ALIAS]: {} } });
    expect(mappings.properties?.title).toMatchObject({ type: 'wildcard' });
  });

  it('leaves an existing alias (and the data behind it) alone', async () => {
    const { index, es } = await setUp(() => ({ status: 200 }));
    await index.init();
    expect(es.lines()).toEqual(['HEAD /_alias/gx-papers']);
  });

  it('succeeds when another process created the index and alias first', async () => {
    let aliasChecks = 0;
    const { index, es } = await setUp((req) =>
      req.method === 'HEAD' ? { status: aliasChecks++ === 0 ? 404 : 200 } : esError(400, 'resource_already_exists_exception'),
    );
    await expect(index.init()).resolves.toBeUndefined();
    expect(es.lines()).toEqual(['HEAD /_alias/gx-papers', 'PUT /gx-papers-v1', 'HEAD /_alias/gx-papers']);
  });

  it('explains a versioned index left without its alias instead of failing obscurely', async () => {
    const { index } = await setUp((req) => (req.method === 'HEAD' ? { status: 404 } : esError(400, 'resource_already_exists_exception')));
    await expect(index.init()).rejects.toThrow(/gx-papers-v1 exists but alias gx-papers does not/);
  });
});

describe('upsert and remove', () => {
  it('writes through the alias in bulk batches, waiting for a refresh so a search right after sees them', async () => {
    const { index, es } = await setUp((req) => bulkReply(req), 2);
    await index.upsert([paper('p1', { title: 'ＣＯ２ Emissions' }), paper('p2'), paper('p3')]);
    expect(es.lines()).toEqual(['POST /gx-papers/_bulk', 'POST /gx-papers/_bulk']);
    for (const req of es.requests) expect(req.query.get('refresh')).toBe('wait_for');
    const [first] = es.requests;
    expect(first!.body).toHaveLength(4);
    expect(first!.body[0]).toEqual({ index: { _id: 'p1' } });
    // The normalised search text goes to the wildcard fields; the paper itself comes back unchanged from _source.
    expect(first!.body[1]).toMatchObject({ id: 'p1', title: ['co2 emissions'], paper: paper('p1', { title: 'ＣＯ２ Emissions' }) });
    expect(es.requests[1]!.body.map((line: object) => Object.keys(line)[0])).toEqual(['index', 'id']);
  });

  it('throws a clear error naming the rejected papers when any bulk item fails', async () => {
    const { index } = await setUp((req) =>
      bulkReply(req, (_, id) => (id === 'p2' ? { type: 'mapper_parsing_exception', reason: 'failed to parse field [year]' } : undefined)),
    );
    const failure = index.upsert([paper('p1'), paper('p2'), paper('p3')]);
    await expect(failure).rejects.toThrow(ElasticsearchBulkError);
    await expect(failure).rejects.toThrow(/rejected 1 of 3 bulk operations on gx-papers: index p2: 400 mapper_parsing_exception \(failed to parse field \[year\]\)/);
  });

  it('removes by id through the alias and ignores ids that are not indexed', async () => {
    const { index, es } = await setUp((req) => ({
      body: {
        took: 1,
        errors: false,
        items: (req.body as { delete: { _id: string } }[]).map(({ delete: { _id } }) => ({
          delete: { _id, _index: 'gx-papers-v1', status: 404, result: 'not_found' },
        })),
      },
    }));
    await expect(index.remove(['unknown'])).resolves.toBeUndefined();
    expect(es.lines()).toEqual(['POST /gx-papers/_bulk']);
    expect(es.requests[0]!.body).toEqual([{ delete: { _id: 'unknown' } }]);
  });

  it('sends nothing for an empty list', async () => {
    const { index, es } = await setUp(() => ({ status: 500 }));
    await index.upsert([]);
    await index.remove([]);
    expect(es.requests).toEqual([]);
  });
});

describe('rebuild', () => {
  const serving = { 'gx-papers-v1': { aliases: { [ALIAS]: {} } } };

  it('loads a new versioned index, then moves the alias to it in one atomic request, then deletes the old index', async () => {
    const { index, es } = await setUp((req) => {
      if (req.method === 'GET' && req.path === '/_alias/gx-papers') return { body: serving };
      if (req.path.endsWith('/_bulk')) return bulkReply(req);
      return ack;
    }, 2);
    await index.rebuild(batchesOf([paper('p1'), paper('p2'), paper('p3')], [paper('p4')]));

    const next = es.requests[1]!.path.slice(1);
    expect(next).toMatch(/^gx-papers-v\d+$/);
    expect(next).not.toBe('gx-papers-v1');
    expect(es.lines()).toEqual([
      'GET /_alias/gx-papers',
      `PUT /${next}`,
      `POST /${next}/_bulk`,
      `POST /${next}/_bulk`,
      `POST /${next}/_bulk`,
      `GET /${next}/_refresh`,
      'POST /_aliases',
      'DELETE /gx-papers-v1',
    ]);
    // The new index is built without the alias, so searches keep hitting the old one while it loads.
    expect(es.requests[1]!.body.aliases).toBeUndefined();
    expect(es.requests[1]!.body.mappings).toEqual(loadIndexDefinition().mappings);
    const loaded = es.requests.filter((r) => r.path.endsWith('/_bulk')).flatMap((r) => r.body.filter((l: any) => l.index).map((l: any) => l.index._id));
    expect(loaded).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(es.requests.filter((r) => r.path.endsWith('/_bulk')).every((r) => r.query.get('refresh') !== 'wait_for')).toBe(true);
    expect(es.requests[6]!.body).toEqual({
      actions: [
        { remove: { index: 'gx-papers-v1', alias: ALIAS, must_exist: true } },
        { add: { index: next, alias: ALIAS } },
      ],
    });
  });

  it('creates the alias when there was none, deleting nothing', async () => {
    const { index, es } = await setUp((req) => {
      if (req.path === '/_alias/gx-papers') return { status: 404, body: { error: 'alias [gx-papers] missing', status: 404 } };
      if (req.path.endsWith('/_bulk')) return bulkReply(req);
      return ack;
    });
    await index.rebuild(batchesOf([paper('p1')]));
    const swap = es.requests.find((r) => r.path === '/_aliases')!;
    expect(swap.body.actions).toEqual([{ add: { index: es.requests[1]!.path.slice(1), alias: ALIAS } }]);
    expect(es.lines().some((l) => l.startsWith('DELETE'))).toBe(false);
  });

  it('leaves the alias and the old index untouched, and drops the half-built index, when a bulk item fails', async () => {
    const { index, es } = await setUp((req) => {
      if (req.path === '/_alias/gx-papers') return { body: serving };
      if (req.path.endsWith('/_bulk')) return bulkReply(req, (_, id) => (id === 'bad' ? { type: 'illegal_argument_exception', reason: 'nope' } : undefined));
      return ack;
    });
    await expect(index.rebuild(batchesOf([paper('p1'), paper('bad')]))).rejects.toThrow(/index bad: 400 illegal_argument_exception/);
    const next = es.requests[1]!.path.slice(1);
    expect(es.lines()).toEqual(['GET /_alias/gx-papers', `PUT /${next}`, `POST /${next}/_bulk`, `DELETE /${next}`]);
  });

  it('keeps the new index when the swap answer was lost but the alias already serves it', async () => {
    let next = '';
    let swapped = false;
    const { index, es } = await setUp((req) => {
      if (req.method === 'PUT') next = req.path.slice(1);
      if (req.path === '/_alias/gx-papers') return { body: swapped ? { [next]: { aliases: { [ALIAS]: {} } } } : serving };
      // As if a retried request found its first attempt already applied.
      if (req.path === '/_aliases') return (swapped = true), esError(404, 'aliases_not_found_exception');
      if (req.path.endsWith('/_bulk')) return bulkReply(req);
      return ack;
    });
    await index.rebuild(batchesOf([paper('p1')]));
    expect(es.lines().slice(-3)).toEqual(['POST /_aliases', 'GET /_alias/gx-papers', 'DELETE /gx-papers-v1']);
  });
});

describe('search, count, ping', () => {
  const query: KeywordQuery = { terms: ['水素'], filters: { langs: ['ja', 'mul'] }, offset: 0, limit: 10 };

  it('sends the built query to the alias and returns the stored papers with their scores and the exact total', async () => {
    const stored = paper('p1', { title_ja: '水素エネルギー', lang: 'ja' });
    const { index, es } = await setUp(() => ({
      body: {
        took: 1,
        timed_out: false,
        _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
        hits: {
          total: { value: 42, relation: 'eq' },
          max_score: 4,
          hits: [{ _index: 'gx-papers-v1', _id: 'p1', _score: 4, _source: { paper: stored }, sort: [4, 2024, 'p1'] }],
        },
      },
    }));
    await expect(index.search(query)).resolves.toEqual({ total: 42, hits: [{ paper: stored, score: 4 }] });
    expect(es.lines()).toEqual(['POST /gx-papers/_search']);
    expect(es.requests[0]!.body).toEqual(JSON.parse(JSON.stringify(searchBody(query))));
  });

  it('refuses a page beyond the result window before asking Elasticsearch', async () => {
    const { index, es } = await setUp(() => ({ status: 500 }));
    await expect(index.search({ ...query, offset: 9_995, limit: 10 })).rejects.toThrow(RangeError);
    expect(es.requests).toEqual([]);
  });

  it('counts through the alias', async () => {
    const { index, es } = await setUp(() => ({ body: { count: 1234, _shards: { total: 1, successful: 1, skipped: 0, failed: 0 } } }));
    await expect(index.count()).resolves.toBe(1234);
    expect(es.lines()).toEqual(['GET /gx-papers/_count']);
  });

  it('pings the cluster and throws when it is unreachable', async () => {
    const { index, es } = await setUp(() => ({ status: 200 }));
    await expect(index.ping()).resolves.toBeUndefined();
    expect(es.lines()).toEqual(['HEAD /']);
    await client!.close();
    await es.close();
    const unreachable = new ElasticsearchKeywordIndex({ url: es.url, index: ALIAS });
    await expect(unreachable.ping()).rejects.toThrow();
    await unreachable.close();
  });

  it('works from a configuration holding only the url and the index name', async () => {
    fake = await startFakeElasticsearch((req) => (req.method === 'HEAD' ? { status: 200 } : { body: { count: 7 } }));
    const index = new ElasticsearchKeywordIndex({ url: fake.url, index: 'other-papers' });
    expect(index.kind).toBe('elasticsearch');
    expect(index.processLocal).toBe(false);
    await index.init();
    await expect(index.count()).resolves.toBe(7);
    await index.close();
    expect(fake.lines()).toEqual(['HEAD /_alias/other-papers', 'GET /other-papers/_count']);
  });
});
