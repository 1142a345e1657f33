import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { describeWithRedis, freshRedisUrl } from '../support/test-redis';
import { vectorIndexReady } from '../semantic/demo-search-api';
import { scrape, valueOf, type Sample } from '../support/prometheus';

describeWithRedis('metrics on METRICS_PORT, --target all', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let auth: string;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    app = await startTestProcess({
      DATABASE_URL: database.url,
      REDIS_URL: await freshRedisUrl(),
      DEMO_DATA: 'true',
      PUBLIC_RATE_LIMIT: '5',
      PUBLIC_RATE_BURST: '0',
      PLAN_BURST_PER_SECOND: 'researcher=100000',
    });
    auth = (await testKeys(database.db).create('researcher')).auth;
    await vectorIndexReady(app);
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('are served on a listener of their own, never on a front door', async () => {
    expect(app.proc.servers.metrics!.port).not.toBe(app.proc.servers.public!.port);
    await request(app.url).get('/metrics').expect(404);
    await request(app.apiUrl!).get('/metrics').expect(404);
    const samples = await scrape(app);
    expect(valueOf(samples, 'gx_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('time each request by route template, method and status, edge-cache hits under the same route', async () => {
    const before = await scrape(app);
    const path = '/api/v1/papers/search?q=hydrogen&limit=3';
    expect((await request(app.url).get(path).set('X-Forwarded-For', '203.0.113.1')).headers['x-cache']).toBe('MISS');
    expect((await request(app.url).get(path).set('X-Forwarded-For', '203.0.113.1')).headers['x-cache']).toBe('HIT');
    const after = await scrape(app);
    const series = { http_request_method: 'GET', http_route: '/api/v1/papers/search', http_response_status_code: '200' };
    const count = (s: Sample[]) => valueOf(s, 'http_server_request_duration_seconds_count', series);
    expect(count(after) - count(before)).toBe(2);
    expect(valueOf(after, 'gx_edge_cache_requests_total', { result: 'hit' }) - valueOf(before, 'gx_edge_cache_requests_total', { result: 'hit' })).toBe(1);
    expect(valueOf(after, 'gx_edge_cache_requests_total', { result: 'miss' }) - valueOf(before, 'gx_edge_cache_requests_total', { result: 'miss' })).toBe(1);
    // A concrete path never becomes a label of its own.
    expect(after.some((s) => s.labels.http_route?.includes('?') || s.labels.http_route?.includes('hydrogen'))).toBe(false);
  });

  it('count rate-limit rejections by the policy that refused them', async () => {
    const before = valueOf(await scrape(app), 'gx_rate_limit_rejections_total', { policy: 'minute' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await request(app.url).get(`/api/v1/papers/search?q=limit${i}`)).status);
    const rejected = statuses.filter((s) => s === 429).length;
    expect(rejected).toBeGreaterThan(0);
    expect(valueOf(await scrape(app), 'gx_rate_limit_rejections_total', { policy: 'minute' }) - before).toBe(rejected);
  });

  it('time the embedder on a vector search, and report index lag, pool use and queue depths', async () => {
    const before = valueOf(await scrape(app), 'gx_embedder_request_duration_seconds_count', { operation: 'query' });
    await request(app.apiUrl!).get('/api/v1/papers/search').query({ q: 'offshore wind curtailment', mode: 'vector' }).set('Authorization', auth).expect(200);
    const samples = await scrape(app);
    expect(valueOf(samples, 'gx_embedder_request_duration_seconds_count', { operation: 'query' }) - before).toBe(1);
    expect(samples.find((s) => s.name === 'gx_index_lag_changes' && s.labels.index === 'keyword')?.value).toBe(0);
    expect(samples.find((s) => s.name === 'gx_index_lag_changes' && s.labels.index === 'vector')?.value).toBe(0);
    expect(valueOf(samples, 'gx_db_pool_max')).toBe(app.config.database.poolSize);
    expect(valueOf(samples, 'gx_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(samples.filter((s) => s.name === 'gx_ingest_queue_jobs' && s.labels.state === 'waiting').map((s) => s.labels.queue).sort()).toHaveLength(2);
  });
});

describe('metrics of a gateway on its own', () => {
  let database: TestDatabase;
  let gateway: TestProcess;
  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startTestProcess({ DATABASE_URL: database.url, SERVICE_TOKEN: 'metrics-test-token-0123' }, 'gateway');
  });
  afterAll(async () => {
    await gateway?.stop();
    await database?.drop();
  });

  it('times requests it forwards under the service route they belong to, even when the service is down', async () => {
    const res = await request(gateway.url).get('/api/v1/papers/search?q=wind');
    expect(res.status).toBeGreaterThanOrEqual(502);
    const samples = await scrape(gateway);
    expect(valueOf(samples, 'http_server_request_duration_seconds_count', { http_route: '/api/v1/papers/search', http_response_status_code: String(res.status) })).toBe(1);
  });
});
