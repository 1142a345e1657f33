import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';

const PROVENANCE = ['x-dataset-version', 'x-sne-framework-doi', 'x-disclaimer'];

/** The data-API door's authentication, provenance headers and key secrecy, on a real process. */
describe('data API door: authentication and provenance', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let api: string;
  const logLines: string[] = [];
  let keys: ReturnType<typeof testKeys>;

  beforeAll(async () => {
    database = await createTestDatabase();
    keys = testKeys(database.db);
    // Every log line at debug level is kept, to prove no key ever reaches the logs.
    const sink = new Writable({ write(chunk, _enc, cb) { logLines.push(String(chunk)); cb(); } });
    app = await startTestProcess(
      {
        DATABASE_URL: database.url, API_KEY_CACHE_SECONDS: '1', SNE_FRAMEWORK_DOI: 'https://doi.org/10.5555/sne-framework', LOG_LEVEL: 'debug',
        // The waits below ask again until a key's new status shows: no per-second limit in the way.
        PLAN_BURST_PER_SECOND: 'trial=100000,demo=100000,researcher=100000,paid=100000,internal=100000',
      },
      'all',
      pino({ level: 'debug' }, sink),
    );
    api = app.apiUrl!;
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  const events = (auth?: string) => {
    const r = request(api).get('/api/v1/intelligence-events');
    return auth === undefined ? r : r.set('Authorization', auth);
  };

  function expectProblem(res: request.Response, status: number, code: string) {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status, code });
    for (const h of PROVENANCE) expect(res.headers[h]).toBeTruthy();
  }

  it.each([
    ['no Authorization header', undefined],
    ['an empty value', ''],
    ['Bearer without a key', 'Bearer '],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
  ])('401 missing_bearer for %s', async (_name, auth) => {
    const res = await events(auth);
    expectProblem(res, 401, 'missing_bearer');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it.each([
    ['a malformed key', 'Bearer not-a-key'],
    ['a well-formed unknown key', `Bearer gxk_${'A'.repeat(43)}`],
    ['a key with another prefix', `Bearer sk_${'A'.repeat(43)}`],
  ])('401 invalid_api_key for %s', async (_name, auth) => {
    expectProblem(await events(auth), 401, 'invalid_api_key');
  });

  it('403 key_not_approved for a pending key, 200 once approved', async () => {
    const { record, token } = await keys.service.apply({ email: 'pending@example.org', name: 'P', organization: 'O', purpose: 'research' });
    expectProblem(await events(`Bearer ${token}`), 403, 'key_not_approved');
    await keys.service.act(record.id, 'approve', 'test');
    // The verified-key cache (API_KEY_CACHE_SECONDS=1 here) holds the pending key only briefly.
    const ok = await waitFor('the approved key to be accepted', async () => {
      const res = await events(`Bearer ${token}`);
      if (res.status !== 200) expectProblem(res, 403, 'key_not_approved');
      return res.status === 200 && res;
    });
    for (const h of PROVENANCE) expect(ok.headers[h]).toBeTruthy();
  });

  it('401 key_expired for an expired key', async () => {
    const key = await keys.create('trial');
    await keys.service.act(key.id, 'expire', 'test');
    expectProblem(await events(key.auth), 401, 'key_expired');
  });

  it('a revoked key stops working within seconds', async () => {
    const key = await keys.create('researcher');
    await events(key.auth).expect(200);
    await keys.service.act(key.id, 'revoke', 'test');
    const refused = await waitFor('the revoked key to be refused', async () => {
      const res = await events(key.auth);
      if (res.status === 200) return undefined;
      return res;
    });
    expectProblem(refused, 401, 'invalid_api_key');
  });

  it('carries the configured provenance headers on successes, errors and unknown paths alike', async () => {
    const key = await keys.create('researcher');
    for (const res of [await events(key.auth), await events(), await request(api).get('/nothing'), await request(api).get('/healthz')]) {
      expect(res.headers['x-dataset-version']).toBe('v0.3-2026Q3');
      expect(res.headers['x-sne-framework-doi']).toBe('https://doi.org/10.5555/sne-framework');
      expect(res.headers['x-disclaimer']).toMatch(/source PDF/);
    }
  });

  it('answers unknown paths with 404 not_found, with or without a key', async () => {
    const key = await keys.create('researcher');
    expectProblem(await request(api).get('/api/v1/no-such-thing').set('Authorization', key.auth), 404, 'not_found');
    expectProblem(await request(api).get('/elsewhere'), 404, 'not_found');
  });

  it('never writes a key to the logs', async () => {
    const key = await keys.create('internal');
    // One access-log line a request, written once its answer is sent.
    const accessLines = () => logLines.filter((l) => l.includes('"responseTime"')).length;
    const before = accessLines();
    await events(key.auth).expect(200);
    await events(`Bearer ${key.token}x`);
    await request(api).post('/api/keys/applications').send({ email: 'secret@example.org', name: 'S', organization: 'O', purpose: 'p' });
    const applied = await keys.service.apply({ email: 'secret2@example.org', name: 'S', organization: 'O', purpose: 'p' });
    await events(`Bearer ${applied.token}`);
    await waitFor('the four requests to be logged', () => accessLines() >= before + 4);
    const all = logLines.join('');
    expect(all.length).toBeGreaterThan(0);
    expect(all).toContain('/api/v1/intelligence-events');
    expect(all).not.toContain(key.token);
    expect(all).not.toContain(key.token.slice(4, 30));
    expect(all).not.toContain(applied.token);
  });
});
