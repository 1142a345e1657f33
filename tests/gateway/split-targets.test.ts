import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { freePort } from '../support/services';
import { startTestProcess, type TestProcess } from '../support/test-process';

/** The same routes served by one process (`all`) and by a gateway in front of a separate public-search. */
describe('targets: gateway and public-search in separate processes', () => {
  let database: TestDatabase;
  let searchService: TestProcess;
  let gateway: TestProcess;
  let single: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    searchService = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true' }, 'public-search');
    gateway = await startTestProcess({ DATABASE_URL: database.url, PUBLIC_SEARCH_URL: searchService.url, PUBLIC_RATE_LIMIT: '100', SERVICE_TOKEN: 'split-test-token-0123' }, 'gateway');
    single = await startTestProcess({ DATABASE_URL: database.url }, 'all');
  });
  afterAll(async () => {
    await Promise.all([gateway?.stop(), single?.stop()]);
    await searchService?.stop();
    await database?.drop();
  });

  it('runs only what the target needs', () => {
    expect(gateway.proc.runtime.moduleNames).toEqual(['redis', 'response-cache', 'database', 'api-keys', 'gateway']);
    expect(searchService.proc.runtime.moduleNames).not.toContain('gateway');
  });

  it.each([
    { q: '水素 輸送' },
    { q: 'carbon pricing', lang: 'en', limit: '25' },
    { q: 'disclosure', topic: 'tcfd', offset: '5' },
    { q: 'x' },
  ])('the gateway answers %j exactly as the single process does', async (query) => {
    const viaGateway = await request(gateway.url).get('/api/v1/papers/search').query(query);
    const viaSingle = await request(single.url).get('/api/v1/papers/search').query(query);
    expect(viaGateway.status).toBe(viaSingle.status);
    const { request_id: _a, ...a } = viaGateway.body;
    const { request_id: _b, ...b } = viaSingle.body;
    expect(a).toEqual(b);
    expect(viaGateway.headers['access-control-allow-origin']).toBe('*');
    expect(viaGateway.headers['x-ratelimit-limit']).toBe('100');
  });

  it('passes its request id to the service', async () => {
    const res = await request(gateway.url).get('/api/v1/papers/search').query({ q: 'x' }).set('X-Request-Id', 'trace-0123456789').expect(400);
    expect(res.body.request_id).toBe('trace-0123456789');
  });

  it('serves the OpenAPI document through the gateway', async () => {
    const res = await request(gateway.url).get('/openapi.json').expect(200);
    expect(res.body.paths['/api/v1/papers/search'].get.operationId).toBe('searchPapers');
  });

  it('caches proxied responses at the edge: a repeated search does not reach the service', async () => {
    const path = '/api/v1/papers/search?q=climate+risk&limit=3';
    const first = await request(gateway.url).get(path).expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await request(gateway.url).get(path).expect(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toEqual(first.body);
    expect(second.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
  });

  it('answers 502 problem+json when the service is unreachable', async () => {
    const orphan = await startTestProcess({ DATABASE_URL: database.url, PUBLIC_SEARCH_URL: `http://127.0.0.1:${await freePort()}`, SERVICE_TOKEN: 'split-test-token-0123' }, 'gateway');
    try {
      const res = await request(orphan.url).get('/api/v1/papers/search').query({ q: 'hydrogen' }).expect(502);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe('upstream_unavailable');
      expect(res.headers['access-control-allow-origin']).toBe('*');
    } finally {
      await orphan.stop();
    }
  });
});
