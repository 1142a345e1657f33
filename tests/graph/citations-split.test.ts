import request from 'supertest';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { connectMcp } from '../agents/mcp-client';
import { newPaper, paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';

const TOKEN = 'citations-split-token-0123456789';

/** The data API's references and cited-by run in target `semantic-search`: a gateway elsewhere proxies them, key, quota and MCP tools alike. */
describe("a paper's references and cited-by behind a gateway in another process", () => {
  let database: TestDatabase;
  let service: TestProcess;
  let gateway: TestProcess;
  let auth: string;
  const cited = paperLine('cited', { doi: '10.5555/split-cited' });
  const citing = paperLine('citing', { references: ['10.5555/split-cited', '10.9999/split-external'] });

  beforeAll(async () => {
    database = await createTestDatabase();
    auth = (await testKeys(database.db).create('trial')).auth;
    await loadPapers(recordsAsLines([cited, citing]), new PaperRepository(database.db));
    service = await startTestProcess({ DATABASE_URL: database.url, SERVICE_TOKEN: TOKEN }, 'semantic-search');
    gateway = await startTestProcess({ DATABASE_URL: database.url, SEMANTIC_SEARCH_URL: service.url, SERVICE_TOKEN: TOKEN, API_KEY_CACHE_SECONDS: '0' }, 'gateway');
  });
  afterAll(async () => {
    await gateway?.stop();
    await service?.stop();
    await database?.drop();
  });

  it('answers through the gateway, charged to the key, with its errors and the MCP tools', async () => {
    const api = () => request(gateway.apiUrl!);
    const citedBy = `/api/v1/papers/${newPaper(cited).id}/cited-by`;
    const references = `/api/v1/papers/${newPaper(citing).id}/references`;
    expect((await api().get(citedBy).expect(401)).body.code).toBe('missing_bearer');
    const first = await api().get(citedBy).set('Authorization', auth).expect(200);
    expect(first.body).toMatchObject({ paper_id: newPaper(cited).id, total: 1, count: 1, next_cursor: null });
    expect(first.body.results.map((r: { id: string }) => r.id)).toEqual([newPaper(citing).id]);
    const refs = await api().get(references).query({ limit: 1 }).set('Authorization', auth).expect(200);
    expect(refs.body.results.map((r: { id: string }) => r.id)).toEqual([newPaper(cited).id]);
    expect(refs.headers['x-ratelimit-remaining']).toBe(String(Number(first.headers['x-ratelimit-remaining']) - 1));
    expect((await api().get(references).query({ cursor: 'nope' }).set('Authorization', auth).expect(400)).body.code).toBe('invalid_cursor');
    expect((await api().get('/api/v1/papers/p_doesnotexist0000/cited-by').set('Authorization', auth).expect(404)).body.code).toBe('not_found');

    const mcp = await connectMcp(gateway.apiUrl!, { Authorization: auth });
    try {
      const rest = await mcp.call('getReferences', { id: newPaper(citing).id, cursor: refs.body.next_cursor });
      expect(rest.structuredContent).toMatchObject({ count: 1, next_cursor: null, results: [{ doi: '10.9999/split-external', openalex_id: null }] });
    } finally {
      await mcp.close();
    }
  });
});
