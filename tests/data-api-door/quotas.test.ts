import express from 'express';
import request from 'supertest';
import { Redis } from 'ioredis';
import { createLogger } from '../../shared/logging/logger';
import { errorHandler, notFoundHandler } from '../../shared/http/base-app';
import { ApiKeyRepository } from '../../modules/api-keys/api-key.repository';
import { KeyVerifier } from '../../modules/api-keys/key-verifier';
import { authenticate } from '../../services/gateway/authenticate';
import { KeyBurstLimit } from '../../services/gateway/key-burst';
import { QuotaCounter } from '../../services/gateway/quota-counter';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { describeWithRedis, freshRedisUrl } from '../support/test-redis';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';

const get = (app: TestProcess, auth: string) => request(app.apiUrl!).get('/api/v1/intelligence-events').set('Authorization', auth);

/** Plans and allowances through the real gateway, with either counter store. */
function quotaSuite(store: 'postgres' | 'redis') {
  let database: TestDatabase;
  let app: TestProcess;
  let keys: ReturnType<typeof testKeys>;

  beforeAll(async () => {
    database = await createTestDatabase();
    keys = testKeys(database.db);
    // A key cache of one second: a changed limit reaches the gateway soon (see the concurrency test).
    const env: Record<string, string> = { DATABASE_URL: database.url, API_KEY_CACHE_SECONDS: '1', PLAN_BURST_PER_SECOND: 'trial=1000,demo=1000,researcher=1000,paid=1000,internal=1000' };
    if (store === 'redis') env.REDIS_URL = await freshRedisUrl();
    app = await startTestProcess(env);
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('Trial: 100 a day, reported in headers', async () => {
    const key = await keys.create('trial');
    const res = await get(app, key.auth).expect(200);
    expect(res.headers['x-ratelimit-limit']).toBe('100');
    expect(res.headers['x-ratelimit-remaining']).toBe('99');
    expect(res.headers['x-ratelimit-limit-month']).toBeUndefined();
    expect(res.headers['ratelimit-policy']).toBe('"daily";q=100;w=86400');
    expect(res.headers['ratelimit']).toMatch(/^"daily";r=99;t=\d+$/);
  });

  it('Researcher: 10,000 a month, in the monthly headers too', async () => {
    const key = await keys.create('researcher');
    const res = await get(app, key.auth).expect(200);
    expect(res.headers['x-ratelimit-limit-month']).toBe('10000');
    expect(res.headers['x-ratelimit-remaining-month']).toBe('9999');
    expect(res.headers['x-ratelimit-limit']).toBe('10000');
    expect(res.headers['ratelimit-policy']).toMatch(/^"monthly";q=10000;w=\d+$/);
  });

  it('Paid: a daily and a monthly allowance at once', async () => {
    const key = await keys.create('paid', { daily_limit: 50, monthly_limit: 1000 });
    const res = await get(app, key.auth).expect(200);
    expect(res.headers['x-ratelimit-limit']).toBe('50');
    expect(res.headers['x-ratelimit-remaining']).toBe('49');
    expect(res.headers['x-ratelimit-limit-month']).toBe('1000');
    expect(res.headers['x-ratelimit-remaining-month']).toBe('999');
    expect(res.headers['ratelimit-policy']).toMatch(/^"daily";q=50;w=86400, "monthly";q=1000;w=\d+$/);
  });

  it('Internal: unlimited, so no allowance headers', async () => {
    const key = await keys.create('internal');
    const res = await get(app, key.auth).expect(200);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('Demo: the per-key daily limit, then 429 with Retry-After until UTC midnight', async () => {
    const key = await keys.create('demo', { daily_limit: 3 });
    for (const remaining of ['2', '1', '0']) expect((await get(app, key.auth).expect(200)).headers['x-ratelimit-remaining']).toBe(remaining);
    const res = await get(app, key.auth).expect(429);
    expect(res.body).toMatchObject({ code: 'rate_limit_exceeded', 'violated-policies': ['daily'] });
    const now = new Date();
    const toMidnight = Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);
    expect(Math.abs(Number(res.headers['retry-after']) - toMidnight)).toBeLessThanOrEqual(2);
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(res.headers['x-dataset-version']).toBe('v0.3-2026Q3');
  });

  it('does not count requests rejected by authentication', async () => {
    const key = await keys.create('demo', { daily_limit: 5 });
    await get(app, `${key.auth}x`).expect(401);
    await get(app, 'Bearer nope').expect(401);
    expect((await get(app, key.auth).expect(200)).headers['x-ratelimit-remaining']).toBe('4');
  });

  it('of 200 concurrent requests on a key with 100 left, exactly 100 succeed', async () => {
    const key = await keys.create('demo', { daily_limit: 100 });
    const results = await Promise.all(Array.from({ length: 200 }, () => get(app, key.auth)));
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(100);
    expect(codes.filter((c) => c === 429)).toHaveLength(100);
    // Rejected requests were not charged: a raised limit gives exactly the difference.
    await keys.service.setLimits(key.id, { daily_limit: 102 }, 'test');
    // Until the key cache lets the new limit through, the key stays refused (and refusals are not charged).
    const first = await waitFor('the raised limit to reach the gateway', async () => {
      const res = await get(app, key.auth);
      if (res.status !== 200) expect(res.status).toBe(429);
      return res.status === 200 && res;
    });
    expect(first.headers['x-ratelimit-remaining']).toBe('1');
    expect((await get(app, key.auth).expect(200)).headers['x-ratelimit-remaining']).toBe('0');
    await get(app, key.auth).expect(429);
  });
}

describe('plan allowances, counted in Postgres (no Redis)', () => quotaSuite('postgres'));
describeWithRedis('plan allowances, counted in Redis', () => quotaSuite('redis'));

describe('calendar windows and refunds (injected clock)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function windowsReset(counter: QuotaCounter, clock: { now: Date }) {
    clock.now = new Date('2026-03-31T23:59:58.000Z');
    expect((await counter.charge('key_window', { daily: 2, monthly: 3 })).allowed).toBe(true);
    expect((await counter.charge('key_window', { daily: 2, monthly: 3 })).allowed).toBe(true);
    const refused = await counter.charge('key_window', { daily: 2, monthly: 3 });
    expect(refused).toMatchObject({ allowed: false, violated: ['daily'] });
    // A new UTC day (and month) starts new counters.
    clock.now = new Date('2026-04-01T00:00:01.000Z');
    const next = await counter.charge('key_window', { daily: 2, monthly: 3 });
    expect(next.allowed).toBe(true);
    expect(next.windows.map((w) => [w.window.id, w.remaining])).toEqual([['2026-04-01', 1], ['2026-04', 2]]);
    // Within the same month, the monthly allowance carries over between days: 1 + 2 used, then none left.
    clock.now = new Date('2026-04-02T12:00:00.000Z');
    expect((await counter.charge('key_window', { daily: 2, monthly: 3 })).allowed).toBe(true);
    expect((await counter.charge('key_window', { daily: 2, monthly: 3 })).allowed).toBe(true);
    clock.now = new Date('2026-04-03T08:00:00.000Z');
    const monthly = await counter.charge('key_window', { daily: 2, monthly: 3 });
    expect(monthly).toMatchObject({ allowed: false, violated: ['monthly'] });
    // Refused, it is charged to neither window: the day still has both its requests.
    expect(monthly.windows.map((w) => [w.window.id, w.remaining])).toEqual([['2026-04-03', 2], ['2026-04', 0]]);
  }

  it('resets at the UTC day and month boundaries (Postgres)', async () => {
    const clock = { now: new Date() };
    await windowsReset(new QuotaCounter({ pool: database.db.pool }, () => clock.now), clock);
  });

  (process.env.GX_TEST_REDIS_URL ? it : it.skip)('resets at the UTC day and month boundaries (Redis)', async () => {
    const redis = new Redis(await freshRedisUrl(), { lazyConnect: true });
    await redis.connect();
    const clock = { now: new Date() };
    try {
      await windowsReset(new QuotaCounter({ redis }, () => clock.now), clock);
    } finally {
      redis.disconnect();
    }
  });

  it('gives back a request answered with a 5xx', async () => {
    const keys = testKeys(database.db);
    const key = await keys.create('demo', { daily_limit: 10 });
    const logger = createLogger({ level: 'silent' });
    const app = express();
    app.use(authenticate({
      verifier: new KeyVerifier(new ApiKeyRepository(database.db), 'gxk_', 0),
      burst: new KeyBurstLimit({}),
      quota: new QuotaCounter({ pool: database.db.pool }),
      logger,
      disabled: false,
    }));
    app.get('/fails', () => { throw new Error('backend down'); });
    app.get('/works', (_req, res) => { res.json({ ok: true }); });
    app.use(notFoundHandler, errorHandler(logger));
    expect((await request(app).get('/works').set('Authorization', key.auth).expect(200)).headers['x-ratelimit-remaining']).toBe('9');
    await request(app).get('/fails').set('Authorization', key.auth).expect(500);
    // The refund happens once the 500 is sent: wait for the counter to be back at one.
    await waitFor('the failed request to be given back', async () => {
      const { rows } = await database.db.query<{ points: number }>('SELECT points FROM quota_counters WHERE key LIKE $1', [`%${key.id}%`]);
      return rows.length > 0 && rows.every((r) => r.points === 1);
    });
    expect((await request(app).get('/works').set('Authorization', key.auth).expect(200)).headers['x-ratelimit-remaining']).toBe('8');
  });

  it('limits each key to its plan\'s requests per second', async () => {
    const keys = testKeys(database.db);
    const key = await keys.create('internal');
    const app = await startTestProcess({ DATABASE_URL: database.url, PLAN_BURST_PER_SECOND: 'internal=3' });
    try {
      const codes = (await Promise.all(Array.from({ length: 6 }, () => get(app, key.auth)))).map((r) => r.status);
      expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(3);
      const limited = (await get(app, key.auth));
      if (limited.status === 429) expect(limited.body['violated-policies']).toEqual(['burst']);
      expect(codes).toContain(429);
    } finally {
      await app.stop();
    }
  });
});

describe('when the quota counters fail', () => {
  it('answers 503 auth_unavailable, never a 500 or a free pass', async () => {
    const database = await createTestDatabase();
    const keys = testKeys(database.db);
    const key = await keys.create('trial');
    // Nothing listens on port 1: every Redis command fails at once.
    const app = await startTestProcess({ DATABASE_URL: database.url, REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await get(app, key.auth).expect(503);
      expect(res.body.code).toBe('auth_unavailable');
      expect(res.headers['x-dataset-version']).toBe('v0.3-2026Q3');
    } finally {
      await app.stop();
      await database.drop();
    }
  });
});
