import request from 'supertest';
import { testConfig } from '../support/test-run';
import { createLogger } from '../../shared/logging/logger';
import { createIngest } from '../../services/ingest-worker/ingest-factory';
import { runInProcess } from '../../services/ingest-worker/runner/run-in-process';
import { abstractFromInvertedIndex, OpenAlexSource } from '../../services/ingest-worker/sources/openalex.source';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';
import { openAlexWork, startOpenAlexServer, type OpenAlexServer } from './openalex-server';

const logger = createLogger({ level: 'silent' });
const ABSTRACT = 'We estimate how carbon pricing and an emissions trading scheme change greenhouse gas emissions of Japanese utilities during the energy transition';

describe('OpenAlex source', () => {
  it('rebuilds an abstract from its inverted index, words in position order', () => {
    expect(abstractFromInvertedIndex({ world: [1], hello: [0, 2] })).toBe('hello world hello');
    expect(abstractFromInvertedIndex(null)).toBeNull();
    expect(abstractFromInvertedIndex({})).toBeNull();
  });

  it('builds page URLs with the filter, the since date, per_page and mailto', () => {
    const source = new OpenAlexSource({ baseUrl: 'https://api.openalex.org', filter: 'title_and_abstract.search:climate', mailto: 'ops@example.org', perPage: 200, timeoutMs: 1000, attempts: 1, backoffMs: 0 });
    const url = new URL(source.pageUrl('*', { since: '2026-11-19', pageSize: 50 }));
    expect(url.pathname).toBe('/works');
    expect(Object.fromEntries(url.searchParams)).toEqual({ filter: 'title_and_abstract.search:climate,from_publication_date:2026-11-19', per_page: '50', cursor: '*', mailto: 'ops@example.org' });
  });

  it('gives up with a clear error after its attempts on 5xx, and at once on a 4xx', async () => {
    const server = await startOpenAlexServer([[openAlexWork(1, ABSTRACT)]], [503, 503, 503]);
    const source = new OpenAlexSource({ baseUrl: server.url, filter: '', perPage: 10, timeoutMs: 1000, attempts: 3, backoffMs: 1 });
    await expect(source.pages({ pageSize: 10 })[Symbol.asyncIterator]().next()).rejects.toThrow(/failed 3 times .*HTTP 503/);
    await server.close();
    const bad = await startOpenAlexServer([], [400]);
    const strict = new OpenAlexSource({ baseUrl: bad.url, filter: '', perPage: 10, timeoutMs: 1000, attempts: 3, backoffMs: 1 });
    await expect(strict.pages({ pageSize: 10 })[Symbol.asyncIterator]().next()).rejects.toThrow(/answered 400/);
    expect(bad.requests).toHaveLength(1);
    await bad.close();
  });
});

describe('ingest from a loopback OpenAlex server, then both search endpoints', () => {
  let database: TestDatabase;
  let server: OpenAlexServer;
  let app: TestProcess;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    // The serving process first: its indexes must pick the papers up from Postgres as they land.
    // No edge cache: the public answers are polled until the new papers appear.
    app = await startTestProcess({ DATABASE_URL: database.url, PLAN_BURST_PER_SECOND: 'researcher=100000', RESPONSE_CACHE_TTL_SECONDS: '0' });
    server = await startOpenAlexServer(
      [
        [
          openAlexWork(1, ABSTRACT),
          openAlexWork(2, ABSTRACT, { referenced_works: ['https://openalex.org/W1001', 'https://openalex.org/W999999'] }),
          openAlexWork(3, 'A study of protein folding kinetics in bacteria', { title: 'Protein folding kinetics' }),
        ],
        // Work 4 cites work 2, stored in the batch before.
        [openAlexWork(4, ABSTRACT, { referenced_works: ['https://openalex.org/W1002', 'https://openalex.org/W1001', null] }), openAlexWork(1, ABSTRACT)],
      ],
      [429],
    );
  });
  afterAll(async () => {
    await app?.stop();
    await server?.close();
    await database?.drop();
  });

  it('pages with cursors, backs off on 429, rebuilds abstracts, gates, and the papers become searchable', async () => {
    const config = testConfig({ OPENALEX_URL: server.url, OPENALEX_FILTER: 'title_and_abstract.search:carbon', OPENALEX_MAILTO: 'ops@example.org', INGEST_PAGE_SIZE: '3' });
    const parts = await createIngest(config, database.db, logger);
    let runId: string;
    try {
      ({ runId } = await runInProcess(parts.jobs, 'openalex', '2026-11-19', 'cli', { concurrency: 2, attempts: 2, backoffMs: 0 }));
      const run = (await parts.ingest.run(runId))!;
      expect(run).toMatchObject({ status: 'completed', source: 'openalex', since: '2026-11-19', batches: 2 });
      expect(run.figures).toMatchObject({ fetched: 5, duplicates: 1, rejected: 1, stored: 3, unchanged: 0, failed: 0 });
    } finally {
      await parts.close();
    }
    // The 429 was retried; then one request per cursor, each polite and filtered.
    expect(server.requests.map((u) => u.searchParams.get('cursor'))).toEqual(['*', '*', 'c1']);
    for (const u of server.requests) {
      expect(u.searchParams.get('mailto')).toBe('ops@example.org');
      expect(u.searchParams.get('filter')).toBe('title_and_abstract.search:carbon,from_publication_date:2026-11-19');
      expect(u.searchParams.get('per_page')).toBe('3');
    }
    const stored = (await database.db.query<{ doi: string; abstract: string; authors: string[]; venue: string; is_peer_reviewed: boolean; source: string }>('SELECT doi, abstract, authors, venue, is_peer_reviewed, source FROM papers ORDER BY doi')).rows;
    expect(stored.map((p) => p.doi)).toEqual(['10.7777/oa.1', '10.7777/oa.2', '10.7777/oa.4']);
    expect(stored[0]).toEqual({ doi: '10.7777/oa.1', abstract: ABSTRACT, authors: ['Hanako Yamada', 'John Smith'], venue: 'Energy Policy', is_peer_reviewed: true, source: 'openalex' });

    // Both search endpoints find them once the serving process has followed Postgres.
    const auth = (await testKeys(database.db).create('researcher')).auth;
    const found = async () => {
      const pub = await request(app.url).get('/api/v1/papers/search').query({ q: 'emissions trading' });
      const vec = await request(app.apiUrl!).get('/api/v1/papers/search').query({ q: 'carbon pricing emissions trading', mode: 'vector' }).set('Authorization', auth);
      const kw = await request(app.apiUrl!).get('/api/v1/papers/search').query({ q: 'emissions trading', mode: 'keyword' }).set('Authorization', auth);
      return { pub: pub.body.total as number, vec: (vec.body.data ?? []).length as number, kw: kw.body.total as number, vecDois: (vec.body.data ?? []).map((p: { doi: string }) => p.doi) };
    };
    const got = await waitFor('both search endpoints to find the papers', async () => {
      const now = await found();
      return now.pub >= 3 && now.vec >= 3 && now.kw >= 3 && now;
    });
    expect(got).toMatchObject({ pub: 3, kw: 3, vec: 3 });
    expect([...got.vecDois].sort()).toEqual(['10.7777/oa.1', '10.7777/oa.2', '10.7777/oa.4']);
  });

  it("stores each work's OpenAlex id and referenced works: its references and cited-by, resolved to the works ingested", async () => {
    const idOf = async (doi: string) => (await database.db.query<{ id: string; openalex_id: string }>('SELECT id, openalex_id FROM papers WHERE doi = $1', [doi])).rows[0]!;
    const [w1, w2, w4] = await Promise.all(['10.7777/oa.1', '10.7777/oa.2', '10.7777/oa.4'].map(idOf));
    expect([w1!.openalex_id, w2!.openalex_id, w4!.openalex_id]).toEqual(['W1001', 'W1002', 'W1004']);
    const refs = async (id: string) => (await request(app.url).get(`/api/v1/papers/${id}/references`).expect(200)).body.results.map((r: { id?: string }) => r.id ?? r);
    expect(await refs(w2!.id)).toEqual([w1!.id, { doi: null, openalex_id: 'W999999' }]);
    expect(await refs(w4!.id)).toEqual([w2!.id, w1!.id]);
    const citedBy = (await request(app.url).get(`/api/v1/papers/${w1!.id}/cited-by`).expect(200)).body;
    expect(citedBy.total).toBe(2);
    expect(citedBy.results.map((r: { id: string }) => r.id).sort()).toEqual([w2!.id, w4!.id].sort());
  });
});
