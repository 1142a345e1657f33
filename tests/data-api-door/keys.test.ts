import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';

const run = promisify(execFile);
const application = (email = 'Researcher@Example.org') => ({ email, name: 'Aiko Sato', organization: 'Example University', purpose: 'Transition finance research' });

describe('key applications and key management', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let keys: ReturnType<typeof testKeys>;
  let admin: { id: string; auth: string };
  const apply = (body: unknown, ip = '198.51.100.1') =>
    request(app.apiUrl!).post('/api/keys/applications').set('X-Forwarded-For', ip).set('Content-Type', 'application/json').send(typeof body === 'string' ? body : JSON.stringify(body));
  const events = (auth: string) => request(app.apiUrl!).get('/api/v1/intelligence-events').set('Authorization', auth);

  beforeAll(async () => {
    database = await createTestDatabase();
    keys = testKeys(database.db);
    app = await startTestProcess({ DATABASE_URL: database.url, TRUST_PROXY: '1', KEY_APPLICATION_RATE_LIMIT: '1000', API_KEY_CACHE_SECONDS: '0' });
    admin = await keys.create('internal');
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('201: a Researcher key, shown once, pending until approved', async () => {
    const res = await apply(application('first@example.org')).expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ plan: 'researcher', status: 'pending' });
    expect(res.body.key).toMatch(/^gxk_[A-Za-z0-9_-]{43}$/);
    expect(res.body.key_hint.endsWith(res.body.key.slice(-4))).toBe(true);
    await events(`Bearer ${res.body.key}`).expect(403);
    const stored = await database.db.query('SELECT key_hash FROM api_keys WHERE id = $1', [res.body.key_id]);
    expect(JSON.stringify(stored.rows)).not.toContain(res.body.key); // only the hash is kept
  });

  it.each([
    ['not JSON', '{"email":'],
    ['an array', '[1,2]'],
    ['null', 'null'],
    ['empty', ''],
    ['over 16 KiB', JSON.stringify({ ...application('big@example.org'), purpose: 'x'.repeat(17 * 1024) })],
  ])('400 invalid_body for a body that is %s', async (_name, body) => {
    const res = await apply(body).expect(400);
    expect(res.body.code).toBe('invalid_body');
    expect(res.headers['x-dataset-version']).toBeTruthy();
  });

  it.each(['email', 'name', 'organization', 'purpose'])('400 missing_field:%s', async (field) => {
    const body: Record<string, unknown> = application(`${field}@example.org`);
    delete body[field];
    expect((await apply(body).expect(400)).body.code).toBe(`missing_field:${field}`);
    expect((await apply({ ...body, [field]: '   ' }).expect(400)).body.code).toBe(`missing_field:${field}`);
  });

  it.each(['no-at-sign', 'a@b', 'two@@example.org', 'spaces in@example.org'])('400 invalid_email for %s', async (email) => {
    expect((await apply(application(email)).expect(400)).body.code).toBe('invalid_email');
  });

  it('409 duplicate_pending_application for the same e-mail, whatever its case, even under concurrent applications', async () => {
    const results = await Promise.all([apply(application('dup@example.org')), apply(application('DUP@Example.org')), apply(application('Dup@example.ORG'))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('duplicate_pending_application');
  });

  it('limits applications per client IP', async () => {
    const limited = await startTestProcess({ DATABASE_URL: database.url, TRUST_PROXY: '1', KEY_APPLICATION_RATE_LIMIT: '2' });
    try {
      const send = (n: number) => request(limited.apiUrl!).post('/api/keys/applications').set('X-Forwarded-For', '203.0.113.50').send(application(`ip${n}@example.org`));
      expect((await send(1)).status).toBe(201);
      expect((await send(2)).status).toBe(201);
      const res = await send(3).expect(429);
      expect(res.body).toMatchObject({ code: 'rate_limit_exceeded', 'violated-policies': ['applications'] });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.stop();
    }
  });

  describe('admin endpoints', () => {
    const adminCall = (method: 'get' | 'post' | 'patch', url: string, auth = admin.auth) => request(app.apiUrl!)[method](url).set('Authorization', auth);

    it('are for Internal keys only', async () => {
      const researcher = await keys.create('researcher');
      const res = await adminCall('get', '/api/v1/admin/keys', researcher.auth).expect(403);
      expect(res.body.code).toBe('forbidden');
    });

    it('approve a pending key, which then works', async () => {
      const applied = await apply(application('approve-me@example.org')).expect(201);
      await adminCall('post', `/api/v1/admin/keys/${applied.body.key_id}/approve`).expect(200);
      await events(`Bearer ${applied.body.key}`).expect(200);
      const detail = await adminCall('get', `/api/v1/admin/keys/${applied.body.key_id}`).expect(200);
      expect(detail.body.audit.map((a: { action: string; actor: string }) => [a.action, a.actor])).toEqual([
        ['apply', 'applicant:approve-me@example.org'],
        ['approve', `key:${admin.id}`],
      ]);
      expect(detail.body.audit.every((a: { at: string }) => !Number.isNaN(Date.parse(a.at)))).toBe(true);
    });

    it('reissue: the old key stops working and the new one, shown once, works', async () => {
      const key = await keys.create('researcher');
      const res = await adminCall('post', `/api/v1/admin/keys/${key.id}/reissue`).expect(200);
      expect(res.body.key).toMatch(/^gxk_/);
      expect(res.body.key).not.toBe(key.token);
      expect((await events(key.auth).expect(401)).body.code).toBe('invalid_api_key');
      await events(`Bearer ${res.body.key}`).expect(200);
    });

    it('set limits, expire, reject, revoke — and refuse illegal transitions with 409', async () => {
      const demo = await keys.create('demo');
      await adminCall('patch', `/api/v1/admin/keys/${demo.id}/limits`).send({ daily_limit: 7 }).expect(200);
      expect((await events(demo.auth).expect(200)).headers['x-ratelimit-limit']).toBe('7');
      await adminCall('post', `/api/v1/admin/keys/${demo.id}/expire`).expect(200);
      expect((await events(demo.auth).expect(401)).body.code).toBe('key_expired');
      const again = await adminCall('post', `/api/v1/admin/keys/${demo.id}/approve`).expect(409);
      expect(again.body.code).toBe('invalid_key_transition');
      const applied = await apply(application('reject-me@example.org')).expect(201);
      await adminCall('post', `/api/v1/admin/keys/${applied.body.key_id}/reject`).expect(200);
      expect((await events(`Bearer ${applied.body.key}`).expect(401)).body.code).toBe('invalid_api_key');
      await adminCall('post', `/api/v1/admin/keys/key_doesnotexist/approve`).expect(404);
      expect((await adminCall('post', `/api/v1/admin/keys/nonsense/approve`).expect(400)).body.code).toBe('invalid_id');
    });

    it('list keys with filters and the list envelope', async () => {
      const res = await adminCall('get', '/api/v1/admin/keys?plan=internal&limit=5').expect(200);
      expect(res.body).toMatchObject({ limit: 5, offset: 0 });
      expect(res.body.total).toBeGreaterThanOrEqual(1);
      expect(res.body.data.every((k: { plan: string }) => k.plan === 'internal')).toBe(true);
      expect(JSON.stringify(res.body)).not.toMatch(/key_hash/);
      expect((await adminCall('get', '/api/v1/admin/keys?status=sleeping').expect(400)).body.code).toBe('invalid_status');
    });
  });

  it('gx keys create --plan internal issues a working key and records the operator', async () => {
    const cli = path.resolve(__dirname, '../../bin/gx.js');
    const env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    const { stdout } = await run('node', [cli, 'keys', 'create', '--plan', 'internal', '--name', 'ops'], { env });
    const token = /(gxk_[A-Za-z0-9_-]{43})/.exec(stdout)![1]!;
    await events(`Bearer ${token}`).expect(200);
    const id = /"id": "(key_[^"]+)"/.exec(stdout)![1]!;
    const revoke = await run('node', [cli, 'keys', 'revoke', id], { env });
    expect(revoke.stdout).toContain('"status": "revoked"');
    await events(`Bearer ${token}`).expect(401);
    const audit = await database.db.query<{ action: string; actor: string }>('SELECT action, actor FROM api_key_audit WHERE key_id = $1 ORDER BY id', [id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'revoke']);
    expect(audit.rows.every((r) => r.actor.startsWith('cli:'))).toBe(true);
  });
});
