import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@elastic/elasticsearch';
import { CONNECTED_PAPERS, CONTRACT_QUERIES, FIXTURE_PAPERS, ORDER_GUARANTEES } from '../../tests/contract/fixture-papers';
import { ElasticsearchSemantics } from '../../tests/support/elasticsearch-semantics';
import { referenceSearch } from '../../tests/support/reference-search';
import type { Paper } from '../../shared/papers/paper.schema';
import { IndexMappingVersionError } from './elasticsearch-mapping-version';
import { corpusStatsBody, countBody, countEachSearches, MAX_SCORED_TERMS, paperDocument, rankBody, searchBody } from './elasticsearch-query';
import { idfsFromCorpusStats, type CorpusStatsAnswer } from './elasticsearch-ranking';
import { ElasticsearchBulkError, ElasticsearchKeywordIndex, loadIndexDefinition } from './keyword-index.elasticsearch';
import type { KeywordQuery } from './keyword-index.port';
import { MemoryKeywordIndex } from './keyword-index.memory';
import { subsetSuggestion } from './subset-suggestion';
import { createFrozenKeywordIndex } from './frozen-index';
import { splitTerms } from '../../shared/text/normalize';
import { PROXIMITY } from './relevance';
import { storedPaper } from '../../tests/support/paper-fixtures';

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
/** `GET <alias>/_mapping` of an index built from this release's definition, or from the unversioned first one. */
const servedMapping = (index = 'gx-papers-v2', mappings: object = loadIndexDefinition().mappings): Reply => ({ body: { [index]: { mappings } } });
const firstReleaseMapping = servedMapping('gx-papers-v1', { dynamic: 'strict', _meta: { description: 'the first release' }, properties: {} });
const isMappingRequest = (req: Recorded) => req.method === 'GET' && req.path === '/gx-papers/_mapping';
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

const paper = (id: string, fields: Partial<Paper> = {}): Paper =>
  storedPaper({ id, title: `Paper ${id}`, authors: ['A. Author'], year: 2024, lang: 'en', source: 'test', ...fields });

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
    const { index, es } = await setUp((req) => (isMappingRequest(req) ? servedMapping() : bulkReply(req)), 2);
    await index.upsert([paper('p1', { title: 'ＣＯ２ Emissions' }), paper('p2'), paper('p3')]);
    await index.upsert([paper('p4')]);
    // The served mapping is checked once, before the first write.
    expect(es.lines()).toEqual(['GET /gx-papers/_mapping', 'POST /gx-papers/_bulk', 'POST /gx-papers/_bulk', 'POST /gx-papers/_bulk']);
    const bulks = es.requests.slice(1);
    for (const req of bulks) expect(req.query.get('refresh')).toBe('wait_for');
    const [first] = bulks;
    expect(first!.body).toHaveLength(4);
    expect(first!.body[0]).toEqual({ index: { _id: 'p1' } });
    // The normalised search text goes to the wildcard fields; the paper itself comes back unchanged from _source.
    expect(first!.body[1]).toMatchObject({ id: 'p1', title: ['co2 emissions'], paper: paper('p1', { title: 'ＣＯ２ Emissions' }) });
    expect(first!.body[1]).toEqual(paperDocument(paper('p1', { title: 'ＣＯ２ Emissions' })));
    expect(bulks[1]!.body.map((line: object) => Object.keys(line)[0])).toEqual(['index', 'id']);
  });

  it('refuses to write into an index of an older mapping, naming the fix, and sends nothing', async () => {
    const { index, es } = await setUp((req) => (isMappingRequest(req) ? firstReleaseMapping : bulkReply(req)));
    const failure = index.upsert([paper('p1')]);
    await expect(failure).rejects.toThrow(IndexMappingVersionError);
    await expect(failure).rejects.toThrow('Elasticsearch index gx-papers-v1 has mapping version 1, this release needs 4: run gx reindex');
    expect(es.lines()).toEqual(['GET /gx-papers/_mapping']);
  });

  it('throws a clear error naming the rejected papers when any bulk item fails', async () => {
    const { index } = await setUp((req) =>
      isMappingRequest(req)
        ? servedMapping()
        : bulkReply(req, (_, id) => (id === 'p2' ? { type: 'mapper_parsing_exception', reason: 'failed to parse field [year]' } : undefined)),
    );
    const failure = index.upsert([paper('p1'), paper('p2'), paper('p3')]);
    await expect(failure).rejects.toThrow(ElasticsearchBulkError);
    await expect(failure).rejects.toThrow(/rejected 1 of 3 bulk operations on gx-papers: index p2: 400 mapper_parsing_exception \(failed to parse field \[year\]\)/);
  });

  it('removes by id through the alias and ignores ids that are not indexed', async () => {
    const { index, es } = await setUp((req) =>
      isMappingRequest(req)
        ? servedMapping()
        : {
            body: {
              took: 1,
              errors: false,
              items: (req.body as { delete: { _id: string } }[]).map(({ delete: { _id } }) => ({
                delete: { _id, _index: 'gx-papers-v2', status: 404, result: 'not_found' },
              })),
            },
          },
    );
    await expect(index.remove(['unknown'])).resolves.toBeUndefined();
    expect(es.lines()).toEqual(['GET /gx-papers/_mapping', 'POST /gx-papers/_bulk']);
    expect(es.requests[1]!.body).toEqual([{ delete: { _id: 'unknown' } }]);
  });

  it('removes nothing from an index of an older mapping either: the indexer waits for the reindex, setting nothing aside', async () => {
    const { index, es } = await setUp((req) => (isMappingRequest(req) ? firstReleaseMapping : bulkReply(req)));
    await expect(index.remove(['p1'])).rejects.toThrow(/has mapping version 1, this release needs 4: run gx reindex/);
    expect(es.lines()).toEqual(['GET /gx-papers/_mapping']);
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

  it('writes after a rebuild without checking the mapping: the new index is built from this release', async () => {
    const { index, es } = await setUp((req) => {
      if (req.method === 'GET' && req.path === '/_alias/gx-papers') return { body: serving };
      if (req.path.endsWith('/_bulk')) return bulkReply(req);
      return isMappingRequest(req) ? firstReleaseMapping : ack;
    });
    await index.rebuild(batchesOf([paper('p1')]));
    await index.upsert([paper('p2')]);
    expect(es.lines().filter((l) => l.includes('_mapping'))).toEqual([]);
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

/** A fake cluster that answers searches as Elasticsearch would (`tests/support/elasticsearch-semantics.ts`), over the fixture papers. */
async function setUpSearching(papers: Paper[] = FIXTURE_PAPERS) {
  const semantics = new ElasticsearchSemantics(papers.map(paperDocument), loadIndexDefinition());
  const set = await setUp((req) => {
    if (req.method === 'POST' && req.path === '/gx-papers/_search') return { body: semantics.search(req.body) };
    // _msearch: NDJSON of a header and a body per search, answered in order.
    if (req.method === 'POST' && req.path === '/gx-papers/_msearch') return { body: { took: 1, responses: (req.body as object[]).filter((_, i) => i % 2 === 1).map((b) => ({ ...semantics.search(b), status: 200 })) } };
    return { status: 404 };
  });
  return { ...set, semantics };
}
const asSent = (body: object) => JSON.parse(JSON.stringify(body));
const idsOf = (hits: { paper: Paper }[]) => hits.map((h) => h.paper.id);

describe('search', () => {
  const q = (terms: string[], extra: Partial<KeywordQuery> = {}): KeywordQuery => ({ terms, filters: {}, offset: 0, limit: 10, ...extra });

  it('asks once for one term, counting the statistics in the same request, and scales the scores by its idf', async () => {
    const { index, es, semantics } = await setUpSearching();
    const query = q(['hydrogen'], { filters: { langs: ['en', 'mul'] } });
    const result = await index.search(query);
    expect(es.lines()).toEqual(['POST /gx-papers/_search']);
    const body = searchBody(query, [1], { corpusStats: true });
    expect(es.requests[0]!.body).toEqual(asSent(body));
    const raw = semantics.search(body);
    const [hydrogenIdf] = idfsFromCorpusStats(['hydrogen'], raw.aggregations as CorpusStatsAnswer);
    expect(hydrogenIdf).toBeGreaterThan(0);
    expect(idsOf(result.hits)).toEqual(raw.hits.hits.map((h) => h._id));
    result.hits.forEach((h, i) => expect(h.score).toBeCloseTo(raw.hits.hits[i]!._score! * hydrogenIdf!, 9));
    expect(result.total).toBe(referenceSearch(FIXTURE_PAPERS, query).total);
  });

  it('counts the statistics first for several terms, then reads the whole proximity window and cuts the page from it', async () => {
    const { index, es, semantics } = await setUpSearching();
    const terms = ['district', 'cooling'];
    const result = await index.search(q(terms, { offset: 1, limit: 1 }));
    expect(es.lines()).toEqual(['POST /gx-papers/_search', 'POST /gx-papers/_search']);
    expect(es.requests[0]!.body).toEqual(asSent(corpusStatsBody(terms)));
    const idfs = idfsFromCorpusStats(terms, semantics.search(corpusStatsBody(terms)).aggregations as CorpusStatsAnswer);
    expect(es.requests[1]!.body).toEqual(asSent(searchBody(q(terms, { offset: 0, limit: PROXIMITY.window }), idfs)));
    const whole = await index.search(q(terms, { limit: 10 }));
    expect(idsOf(result.hits)).toEqual(idsOf(whole.hits.slice(1, 2)));
  });

  it('asks for a page past the proximity window alone', async () => {
    const { index, es } = await setUpSearching();
    await index.search(q(['climate', 'finance'], { offset: PROXIMITY.window + 10, limit: 5 }));
    expect(es.requests[1]!.body).toMatchObject({ from: PROXIMITY.window + 10, size: 5 });
  });

  it('only counts for a page of none', async () => {
    const { index, es } = await setUpSearching();
    const query = q(['carbon'], { limit: 0 });
    await expect(index.search(query)).resolves.toEqual({ total: referenceSearch(FIXTURE_PAPERS, query).total, hits: [] });
    expect(es.requests.map((r) => r.body)).toEqual([asSent(countBody(query))]);
  });

  it('refuses a page beyond the result window before asking Elasticsearch', async () => {
    const { index, es } = await setUp(() => ({ status: 500 }));
    await expect(index.search(q(['水素'], { offset: 9_995, limit: 10 }))).rejects.toThrow(RangeError);
    expect(es.requests).toEqual([]);
  });

  describe('over the contract fixture, read with Elasticsearch semantics', () => {
    it.each(CONTRACT_QUERIES)('matches what the reference matches: $name', async (c) => {
      const { index } = await setUpSearching();
      const query = q(c.terms, { filters: { topic: c.topic ?? undefined, langs: c.langs, shelf: c.shelf, minDraftScore: c.minDraftScore }, limit: 1000 });
      const result = await index.search(query);
      const expected = referenceSearch(FIXTURE_PAPERS, query);
      expect(result.total).toBe(expected.total);
      expect(idsOf(result.hits).sort()).toEqual([...expected.ids].sort());
    });

    it.each(ORDER_GUARANTEES)('ranks as the model decides: $name', async ({ terms, above, below }) => {
      const { index } = await setUpSearching();
      const ids = idsOf((await index.search(q(terms, { limit: 1000 }))).hits);
      expect(ids).toContain(below);
      expect(ids.indexOf(above)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(above)).toBeLessThan(ids.indexOf(below));
    });
  });
});

describe('many terms, countEach and the subset suggestion', () => {
  const q = (terms: string[], extra: Partial<KeywordQuery> = {}): KeywordQuery => ({ terms, filters: {}, offset: 0, limit: 1000, ...extra });
  const f06 = FIXTURE_PAPERS.find((p) => p.title === 'Carbon pricing and climate finance')!;
  /** 40 distinct two-letter pieces of f06's words, and one of them again. */
  const words = splitTerms(`${f06.title} ${f06.abstract}`);
  const pieces = [...new Set(words.flatMap((w) => Array.from({ length: w.length - 1 }, (_, i) => w.slice(i, i + 2))).filter((t) => /^[a-z]{2}$/.test(t)))].slice(0, 40);

  it(`matches a query of more than ${MAX_SCORED_TERMS} terms on every one, counting the statistics of and scoring only the first ${MAX_SCORED_TERMS}`, async () => {
    const { index, es, semantics } = await setUpSearching();
    const terms = [...pieces, pieces[0]!];
    const result = await index.search(q(terms, { limit: 10 }));
    const scored = terms.slice(0, MAX_SCORED_TERMS);
    expect(es.requests[0]!.body).toEqual(asSent(corpusStatsBody(scored)));
    const idfs = idfsFromCorpusStats(scored, semantics.search(corpusStatsBody(scored)).aggregations as CorpusStatsAnswer);
    const sent = es.requests[1]!.body;
    expect(sent).toEqual(asSent(searchBody(q(terms, { limit: PROXIMITY.window }), idfs)));
    // One match clause a distinct term, one scoring clause a scored term.
    expect(sent.query.bool.filter).toHaveLength(40);
    expect(sent.query.bool.should).toHaveLength(MAX_SCORED_TERMS);
    const expected = referenceSearch(FIXTURE_PAPERS, q(terms));
    expect(result.total).toBe(expected.total);
    expect(idsOf((await index.search(q(terms))).hits).sort()).toEqual([...expected.ids].sort());
    expect(idsOf(result.hits)).toContain(f06.id);
  });

  it('counts every set of terms in one _msearch of count bodies, each total the reference\'s, works under collapse', async () => {
    const papers = [...FIXTURE_PAPERS, ...CONNECTED_PAPERS];
    const { index, es } = await setUpSearching(papers);
    const sets = [['carbon'], ['carbon', 'pricing'], ['水素', '炭素'], ['zebra'], pieces, []];
    const filters = { langs: ['en' as const, 'mul' as const] };
    expect(await index.countEach(sets, filters)).toEqual(sets.map((terms) => referenceSearch(papers, q(terms, { filters })).total));
    expect(es.lines()).toEqual(['POST /gx-papers/_msearch']);
    expect(es.requests[0]!.body).toEqual(asSent(countEachSearches(sets, filters)));
    expect(es.requests[0]!.body.filter((_: unknown, i: number) => i % 2 === 1)).toEqual(sets.map((terms) => asSent(countBody({ terms, filters }))));
    const works = [['adaptation'], ['adaptation', 'coastal']];
    expect(await index.countEach(works, {}, 'versions')).toEqual(works.map((terms) => referenceSearch(papers, q(terms, { collapse: 'versions' })).total));
    expect(await index.countEach([['adaptation']], {}, 'versions')).toEqual([7]);
  });

  it('asks nothing to count no set, and names the set whose count failed', async () => {
    const { index, es } = await setUp((req) =>
      req.path === '/gx-papers/_msearch' ? { body: { took: 1, responses: [{ hits: { total: { value: 3, relation: 'eq' }, hits: [] }, status: 200 }, { error: { type: 'too_many_nested_clauses', reason: 'Query contains too many nested clauses' }, status: 400 }] } } : { status: 404 },
    );
    await expect(index.countEach([], {})).resolves.toEqual([]);
    expect(es.requests).toEqual([]);
    await expect(index.countEach([['a1'], ['a2']], {})).rejects.toThrow('Elasticsearch could not count term set 1 of 2: too_many_nested_clauses (Query contains too many nested clauses)');
  });

  it('makes the subset suggestion of the embedded engine, counting through _msearch', async () => {
    const { index, es } = await setUpSearching();
    const memory = new MemoryKeywordIndex();
    await memory.upsert(FIXTURE_PAPERS);
    const limits = { maxTerms: Infinity, minTermChars: 2, maxChars: 1000 };
    for (const query of ['carbon pricing hydrogen peatland zebra', 'Carbon markets channel climate finance Japan']) {
      const suggestion = await subsetSuggestion(index, { query, total: 0, filters: {} }, limits);
      expect(suggestion).toMatchObject({ kind: 'subset' });
      expect(suggestion).toEqual(await subsetSuggestion(memory, { query, total: 0, filters: {} }, limits));
    }
    expect(new Set(es.lines())).toEqual(new Set(['POST /gx-papers/_msearch']));
  });
});

/**
 * The author, since, cited-by and versions features through the adapter, answered by a fake cluster
 * with Elasticsearch's semantics (collapse with inner hits, cardinality and terms aggregations), over
 * the contract's connected papers: the same answers as the reference, as the contract asks of every engine.
 */
describe('search: author, since, sort=cited_by, collapse=versions, read with Elasticsearch semantics', () => {
  const papers = [...FIXTURE_PAPERS, ...CONNECTED_PAPERS];
  const adaptation = (extra: Partial<KeywordQuery> = {}): KeywordQuery => ({ terms: ['adaptation'], filters: {}, offset: 0, limit: 100, ...extra });
  const cases: [string, KeywordQuery][] = [
    ['author muller', adaptation({ filters: { author: 'muller' } })],
    ['author 長谷川 (spaced and unspaced names)', adaptation({ filters: { author: '長谷川' } })],
    ['author full-width Ｓｍｉｔｈ', adaptation({ filters: { author: 'Ｓｍｉｔｈ' } })],
    ['author with a venue type', adaptation({ filters: { author: 'Müller', venueType: 'journal' } })],
    ['since, the bound included', adaptation({ filters: { addedSince: '2025-06-01T12:00:00.000Z' } })],
    ['since with an offset', adaptation({ filters: { addedSince: '2025-06-01T21:00:00+09:00' } })],
    ['cited_by', adaptation({ sort: 'cited_by' })],
    ['cited_by, second page', adaptation({ sort: 'cited_by', offset: 3, limit: 3 })],
    ['versions, newest', adaptation({ collapse: 'versions', sort: 'newest' })],
    ['versions, cited_by', adaptation({ collapse: 'versions', sort: 'cited_by' })],
    ['versions, cited_by, a page', adaptation({ collapse: 'versions', sort: 'cited_by', offset: 2, limit: 2 })],
    ['versions since', adaptation({ collapse: 'versions', filters: { addedSince: '2025-06-01T12:00:00.000Z' } })],
    ['versions by author', adaptation({ collapse: 'versions', filters: { author: 'Hasegawa' } })],
  ];

  it.each(cases)('%s: the reference\'s total and records (in its order where no score decides)', async (_, query) => {
    const { index } = await setUpSearching(papers);
    const result = await index.search(query);
    const expected = referenceSearch(papers, query);
    expect(result.total).toBe(expected.total);
    if (query.sort === 'relevance' || query.sort === undefined) expect(idsOf(result.hits).sort()).toEqual([...expected.ids].sort());
    else expect(idsOf(result.hits)).toEqual(expected.ids);
  });

  it('collapses relevance pages to works too, each shown by its preferred matching record, scores never rising', async () => {
    const { index } = await setUpSearching(papers);
    const result = await index.search(adaptation({ collapse: 'versions', terms: ['adaptation', 'finance'] }));
    const expected = referenceSearch(papers, adaptation({ collapse: 'versions', terms: ['adaptation', 'finance'] }));
    expect(result.total).toBe(expected.total);
    expect(idsOf(result.hits).sort()).toEqual([...expected.ids].sort());
    for (let i = 1; i < result.hits.length; i++) expect(result.hits[i - 1]!.score).toBeGreaterThanOrEqual(result.hits[i]!.score);
  });

  it('counts works, not papers, for a page of none and in each facet bucket', async () => {
    const { index, es } = await setUpSearching(papers);
    expect(await index.search(adaptation({ collapse: 'versions', limit: 0 }))).toEqual({ total: 7, hits: [] });
    expect(es.requests[0]!.body).toEqual(asSent(countBody(adaptation({ collapse: 'versions', limit: 0 }))));
    const { facets } = await index.search(adaptation({ collapse: 'versions', limit: 1, facets: ['venue_type'] }));
    expect(facets!.venue_type).toEqual([
      { value: 'journal', count: 3 },
      { value: 'preprint', count: 2 },
      { value: 'conference', count: 1 },
      { value: 'dataset', count: 1 },
      { value: 'report', count: 1 },
      { value: null, count: 2 },
    ]);
  });

  it('refuses keyset paging under collapse before asking Elasticsearch', async () => {
    const { index, es } = await setUpSearching(papers);
    await expect(index.search(adaptation({ collapse: 'versions', after: { year: 2020, id: 'p_x' } }))).rejects.toThrow(RangeError);
    expect(es.requests).toEqual([]);
  });
});

describe('rank', () => {
  const stored = paper('p1', { title: 'Peatland restoration' });
  const answer: Reply = {
    body: {
      took: 1,
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: { max_score: 2.5, hits: [{ _index: 'gx-papers-v2', _id: 'p1', _score: 2.5, _source: { paper: stored }, sort: [2.5, 2024, 'p1'] }] },
    },
  };

  it('sends one combined_fields request to the alias and returns the stored papers with their scores', async () => {
    const { index, es } = await setUp(() => answer);
    const query = { text: 'peatland restoration', filters: { topic: 'biodiversity' as const }, limit: 5 };
    await expect(index.rank(query)).resolves.toEqual([{ id: stored.id, work_id: stored.id, paper: stored, score: 2.5 }]);
    expect(es.lines()).toEqual(['POST /gx-papers/_search']);
    expect(es.requests[0]!.body).toEqual(asSent(rankBody(query)));
  });

  it('sends query syntax as plain text to the analyzer', async () => {
    const { index, es } = await setUp(() => answer);
    await index.rank({ text: 'title:x OR *', filters: {}, limit: 5 });
    expect(es.requests[0]!.body.query.bool.must).toEqual([{ combined_fields: { query: 'title:x or *', fields: ['ranked_title^5', 'ranked_tags^1', 'ranked_body^1'], operator: 'or' } }]);
  });

  it('asks nothing for no paper', async () => {
    const { index, es } = await setUp(() => answer);
    await expect(index.rank({ text: 'peatland', filters: {}, limit: 0 })).resolves.toEqual([]);
    expect(es.requests).toEqual([]);
  });
});

describe('count, ping', () => {
  it('counts through the alias', async () => {
    const { index, es } = await setUp(() => ({ body: { count: 1234, _shards: { total: 1, successful: 1, skipped: 0, failed: 0 } } }));
    await expect(index.count()).resolves.toBe(1234);
    expect(es.lines()).toEqual(['GET /gx-papers/_count']);
  });

  it('pings by reading the served mapping, and throws when the cluster is unreachable', async () => {
    const { index, es } = await setUp((req) => (isMappingRequest(req) ? servedMapping() : { status: 404 }));
    await expect(index.ping()).resolves.toBeUndefined();
    expect(es.lines()).toEqual(['GET /gx-papers/_mapping']);
    await client!.close();
    await es.close();
    const unreachable = new ElasticsearchKeywordIndex({ url: es.url, index: ALIAS });
    await expect(unreachable.ping()).rejects.toThrow();
    await unreachable.close();
  });

  it('is not ready while the alias serves an index of another mapping version, and says what to run', async () => {
    let served = firstReleaseMapping;
    const { index } = await setUp(() => served);
    await expect(index.ping()).rejects.toThrow('Elasticsearch index gx-papers-v1 has mapping version 1, this release needs 4: run gx reindex');
    served = servedMapping('gx-papers-v5', { _meta: { mapping_version: 5 } });
    await expect(index.ping()).rejects.toThrow('Elasticsearch index gx-papers-v5 has mapping version 5, this release needs 4: run gx reindex');
    // Once the indexer has rebuilt it, the next probe passes without a restart.
    served = servedMapping();
    await expect(index.ping()).resolves.toBeUndefined();
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

describe("a release's frozen index: exists, drop", () => {
  it('is whole once its alias exists (a rebuild moves the alias last), and is dropped with every index behind it', async () => {
    let aliased = true;
    const { index, es } = await setUp((req) => {
      if (req.method === 'HEAD') return { status: aliased ? 200 : 404 };
      if (req.method === 'GET' && req.path === '/_alias/gx-papers') return { body: { 'gx-papers-v1': { aliases: { 'gx-papers': {} } } } };
      return { body: { acknowledged: true } };
    });
    await expect(index.exists()).resolves.toBe(true);
    await index.drop();
    aliased = false;
    await expect(index.exists()).resolves.toBe(false);
    expect(es.lines()).toEqual(['HEAD /_alias/gx-papers', 'GET /_alias/gx-papers', 'DELETE /gx-papers-v1', 'HEAD /_alias/gx-papers']);
  });

  it('drops nothing when no index is behind the alias', async () => {
    const { index, es } = await setUp(() => ({ status: 404, body: { error: 'alias [gx-papers] missing', status: 404 } }));
    await index.drop();
    expect(es.lines()).toEqual(['GET /_alias/gx-papers']);
  });

  it('names a release index after the live alias and the release, lower case with a hash of the exact id', () => {
    const config = { dataDir: '/tmp/unused', elasticsearch: { url: 'http://127.0.0.1:1', index: 'gx-papers' } };
    const upper = createFrozenKeywordIndex(config, 'v0.3-2026Q3', 'db');
    const lower = createFrozenKeywordIndex(config, 'v0.3-2026q3', 'db');
    const name = (frozen: ReturnType<typeof createFrozenKeywordIndex>) => (frozen.index as unknown as { alias: string }).alias;
    expect(name(upper)).toMatch(/^gx-papers-release-v0\.3-2026q3-[0-9a-f]{8}$/);
    expect(name(upper)).not.toBe(name(lower));
    return Promise.all([upper.close(), lower.close()]);
  });
});
