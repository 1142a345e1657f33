import request from 'supertest';
import { compactAnswerOf, connectMcp } from '../agents/mcp-client';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';
import { vectorIndexReady } from '../semantic/demo-search-api';
import { CLUSTER_A, ID, loadRelatedCorpus, NAME_OF } from './related-corpus';

const TOKEN = 'related-split-token-0123';

/** Related papers and recommendations through a gateway whose public-search and semantic-search run in processes of their own. */
describe('related papers and recommendations through a gateway, the services elsewhere', () => {
  let database: TestDatabase;
  let publicSearch: TestProcess;
  let semanticSearch: TestProcess;
  let gateway: TestProcess;
  let auth = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadRelatedCorpus(database.db);
    auth = (await testKeys(database.db).create('researcher')).auth;
    publicSearch = await startTestProcess({ DATABASE_URL: database.url }, 'public-search');
    semanticSearch = await startTestProcess({ DATABASE_URL: database.url, SERVICE_TOKEN: TOKEN }, 'semantic-search');
    gateway = await startTestProcess(
      { DATABASE_URL: database.url, PUBLIC_SEARCH_URL: publicSearch.url, SEMANTIC_SEARCH_URL: semanticSearch.url, SERVICE_TOKEN: TOKEN, PLAN_BURST_PER_SECOND: 'researcher=100000' },
      'gateway',
    );
    // Answers compared with each other must both have every signal.
    await vectorIndexReady(semanticSearch);
  });
  afterAll(async () => {
    await gateway?.stop();
    await Promise.all([publicSearch?.stop(), semanticSearch?.stop()]);
    await database?.drop();
  });

  it('proxies related papers on both doors', async () => {
    const pub = await waitFor('the public related papers', async () => {
      const res = await request(gateway.url).get(`/api/v1/papers/${ID.A0}/related`).query({ limit: 5 });
      return res.status === 200 ? res : undefined;
    });
    expect(pub.body.results.map((r: { id: string }) => NAME_OF.get(r.id)).filter((n: string | undefined) => n && CLUSTER_A.includes(n)).length).toBeGreaterThanOrEqual(4);
    const api = await request(gateway.apiUrl!).get(`/api/v1/papers/${ID.X}/related`).query({ limit: 3 }).set('Authorization', auth).expect(200);
    expect(api.body.paper_id).toBe(ID.X);
    expect(api.body.results.map((r: { id: string }) => r.id)).not.toContain(ID.X);
  });

  it('proxies a batch lookup on both doors: the data API weighs it by its body, read ahead, and sends that body on', async () => {
    const ids = [ID.A0!, 'p_nosuchpaper0000', ID.X!, ID.A0!];
    const pub = await request(gateway.url).post('/api/v1/papers/batch').send({ ids }).expect(200);
    expect(pub.body.results.map((r: { id: string } | null) => r?.id ?? null)).toEqual([ID.A0, null, ID.X, ID.A0]);
    const before = await request(gateway.apiUrl!).get(`/api/v1/papers/${ID.X}/related`).query({ limit: 1 }).set('Authorization', auth).expect(200);
    const many = [...ids, ...Array.from({ length: 97 }, (_, i) => `p_unknown${i}`)];
    const api = await request(gateway.apiUrl!).post('/api/v1/papers/batch').set('Authorization', auth).send({ ids: many }).expect(200);
    expect(api.body.results.slice(0, 4).map((r: { id: string } | null) => r?.id ?? null)).toEqual([ID.A0, null, ID.X, ID.A0]);
    expect([api.body.count, api.body.found]).toEqual([101, 3]);
    // 100 distinct ids: two requests of the allowance.
    expect(Number(before.headers['x-ratelimit-remaining']) - Number(api.headers['x-ratelimit-remaining'])).toBe(2);
    const bad = await request(gateway.apiUrl!).post('/api/v1/papers/batch').set('Authorization', auth).send({ ids: ['bad id!'] }).expect(400);
    expect(bad.body).toMatchObject({ code: 'invalid_ids', invalid_positions: [0] });
  });

  it('proxies a recommendation, its JSON body and its errors, and the MCP tool that posts it', async () => {
    const res = await request(gateway.apiUrl!).post('/api/v1/papers/recommendations').set('Authorization', auth).send({ positive: [ID.A0, ID.A1], limit: 4 }).expect(200);
    expect(new Set(res.body.results.map((r: { id: string }) => NAME_OF.get(r.id)))).toEqual(new Set(['A2', 'A3', 'A4', 'A5']));
    const bad = await request(gateway.apiUrl!).post('/api/v1/papers/recommendations').set('Authorization', auth).send({ positive: ['p_nosuchpaper0000'] }).expect(400);
    expect(bad.body).toMatchObject({ code: 'unknown_paper', unknown_ids: ['p_nosuchpaper0000'] });
    const mcp = await connectMcp(gateway.apiUrl!, { Authorization: auth });
    try {
      const result = await mcp.call('recommendPapers', { positive: [ID.A0!, ID.A1!], limit: 4 });
      expect(result.structuredContent).toEqual(compactAnswerOf(res.body, 'results'));
    } finally {
      await mcp.close();
    }
  });
});
