import express from 'express';
import request from 'supertest';
import { loadPapers, PaperRepository, type PaperInput } from '../../modules/papers';
import { paperBatchRoutes as apiBatchRoutes } from '../../services/semantic-search/paper-batch.routes';
import { toSemanticPaper } from '../../services/semantic-search/semantic-paper';
import { paperBatchRoutes as publicBatchRoutes } from '../../services/public-search/paper-batch.routes';
import { Database } from '../../shared/db/database';
import { errorHandler } from '../../shared/http/problem-response';
import { recordsAsLines } from '../../shared/loading/json-lines';
import { createLogger } from '../../shared/logging/logger';
import { Releases } from '../../modules/releases';
import { testConfig } from '../support/test-run';
import { compactAnswerOf, connectMcp, httpOf, problemOf } from '../agents/mcp-client';
import { responseValidator } from '../support/openapi-validator';
import { newPaper, paperLine } from '../support/paper-fixtures';
import { freePort } from '../support/services';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const WORK = 'W7100000001';
/** Two records of one work carry its OpenAlex id (a preprint and its journal version); `cites` cites the work by that id. */
const LINES: Record<string, PaperInput> = {
  a: paperLine('batch-a', { doi: 'https://doi.org/10.5555/Batch-A', openalex_id: WORK, title: 'Hydrogen storage in salt caverns', title_ja: '岩塩空洞における水素貯蔵', year: 2024 }),
  b: paperLine('batch-b', { openalex_id: `openalex:${WORK}`, title: 'Hydrogen storage in salt caverns (preprint)', year: 2023, venue_type: 'preprint' }),
  c: paperLine('batch-c', { doi: '10.5555/batch-c', title: 'Carbon pricing and steel', year: 2021 }),
  cites: paperLine('batch-cites', { title: 'A review citing the work', references: [`openalex:${WORK}`] }),
};
const idOf = (name: keyof typeof LINES) => newPaper(LINES[name]!).id;
const BATCH = '/api/v1/papers/batch';
/** Well-formed ids no paper has. */
const unknown = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `p_nosuchpaper${from + i}`);

/**
 * `POST /api/v1/papers/batch` on both doors (target all, Postgres): answers in the order and length
 * asked with unknown, repeated and mixed-kind ids; the limits of each door; the data API's allowance
 * charged one request per 50 distinct ids (whole or not at all), the public door's fair use one
 * request a batch; the MCP tools; the OpenAPI documents; a prompt 503 while Postgres is down.
 */
describe('batch lookup on both doors', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let keys: ReturnType<typeof testKeys>;
  let validatePublic: ReturnType<typeof responseValidator>;
  let validateApi: ReturnType<typeof responseValidator>;
  /** The record the work id resolves to: the smallest id among the records carrying it, as the citing paper's reference resolved. */
  let workRecord: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadPapers(recordsAsLines(Object.values(LINES)), new PaperRepository(database.db));
    workRecord = (await database.db.query<{ id: string }>('SELECT min(id) AS id FROM papers WHERE openalex_id = $1', [WORK])).rows[0]!.id;
    keys = testKeys(database.db);
    app = await startTestProcess({
      DATABASE_URL: database.url,
      TRUST_PROXY: '1',
      PUBLIC_RATE_LIMIT: '1000',
      PUBLIC_RATE_BURST: '0',
      API_KEY_CACHE_SECONDS: '0',
      PLAN_BURST_PER_SECOND: 'trial=1000,demo=1000,researcher=1000,paid=1000,internal=1000',
    });
    validatePublic = responseValidator((await request(app.url).get('/openapi.json').expect(200)).body);
    validateApi = responseValidator((await request(app.apiUrl!).get('/openapi.json').expect(200)).body);
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  let nextIp = 1;
  const freshIp = () => `203.0.113.${nextIp++}`;
  const postPublic = (body: unknown, ip = freshIp()) => request(app.url).post(BATCH).set('X-Forwarded-For', ip).send(body as object);
  const postApi = (body: unknown, auth: string) => request(app.apiUrl!).post(BATCH).set('Authorization', auth).send(body as object);
  const documented = (validate: ReturnType<typeof responseValidator>, res: request.Response) =>
    validate({ method: 'POST', path: BATCH, status: res.status, headers: res.headers, body: res.body, text: res.text });

  /** Every kind of id, repeated, respelled and unknown, with the paper each position must answer (null for none). */
  const mixed = () => [
    [idOf('a'), idOf('a')],
    ['doi:10.5555/BATCH-A', idOf('a')],
    [`openalex:${WORK.toLowerCase()}`, workRecord],
    ['p_nosuchpaper', null],
    [idOf('c'), idOf('c')],
    ['DOI:10.5555/batch-c', idOf('c')],
    ['doi:10.9999/not-in-the-corpus', null],
    ['openalex:W999999', null],
    [WORK, null],
    [idOf('a'), idOf('a')],
    ['p_nosuchpaper', null],
  ] as const;

  it('resolves an OpenAlex work id carried by two records to the smallest of their ids, as a reference to it resolves', async () => {
    expect([idOf('a'), idOf('b')]).toContain(workRecord);
    const cited = await database.db.query<{ cited_id: string }>('SELECT cited_id FROM paper_references WHERE citing_id = $1', [idOf('cites')]);
    expect(cited.rows.map((r) => r.cited_id)).toEqual([workRecord]);
  });

  describe('the public door', () => {
    it('answers in the order and length asked, the record of GET /api/v1/papers/{id} or null, as its document says', async () => {
      const cases = mixed();
      const res = await postPublic({ ids: cases.map(([id]) => id) }).expect(200);
      expect(documented(validatePublic, res)).toEqual([]);
      expect(res.body).toMatchObject({ api_version: 'v1', count: cases.length, found: 6 });
      expect(res.body.results.map((r: Json | null) => r?.id ?? null)).toEqual(cases.map(([, expected]) => expected));
      for (const id of [idOf('a'), idOf('c'), workRecord]) {
        const one = (await request(app.url).get(`/api/v1/papers/${id}`).set('X-Forwarded-For', freshIp()).expect(200)).body;
        for (const r of res.body.results.filter((r: Json | null) => r?.id === id)) expect(r).toEqual(one);
      }
    });

    it('takes 50 ids and counts the batch as one request of the per-IP fair use', async () => {
      const ip = freshIp();
      const first = await postPublic({ ids: [idOf('a'), ...unknown(49)] }, ip).expect(200);
      expect([first.body.count, first.body.found]).toEqual([50, 1]);
      const second = await postPublic({ ids: [idOf('c')] }, ip).expect(200);
      expect([first.headers['x-ratelimit-remaining'], second.headers['x-ratelimit-remaining']]).toEqual(['999', '998']);
    });

    it.each([
      ['51 ids', 'too_many_ids', { ids: unknown(51) }],
      ['an empty list', 'missing_field:ids', { ids: [] }],
      ['no ids', 'missing_field:ids', {}],
      ['null ids', 'missing_field:ids', { ids: null }],
      ['a number among the ids', 'invalid_field:ids', { ids: ['p_a', 7] }],
      ['ids that are not a list', 'invalid_field:ids', { ids: 'p_a' }],
      ['a field it does not take', 'invalid_field:limit', { ids: ['p_a'], limit: 5 }],
      ['a body that is not an object', 'invalid_body', ['p_a']],
    ])('refuses %s: 400 %s, as documented', async (_what, code, body) => {
      const res = await postPublic(body).expect(400);
      expect(documented(validatePublic, res)).toEqual([]);
      expect(res.body.code).toBe(code);
    });

    it('refuses malformed ids with 400 invalid_ids naming every position at fault', async () => {
      const res = await postPublic({ ids: [idOf('a'), 'bad id!', 'doi:not-a-doi', 'openalex:X1', 'p_ok', `doi:10.5555/${'x'.repeat(260)}`] }).expect(400);
      expect(documented(validatePublic, res)).toEqual([]);
      expect(res.body).toMatchObject({ code: 'invalid_ids', invalid_positions: [1, 2, 3, 5] });
      expect(res.body.detail).toContain('ids[1] "bad id!"');
    });

    it('refuses a query parameter and a body that is not JSON', async () => {
      const query = await request(app.url).post(`${BATCH}?limit=5`).set('X-Forwarded-For', freshIp()).send({ ids: ['p_a'] }).expect(400);
      expect([query.body.code, documented(validatePublic, query)]).toEqual(['unknown_parameter', []]);
      const broken = await request(app.url).post(BATCH).set('X-Forwarded-For', freshIp()).set('Content-Type', 'application/json').send('{"ids": [').expect(400);
      expect(broken.body.code).toBe('invalid_body');
    });

    it('lets a browser post it (CORS preflight)', async () => {
      const res = await request(app.url).options(BATCH).set('Origin', 'https://reader.example').set('Access-Control-Request-Method', 'POST').set('Access-Control-Request-Headers', 'content-type').expect(204);
      expect(res.headers['access-control-allow-methods']).toContain('POST');
    });

    it('answers the MCP tool getPapers as over HTTP, with compact records and nulls in place', async () => {
      const mcp = await connectMcp(app.url);
      try {
        const ids = mixed().map(([id]) => id);
        const result = await mcp.call('getPapers', { ids });
        expect(result.isError).toBeFalsy();
        const http = (await postPublic({ ids }).expect(200)).body;
        expect(result.structuredContent).toEqual(compactAnswerOf(http, 'results'));
        expect(problemOf(await mcp.call('getPapers', { ids: unknown(51) }))).toMatchObject({ status: 400, code: 'too_many_ids' });
        expect(problemOf(await mcp.call('getPapers', { ids: ['bad id!'] }))).toMatchObject({ status: 400, code: 'invalid_ids', invalid_positions: [0] });
      } finally {
        await mcp.close();
      }
    });
  });

  describe('the data-API door', () => {
    const remaining = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-ratelimit-remaining']);

    it("answers in the order and length asked, the paper search's record with null scores or null, as its document says", async () => {
      const key = await keys.create('researcher');
      const cases = mixed();
      const res = await postApi({ ids: cases.map(([id]) => id) }, key.auth).expect(200);
      expect(documented(validateApi, res)).toEqual([]);
      expect(res.body).toMatchObject({ count: cases.length, found: 6 });
      expect(res.body.results.map((r: Json | null) => r?.id ?? null)).toEqual(cases.map(([, expected]) => expected));
      const stored = new Map((await new PaperRepository(database.db).findByIds([idOf('a'), idOf('c'), workRecord])).map((p) => [p.id, p]));
      for (const r of res.body.results.filter((r: Json | null) => r !== null)) expect(r).toEqual(toSemanticPaper(stored.get(r.id)!, { vector: null, keyword: null }));
    });

    it('charges one request of the allowance per 50 distinct ids, and one for a refused body', async () => {
      const key = await keys.create('demo', { daily_limit: 100 });
      const post = async (ids: unknown, status: number) => {
        const res = await postApi({ ids }, key.auth).expect(status);
        expect(documented(validateApi, res)).toEqual([]);
        return res;
      };
      expect(remaining(await post([idOf('a')], 200))).toBe(99);
      expect(remaining(await post(unknown(50), 200))).toBe(98);
      expect(remaining(await post(unknown(51), 200))).toBe(96);
      const full = await post([idOf('c'), ...unknown(499)], 200);
      expect([full.body.count, full.body.found, full.body.results[0].id, remaining(full)]).toEqual([500, 1, idOf('c'), 86]);
      // 500 positions, 50 distinct ids: each answered where it stands, counted once.
      const repeated = Array.from({ length: 500 }, (_, i) => (i % 50 === 0 ? idOf('a') : `p_nosuchpaper${i % 50}`));
      const answered = await post(repeated, 200);
      expect(answered.body.results.map((r: Json | null) => r?.id ?? null)).toEqual(repeated.map((id) => (id === idOf('a') ? id : null)));
      expect(remaining(answered)).toBe(85);
      // Two spellings of one DOI and a repeated id are one id each.
      expect(remaining(await post([...unknown(49), 'doi:10.5555/batch-a', 'DOI:10.5555/BATCH-A', unknown(1)[0]], 200))).toBe(84);
      const tooMany = await post(unknown(501), 400);
      expect([tooMany.body.code, remaining(tooMany)]).toEqual(['too_many_ids', 83]);
      const malformed = await post([...unknown(120), 'not an id'], 400);
      expect([malformed.body.code, malformed.body.invalid_positions, remaining(malformed)]).toEqual(['invalid_ids', [120], 82]);
      // Over the route's 128 KiB: the gateway could not weigh it, and the route's 400 is charged like any refused request.
      const oversized = await post(Array.from({ length: 500 }, (_, i) => `p_${String(i).padStart(300, 'x')}`), 400);
      expect([oversized.body.code, remaining(oversized)]).toEqual(['invalid_body', 81]);
    });

    it('charges every spelling of the path that reaches the route alike', async () => {
      const key = await keys.create('demo', { daily_limit: 100 });
      const spellings = ['/api/v1/papers/batch/', '/API/V1/Papers/Batch', '/api/v1/papers/batch?'];
      let left = 100;
      for (const path of spellings) {
        const res = await request(app.apiUrl!).post(path).set('Authorization', key.auth).send({ ids: unknown(51) });
        expect([path, res.status, res.body.count]).toEqual([path, 200, 51]);
        left -= 2;
        expect([path, remaining(res)]).toEqual([path, left]);
      }
    });

    it('charges a batch whole or not at all: one that counts for more than is left is a 429 that charges nothing', async () => {
      const key = await keys.create('demo', { daily_limit: 5 });
      const refused = await postApi({ ids: unknown(300) }, key.auth).expect(429);
      expect(documented(validateApi, refused)).toEqual([]);
      expect(refused.body).toMatchObject({ code: 'rate_limit_exceeded', 'violated-policies': ['daily'], request_cost: 6 });
      expect(refused.body.detail).toContain('counts for 6 requests');
      expect([remaining(refused), Number(refused.headers['retry-after']) > 0]).toEqual([5, true]);
      const fits = await postApi({ ids: unknown(250) }, key.auth).expect(200);
      expect(remaining(fits)).toBe(0);
      const spent = await postApi({ ids: [idOf('a')] }, key.auth).expect(429);
      expect(spent.body.request_cost).toBeUndefined();
    });

    it('refuses the same bodies as the public door, with its own limit of 500', async () => {
      const key = await keys.create('internal');
      for (const [body, code] of [
        [{ ids: [] }, 'missing_field:ids'],
        [{ ids: [1] }, 'invalid_field:ids'],
        [{ ids: ['p_a'], mode: 'vector' }, 'invalid_field:mode'],
        [{ ids: ['p_a', 'openalex:'] }, 'invalid_ids'],
      ] as const) {
        const res = await postApi(body, key.auth).expect(400);
        expect([res.body.code, documented(validateApi, res)]).toEqual([code, []]);
      }
      // An internal key has no allowance: nothing to weigh, still the same answer.
      expect((await postApi({ ids: unknown(500) }, key.auth).expect(200)).body.count).toBe(500);
    });

    it('answers the MCP tool getPapers as over HTTP, charging the call like its request', async () => {
      const key = await keys.create('demo', { daily_limit: 100 });
      const mcp = await connectMcp(app.apiUrl!, { Authorization: key.auth });
      try {
        const ids = [...mixed().map(([id]) => id), ...unknown(110)];
        const result = await mcp.call('getPapers', { ids });
        expect(result.isError).toBeFalsy();
        // 119 distinct ids: 3 requests.
        expect(httpOf(result).headers['x-ratelimit-remaining']).toBe('97');
        const http = await postApi({ ids }, key.auth).expect(200);
        expect(remaining(http)).toBe(94);
        expect(result.structuredContent).toEqual(compactAnswerOf(http.body, 'results'));
        expect(problemOf(await mcp.call('getPapers', { ids: unknown(501) }))).toMatchObject({ status: 400, code: 'too_many_ids' });
      } finally {
        await mcp.close();
      }
    });
  });

  it('lists the operation in both OpenAPI documents and the tool on both MCP servers', async () => {
    const pub = (await request(app.url).get('/openapi.json').expect(200)).body;
    const api = (await request(app.apiUrl!).get('/openapi.json').expect(200)).body;
    expect(pub.paths[BATCH].post.operationId).toBe('getPapers');
    expect(api.paths[BATCH].post.operationId).toBe('getPapers');
    expect(pub.paths[BATCH].post.requestBody.content['application/json'].schema.properties.ids).toMatchObject({ minItems: 1, maxItems: 50 });
    expect(api.paths[BATCH].post.requestBody.content['application/json'].schema.properties.ids).toMatchObject({ minItems: 1, maxItems: 500 });
    const key = await keys.create('researcher');
    for (const [url, headers] of [[app.url, {}], [app.apiUrl!, { Authorization: key.auth }]] as const) {
      const mcp = await connectMcp(url, headers);
      try {
        const tool = (await mcp.client.listTools()).tools.find((t) => t.name === 'getPapers');
        expect(tool?.inputSchema.required).toEqual(['ids']);
      } finally {
        await mcp.close();
      }
    }
  });
});

describe('batch lookup while Postgres cannot be reached', () => {
  it('answers both doors 503 database_unavailable with Retry-After, at once', async () => {
    const db = new Database(`postgres://postgres:x@127.0.0.1:${await freePort()}/none`, 1);
    try {
      const papers = new PaperRepository(db);
      // Not started: without as_of nothing asks it anything.
      const releases = new Releases(db, testConfig().releases, () => {
        throw new Error('no release index is needed');
      }, createLogger({ level: 'silent' }));
      const app = express();
      app.use('/public', publicBatchRoutes({ papers, releases, publicBaseUrl: 'https://papers.example.org' }));
      app.use('/api', apiBatchRoutes(papers, releases));
      app.use(errorHandler(createLogger({ level: 'silent' })));
      for (const door of ['/public', '/api']) {
        const res = await request(app).post(`${door}${BATCH}`).send({ ids: ['p_a', 'doi:10.5555/x'] }).expect(503);
        expect(res.body.code).toBe('database_unavailable');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await db.close();
    }
  });
});
