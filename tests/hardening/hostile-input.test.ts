import { Writable } from 'node:stream';
import pino from 'pino';
import { startProcess, type RunningProcess } from '../../services/process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { removeDir, testConfig } from '../support/test-run';
import { sendRaw, sendWhole, type RawAnswer } from './raw-http';

const PROVENANCE = ['x-dataset-version', 'x-sne-framework-doi', 'x-disclaimer'];
// Written as JSON escapes: JSON.stringify would keep them as they are, which is the point.
const NUL = '\\u0000';
const LONE_SURROGATE = '\\ud800';

/**
 * Input an attacker or a broken client sends gets the specified 4xx in the door's shape and stores
 * nothing: bodies with text Postgres cannot store, requests Node's HTTP parser refuses, credentials
 * in URLs. Run against `--target all` on real Postgres.
 */
describe('hostile input on both doors', () => {
  let database: TestDatabase;
  let proc: RunningProcess;
  let dataDir: string;
  let publicPort: number;
  let apiPort: number;
  let internal: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    internal = (await testKeys(database.db).create('internal')).auth;
    const config = testConfig({ DATABASE_URL: database.url, PUBLIC_PORT: '0', API_PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'false', LOG_LEVEL: 'info',
      // Several cases post key applications; the per-IP application limit is not what they test.
      KEY_APPLICATION_RATE_LIMIT: '1000',
    });
    dataDir = config.dataDir;
    const sink = new Writable({ write(chunk, _enc, cb) { logLines.push(String(chunk)); cb(); } });
    proc = await startProcess('all', config, pino({ level: 'info' }, sink));
    publicPort = proc.servers.public!.port;
    apiPort = proc.servers.api!.port;
  });
  afterAll(async () => {
    await proc?.stop();
    await database?.drop();
    removeDir(dataDir);
  });

  const rows = async (table: string) => Number((await database.db.pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

  /** A JSON body written by hand, so escapes reach the server as sent. */
  const post = (path: string, json: string, auth?: string, method = 'POST') =>
    fetch(`http://127.0.0.1:${apiPort}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
      body: json,
    });

  async function expectInvalidBody(res: Response, field: string) {
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await res.json()) as Record<string, string>;
    expect(body).toMatchObject({ status: 400, code: 'invalid_body', field });
    expect(body.detail).toContain(`"${field}"`);
    for (const h of PROVENANCE) expect(res.headers.get(h)).toBeTruthy();
  }

  const application = (name: string, key = 'name') =>
    `{"email":"a@example.org","${key}":"${name}","organization":"Lab","purpose":"research"}`;

  describe('text that cannot be stored, in any JSON field or key: 400 invalid_body naming it, nothing stored', () => {
    it.each([
      ['a NUL in a field', application(`x${NUL}y`), 'name'],
      ['a lone surrogate in a field', application(`x${LONE_SURROGATE}y`), 'name'],
      ['a NUL in a key', application('Ada', `na${NUL}me`), `na\u0000me`],
    ])('key applications (no key needed): %s', async (_case, json, field) => {
      const before = await rows('api_keys');
      await expectInvalidBody(await post('/api/keys/applications', json), field);
      expect(await rows('api_keys')).toBe(before);
    });

    it('admin key creation', async () => {
      const before = await rows('api_keys');
      await expectInvalidBody(await post('/api/v1/admin/keys', `{"plan":"trial","organization":"Lab${LONE_SURROGATE}"}`, internal), 'organization');
      expect(await rows('api_keys')).toBe(before);
    });

    it.each([
      ['summary', `{"note":"a${NUL}b"}`, 'summary.note'],
      ['evidence_refs', `[{"kind":"paper","ref":"p_1"},{"kind":"paper","ref":"p${LONE_SURROGATE}"}]`, 'evidence_refs[1].ref'],
    ])('intelligence events: %s', async (member, value, field) => {
      const before = await rows('intelligence_events');
      const json = `{"event_type":"gap.emission_computed","subject_kind":"company","subject_id":"7203","occurred_at":"2025-04-01T00:00:00Z","${member}":${value}}`;
      await expectInvalidBody(await post('/api/v1/intelligence-events', json, internal), field);
      expect(await rows('intelligence_events')).toBe(before);
    });

    it('a well-formed surrogate pair (an emoji) is text like any other', async () => {
      const res = await post('/api/keys/applications', application('Ada \\ud83c\\udf31'));
      expect(res.status).toBe(201);
    });

    it('a NUL in a query parameter is that parameter\'s 400, not a 500', async () => {
      const res = await fetch(`http://127.0.0.1:${apiPort}/api/v1/intelligence-events?subject_id=a%00b`, { headers: { Authorization: internal } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('invalid_subject_id');
    });
  });

  describe('requests the HTTP parser refuses are answered in the door\'s shape', () => {
    const longQuery = `GET /api/v1/papers/search?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`;
    // Every row has all five columns: jest reads a test function with more parameters than its row as one awaiting `done`.
    const cases: [string, string, number, string, { halfClose?: boolean }][] = [
      ['a 100,000-character q', longQuery, 400, 'query_too_long', {}],
      ['a URL over the limit', `GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414, 'uri_too_long', {}],
      ['a 20 KB Authorization header', `GET /api/v1/companies HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'headers_too_large', {}],
      ['a NUL in the URL', 'GET /a\0b HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'malformed_request', {}],
      ['a space in the URL', 'GET /a b HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'malformed_request', {}],
      ['an unknown method', 'FROB / HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'malformed_request', {}],
      ['no Host header', 'GET /healthz HTTP/1.1\r\n\r\n', 400, 'missing_host', {}],
      ['a control byte in a header', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Note: a\x01b\r\n\r\n', 400, 'malformed_request', {}],
      ['both Content-Length and Transfer-Encoding', 'POST /api/keys/applications HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400, 'malformed_request', {}],
      ['a bad chunk size', 'POST /api/keys/applications HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', 400, 'malformed_request', {}],
      ['Expect: foo', 'GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: foo\r\n\r\n', 417, 'expectation_failed', {}],
    ];

    function expectShape(res: RawAnswer, status: number, code: string) {
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const body = JSON.parse(res.body);
      expect(body).toMatchObject({ status, code });
      expect(body.request_id).toBe(res.headers['x-request-id']);
    }

    it.each(cases)('public door: %s', async (_case, bytes, status, code, options) => {
      const res = await sendRaw(publicPort, bytes, options);
      expectShape(res, status, code);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['x-dataset-version']).toBeTruthy();
    });

    // Only the data API reads request bodies (the public door answers a POST 404 before reading it).
    const bodyCases: typeof cases = [
      ['a truncated body', 'POST /api/keys/applications HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"a":', 400, 'malformed_request', { halfClose: true }],
    ];

    it.each([...cases, ...bodyCases])('data API door: %s', async (_case, bytes, status, code, options) => {
      const res = await sendRaw(apiPort, bytes, options);
      expectShape(res, status, code);
      for (const h of PROVENANCE) expect(res.headers[h]).toBeTruthy();
    });

    it('a 600-character q and a 100,000-character one get the same answer', async () => {
      const short = await fetch(`http://127.0.0.1:${publicPort}/api/v1/papers/search?q=${'a'.repeat(600)}`);
      expect(short.status).toBe(400);
      expect(((await short.json()) as { code: string }).code).toBe('query_too_long');
      expectShape(await sendRaw(publicPort, longQuery), 400, 'query_too_long');
    });

    it('the server keeps serving after all of them', async () => {
      const res = await fetch(`http://127.0.0.1:${publicPort}/api/v1/papers/search?q=carbon`);
      expect(res.status).toBe(200);
    });
  });

  describe('a request far over the limits is answered and its connection closed once the client has written it all, not reset', () => {
    // 100,000 CJK characters percent-encode to 900 KB; the limit is 16 KiB for the request line and headers together.
    const cases: [string, string, number, string][] = [
      ['a 100,000-character CJK q (a 900 KB URL)', `GET /api/v1/papers/search?q=${encodeURIComponent('水'.repeat(100_000))} HTTP/1.1\r\nHost: x\r\n\r\n`, 400, 'query_too_long'],
      ['a 900 KB URL', `GET /api/v1/${'a'.repeat(900_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414, 'uri_too_long'],
      ['a 100 KB header', `GET /api/v1/papers/search?q=carbon HTTP/1.1\r\nHost: x\r\nX-Note: ${'a'.repeat(100_000)}\r\n\r\n`, 431, 'headers_too_large'],
    ];

    /** The dataset version the door puts on its ordinary answers. */
    const datasetVersion = async (port: number) => (await fetch(`http://127.0.0.1:${port}/healthz`)).headers.get('x-dataset-version');

    function expectProblem(res: RawAnswer, status: number, code: string) {
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers.connection).toBe('close');
      const body = JSON.parse(res.body);
      expect(body).toMatchObject({ status, code });
      expect(body.detail).toEqual(expect.any(String));
      expect(body.request_id).toBe(res.headers['x-request-id']);
    }

    // Written whole, the request usually sits in the kernel's buffers before the door answers; told
    // mid-write (after its first 32 KB, one packet here), the client then writes the rest: either way
    // the door reads on to the end of the request before it closes.
    const writes = [['written whole', {}], ['answered mid-write', { answerAfter: 32_000 }]] as const;
    const doorCases = writes.flatMap(([how, options]) => cases.map(([name, bytes, status, code]) => [`${name}, ${how}`, bytes, status, code, options] as const));

    it.each(doorCases)('public door: %s', async (_case, bytes, status, code, options) => {
      const res = await sendWhole(publicPort, bytes, options);
      expectProblem(res, status, code);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['x-dataset-version']).toBe(await datasetVersion(publicPort));
    });

    it.each(doorCases)('data API door: %s', async (_case, bytes, status, code, options) => {
      const res = await sendWhole(apiPort, bytes, options);
      expectProblem(res, status, code);
      for (const h of PROVENANCE) expect(res.headers[h]).toBeTruthy();
      expect(res.headers['x-dataset-version']).toBe(await datasetVersion(apiPort));
    });

    it('the doors keep serving after them', async () => {
      expect((await fetch(`http://127.0.0.1:${publicPort}/api/v1/papers/search?q=carbon`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${apiPort}/api/v1/companies`, { headers: { Authorization: internal } })).status).toBe(200);
    });
  });

  describe('credentials in a query string', () => {
    it.each(['api_key', 'apikey', 'access_token', 'key'])('the data API refuses ?%s=… with a 400 that says to use the header', async (name) => {
      const res = await fetch(`http://127.0.0.1:${apiPort}/api/v1/companies?${name}=gxk_notarealkey`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as Record<string, string>;
      expect(body.code).toBe('credentials_in_query');
      expect(body.detail).toMatch(/Authorization: Bearer/);
      for (const h of PROVENANCE) expect(res.headers.get(h)).toBeTruthy();
    });

    it('never writes one to the access log, on either door', async () => {
      await fetch(`http://127.0.0.1:${apiPort}/api/v1/companies?api_key=gxk_secretInQuery1`);
      await fetch(`http://127.0.0.1:${publicPort}/api/v1/papers/search?q=carbon&token=secretToken2&apikey=gxk_secretInQuery3`);
      await fetch(`http://127.0.0.1:${publicPort}/api/v1/papers/search?q=gxk_secretInQuery4`);
      const log = logLines.join('');
      expect(log).toContain('api_key=[redacted]');
      expect(log).toContain('token=[redacted]');
      expect(log).not.toMatch(/secretInQuery|secretToken/);
    });
  });
});
