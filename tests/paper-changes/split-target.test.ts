import request from 'supertest';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { connectMcp } from '../agents/mcp-client';
import { paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';

const TOKEN = 'paper-changes-split-token-0123';

/** The feed runs in target `semantic-search` (no deployment of its own): a gateway elsewhere proxies it, key, quota and MCP tool alike. */
describe('the paper change feed behind a gateway in another process', () => {
  let database: TestDatabase;
  let service: TestProcess;
  let gateway: TestProcess;
  let auth: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    auth = (await testKeys(database.db).create('trial')).auth;
    await loadPapers(recordsAsLines(['a', 'b', 'c'].map((id) => paperLine(id))), new PaperRepository(database.db));
    service = await startTestProcess({ DATABASE_URL: database.url, SERVICE_TOKEN: TOKEN }, 'semantic-search');
    gateway = await startTestProcess({ DATABASE_URL: database.url, SEMANTIC_SEARCH_URL: service.url, SERVICE_TOKEN: TOKEN, API_KEY_CACHE_SECONDS: '0' }, 'gateway');
  });
  afterAll(async () => {
    await gateway?.stop();
    await service?.stop();
    await database?.drop();
  });

  it('runs in the semantic-search target', () => {
    expect(service.proc.runtime.moduleNames).toContain('paper-changes');
    expect(gateway.proc.runtime.moduleNames).not.toContain('paper-changes');
  });

  it('answers through the gateway with the key, its quota, its errors and the MCP tool', async () => {
    const api = () => request(gateway.apiUrl!);
    expect((await api().get('/api/v1/papers/changes').expect(401)).body.code).toBe('missing_bearer');
    const first = await api().get('/api/v1/papers/changes').query({ limit: 2 }).set('Authorization', auth).expect(200);
    expect(first.body).toMatchObject({ count: 2, limit: 2, has_more: true });
    const remaining = Number(first.headers['x-ratelimit-remaining']);
    const rest = await api().get('/api/v1/papers/changes').query({ since: first.body.next_cursor }).set('Authorization', auth).expect(200);
    expect(rest.body).toMatchObject({ count: 1, has_more: false });
    expect(rest.headers['x-ratelimit-remaining']).toBe(String(remaining - 1));
    expect((await api().get('/api/v1/papers/changes').query({ since: 'x' }).set('Authorization', auth).expect(400)).body.code).toBe('invalid_since');
    const gone = await api().get('/api/v1/papers/changes').query({ since: '999999.0' }).set('Authorization', auth).expect(410);
    expect(gone.body).toMatchObject({ code: 'cursor_expired', title: 'Gone' });
    expect(gone.headers['content-type']).toMatch(/^application\/problem\+json/);

    const mcp = await connectMcp(gateway.apiUrl!, { Authorization: auth });
    try {
      const viaTool = await mcp.call('listPaperChanges', { since: first.body.next_cursor });
      expect(viaTool.structuredContent).toEqual(rest.body);
    } finally {
      await mcp.close();
    }
  });
});
