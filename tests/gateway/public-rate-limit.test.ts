import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { describeWithRedis, freshRedisUrl } from '../support/test-redis';
import { startTestProcess, type TestProcess } from '../support/test-process';

const searchFrom = (app: TestProcess, ip: string, q = 'hydrogen') =>
  request(app.url).get('/api/v1/papers/search').query({ q }).set('X-Forwarded-For', ip);

async function statuses(app: TestProcess, ip: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await searchFrom(app, ip)).status);
  return out;
}

describe('public door rate limit (in-memory store)', () => {
  let database: TestDatabase;
  let app: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestProcess({ DATABASE_URL: database.url, PUBLIC_RATE_LIMIT: '5', PUBLIC_RATE_BURST: '2', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('allows the minute allowance plus the burst, then answers 429 with Retry-After and problem+json', async () => {
    expect(await statuses(app, '203.0.113.1', 7)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const res = await searchFrom(app, '203.0.113.1').expect(429);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.headers['ratelimit-policy']).toBe('"minute";q=5;w=60');
    expect(res.headers['ratelimit']).toMatch(/^"minute";r=0;t=\d+$/);
    expect(res.body).toMatchObject({ status: 429, code: 'rate_limit_exceeded', 'violated-policies': ['minute'] });
  });

  it('counts each client IP separately and tells each what is left', async () => {
    const first = await searchFrom(app, '203.0.113.2').expect(200);
    expect(first.headers['x-ratelimit-limit']).toBe('5');
    expect(first.headers['x-ratelimit-remaining']).toBe('4');
    expect(first.headers['ratelimit']).toMatch(/^"minute";r=4;t=\d+$/);
  });

  it('never throttles health probes', async () => {
    for (let i = 0; i < 10; i++) await request(app.url).get('/healthz').set('X-Forwarded-For', '203.0.113.1').expect(200);
  });
});

describeWithRedis('public door rate limit (Redis store, two gateway replicas)', () => {
  let database: TestDatabase;
  let replicas: TestProcess[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const redis = await freshRedisUrl();
    const env = { DATABASE_URL: database.url, REDIS_URL: redis, PUBLIC_RATE_LIMIT: '6', PUBLIC_RATE_BURST: '0', TRUST_PROXY: '1' };
    replicas = [await startTestProcess(env), await startTestProcess(env)];
  });
  afterAll(async () => {
    await Promise.all(replicas?.map((r) => r.stop()) ?? []);
    await database?.drop();
  });

  it('shares one allowance per IP across replicas, even under concurrent requests', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => searchFrom(replicas[i % 2]!, '198.51.100.7', `hydrogen${i}`)),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    expect(codes.filter((c) => c === 429)).toHaveLength(14);
  });

  it('shares the response cache across replicas', async () => {
    const first = await searchFrom(replicas[0]!, '198.51.100.8', 'carbon').expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await searchFrom(replicas[1]!, '198.51.100.8', 'carbon').expect(200);
    expect(second.headers['x-cache']).toBe('HIT');
  });
});

describe('public door when Redis is down', () => {
  let database: TestDatabase;
  let app: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Nothing listens on port 1: every Redis command fails at once.
    app = await startTestProcess({ DATABASE_URL: database.url, REDIS_URL: 'redis://127.0.0.1:1', PUBLIC_RATE_LIMIT: '3', PUBLIC_RATE_BURST: '0', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('keeps serving searches and limiting with the in-memory insurance limiter', async () => {
    expect(await statuses(app, '192.0.2.9', 4)).toEqual([200, 200, 200, 429]);
  });

  it('reports itself not ready, naming Redis', async () => {
    const res = await request(app.url).get('/readyz').expect(503);
    expect(res.body.checks.redis).not.toBe('ok');
    expect(res.body.checks.database).toBe('ok');
  });
});
