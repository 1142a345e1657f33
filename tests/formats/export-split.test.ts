import request from 'supertest';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';
import { asText } from './format-checks';

const TOKEN = 'export-split-token-0123456789';
const PAPERS = 2_300;

/**
 * The export runs in target `semantic-search` behind a gateway in another process: the gateway
 * charges the cost the stream declares as its head passes the proxy, and the allowance left travels
 * to the service with the caller, which sizes the stream by it.
 */
describe('the export behind a gateway in another process', () => {
  let database: TestDatabase;
  let service: TestProcess;
  let gateway: TestProcess;
  let keys: ReturnType<typeof testKeys>;

  beforeAll(async () => {
    database = await createTestDatabase();
    keys = testKeys(database.db);
    const lines = Array.from({ length: PAPERS }, (_, i) => paperLine(`split-export-${i}`, { title: `Splitexport paper ${i}`, year: 2000 + (i % 25) }));
    await loadPapers(recordsAsLines(lines), new PaperRepository(database.db));
    service = await startTestProcess({ DATABASE_URL: database.url, SERVICE_TOKEN: TOKEN }, 'semantic-search');
    gateway = await startTestProcess({ DATABASE_URL: database.url, SEMANTIC_SEARCH_URL: service.url, SERVICE_TOKEN: TOKEN, API_KEY_CACHE_SECONDS: '0', PLAN_BURST_PER_SECOND: 'demo=1000' }, 'gateway');
    const internal = (await keys.create('internal')).auth;
    await waitFor('the service to index every paper', async () => {
      const res = await request(gateway.apiUrl!).get('/api/v1/papers/search').query({ q: 'splitexport', mode: 'keyword', limit: '1' }).set('Authorization', internal);
      return res.status === 200 && res.body.total === PAPERS;
    });
    // An export is pinned to the latest release: the first is cut, and its search index prepared, in the background after a start.
    await waitFor('the first release', async () => (await request(gateway.apiUrl!).get('/api/v1/releases').set('Authorization', internal)).body.latest);
    await waitFor("the latest release's search index", async () => {
      const res = await request(gateway.apiUrl!).get('/api/v1/papers/export').query({ q: 'splitexport', limit: '1' }).set('Authorization', internal);
      return res.status === 200;
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await service?.stop();
    await database?.drop();
  });

  it('streams what the key can afford, charged as declared, through the proxy', async () => {
    const auth = (await keys.create('demo', { daily_limit: 10 })).auth;
    const exported = (query: Record<string, string>) => request(gateway.apiUrl!).get('/api/v1/papers/export').query({ q: 'splitexport', ...query }).set('Authorization', auth).buffer(true).parse(asText);
    // 10 a day, 9 left after this request: 2,300 records cost 3.
    const all = await exported({}).expect(200);
    expect([all.headers['x-request-cost'], all.headers['x-ratelimit-remaining'], all.headers['x-total-count']]).toEqual(['3', '7', String(PAPERS)]);
    const lines = (all.body as string).trimEnd().split('\n');
    expect(lines).toHaveLength(PAPERS + 1);
    expect(JSON.parse(lines.at(-1)!)).toEqual({ next_cursor: null, count: PAPERS });
    // Five searches leave 2: this export and 1 more request, so 2,000 records at most, and a cursor for the rest.
    for (let i = 0; i < 5; i++) await request(gateway.apiUrl!).get('/api/v1/papers/search').query({ q: 'splitexport', mode: 'keyword', limit: '1' }).set('Authorization', auth).expect(200);
    const part = await exported({}).expect(200);
    expect([part.headers['x-request-cost'], part.headers['x-ratelimit-remaining']]).toEqual(['2', '0']);
    const partLines = (part.body as string).trimEnd().split('\n');
    expect(partLines).toHaveLength(2_000 + 1);
    expect(JSON.parse(partLines.at(-1)!)).toMatchObject({ count: 2_000, next_cursor: expect.any(String) });
    await exported({}).expect(429);
  });
});
