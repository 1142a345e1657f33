import { responseValidator, type ObservedResponse } from '../support/openapi-validator';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PROVENANCE = ['x-dataset-version', 'x-sne-framework-doi', 'x-disclaimer'];
const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;

interface Operation {
  method: string;
  template: string;
  /** The template with each path parameter replaced by its documented example (or first allowed value). */
  path: string;
  /** The query parameters the document lists for it, in its order. */
  query: string[];
}

/** Every operation of a door's OpenAPI document, ready to call. */
function operationsOf(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [template, item] of Object.entries<Json>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const params = (op.parameters ?? []) as Json[];
      const path = template.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
        const param = params.find((p) => p.in === 'path' && p.name === name);
        const example = param?.example ?? param?.schema?.example ?? param?.schema?.enum?.[0];
        if (typeof example !== 'string') throw new Error(`${method.toUpperCase()} ${template}: the path parameter ${name} has no example in the document`);
        return encodeURIComponent(example);
      });
      out.push({ method: method.toUpperCase(), template, path, query: params.filter((p) => p.in === 'query').map((p) => p.name as string) });
    }
  }
  return out;
}

/**
 * A query parameter an endpoint does not take is refused (400 `unknown_parameter`, naming it and
 * the accepted ones) on every endpoint of both doors: each operation of each door's own OpenAPI
 * document is called with a parameter that does not exist, so an endpoint added later is held to
 * it too. Run against `--target all` on real Postgres.
 */
describe('unknown query parameters are refused on both doors', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let internal: string;
  const docs: Record<'public' | 'api', Json> = { public: {}, api: {} };

  beforeAll(async () => {
    database = await createTestDatabase();
    internal = (await testKeys(database.db).create('internal')).auth;
    // The per-IP limits are not what is tested: the walk sends many requests from one address.
    app = await startTestProcess({ DATABASE_URL: database.url, KEY_APPLICATION_RATE_LIMIT: '1000', API_KEY_CACHE_SECONDS: '0' });
    docs.public = (await (await fetch(`${app.url}/openapi.json`)).json()) as Json;
    docs.api = (await (await fetch(`${app.apiUrl}/openapi.json`)).json()) as Json;
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  const base = (door: 'public' | 'api') => (door === 'public' ? app.url : app.apiUrl!);

  /** Sends a request to a door: the data API with an Internal key (so no key check or role stands in the way), bodies as `{}`. */
  async function send(door: 'public' | 'api', method: string, pathAndQuery: string) {
    const body = method === 'POST' || method === 'PATCH' ? '{}' : undefined;
    const res = await fetch(`${base(door)}${pathAndQuery}`, {
      method,
      headers: { ...(door === 'api' ? { Authorization: internal } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body,
    });
    const text = await res.text();
    const headers = Object.fromEntries(res.headers);
    let json: Json = {};
    try {
      json = JSON.parse(text) as Json;
    } catch {
      // not JSON (the feed, llms.txt)
    }
    return { status: res.status, headers, text, json };
  }

  /** The door's usual headers on an error: CORS on the public door, provenance on the data API, and the request id on both. */
  function expectDoorHeaders(door: 'public' | 'api', res: { headers: Record<string, string>; json: Json }) {
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.json.request_id).toBe(res.headers['x-request-id']);
    if (door === 'public') expect(res.headers['access-control-allow-origin']).toBe('*');
    else for (const h of PROVENANCE) expect(res.headers[h]).toBeTruthy();
  }

  function expectUnknown(res: { status: number; headers: Record<string, string>; json: Json; text: string }, names: string[], accepted: string[]) {
    expect([res.status, res.headers['content-type']]).toEqual([400, expect.stringMatching(/^application\/problem\+json/)]);
    expect(res.json).toMatchObject({ status: 400, code: 'unknown_parameter', accepted_parameters: accepted });
    for (const name of names) expect(res.json.detail).toContain(name);
    expect(res.json.detail).toContain(accepted.length > 0 ? `accepted: ${accepted.join(', ')}` : 'takes no query parameters');
  }

  describe.each(['public', 'api'] as const)('every operation of the %s door', (door) => {
    it('answers ?bogus_param=1 with 400 unknown_parameter, the accepted list, the door headers, as its document says', async () => {
      const operations = operationsOf(docs[door]);
      expect(operations.length).toBeGreaterThan(door === 'public' ? 2 : 15);
      const validate = responseValidator(docs[door]);
      for (const op of operations) {
        const res = await send(door, op.method, `${op.path}?bogus_param=1`);
        const where = `${op.method} ${op.template}`;
        expect({ where, status: res.status, body: res.text.slice(0, 300) }).toMatchObject({ where, status: 400 });
        expectUnknown(res, ['bogus_param'], op.query);
        expectDoorHeaders(door, res);
        const observed: ObservedResponse = { method: op.method, path: op.path, status: res.status, headers: res.headers, body: res.json, text: res.text };
        expect({ where, problems: validate(observed) }).toEqual({ where, problems: [] });
      }
    });
  });

  describe('the documents and llms.txt of both doors', () => {
    it.each([
      ['public', '/openapi.json'],
      ['public', '/llms.txt'],
      ['api', '/openapi.json'],
      ['api', '/llms.txt'],
    ] as const)('%s door %s refuses an unknown parameter and accepts the cache-buster', async (door, path) => {
      const refused = await send(door, 'GET', `${path}?format=yaml`);
      expectUnknown(refused, ['format'], []);
      expectDoorHeaders(door, refused);
      expect((await send(door, 'GET', `${path}?_=1700000000`)).status).toBe(200);
    });
  });

  describe('the public search', () => {
    const search = (query: string) => send('public', 'GET', `/api/v1/papers/search?${query}`);
    const accepted = () => operationsOf(docs.public).find((op) => op.template === '/api/v1/papers/search')!.query;

    it('names a typo and the parameters it should have been, before any other check', async () => {
      const res = await search('q=hydrogen&limt=5');
      expectUnknown(res, ['limt'], accepted());
      expect(res.json.detail).toBe(`limt is not a parameter of this endpoint; accepted: ${accepted().join(', ')}.`);
      // Refused even when another parameter is wrong too: the typo likely explains it.
      expect((await search('limt=5')).json.code).toBe('unknown_parameter');
    });

    it('names every unknown parameter', async () => {
      const res = await search('q=hydrogen&authors=Hasegawa&journal=x');
      expectUnknown(res, ['authors', 'journal'], accepted());
      expect(res.json.detail).toMatch(/^authors, journal are not parameters of this endpoint; /);
    });

    it('accepts the cache-buster _ and ignores it', async () => {
      const plain = await search('q=hydrogen&limit=5');
      const busted = await search('q=hydrogen&limit=5&_=1700000000');
      expect([plain.status, busted.status]).toEqual([200, 200]);
      expect(busted.json).toEqual(plain.json);
    });

    it('keeps its known parameters as they were: a repeat is that parameter\'s error, an empty one is absent', async () => {
      expect((await search('q=hydrogen&limit=5&limit=6')).json.code).toBe('invalid_limit');
      const res = await search('q=hydrogen&topic=&lang=ja&limit=5');
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ query: 'hydrogen', total: expect.any(Number) });
    });

    it('refuses it however the path is spelt (the plain route and express alike), cached or not', async () => {
      // A 200 for the same search is in the edge cache: the URL with the unknown parameter is another key, and a 400 is never kept.
      expect((await search('q=hydrogen&limit=3')).status).toBe(200);
      expect((await search('q=hydrogen&limit=3')).headers['x-cache']).toBe('HIT');
      for (let i = 0; i < 2; i++) {
        const res = await search('q=hydrogen&limit=3&bogus_param=1');
        expectUnknown(res, ['bogus_param'], accepted());
        expect(res.headers['x-cache']).toBe('MISS');
      }
      // A spelling the plain route does not take goes through express and its route.
      expectUnknown(await send('public', 'GET', '/api/v1/papers/search/?q=hydrogen&bogus_param=1'), ['bogus_param'], accepted());
    });
  });

  describe('the data API', () => {
    it('accepts the cache-buster on its paper search and its lists', async () => {
      for (const path of ['/api/v1/papers/search?q=hydrogen&mode=keyword', '/api/v1/companies?limit=1', '/api/v1/intelligence-events', '/api/v1/papers/changes']) {
        const res = await send('api', 'GET', `${path}${path.includes('?') ? '&' : '?'}_=1700000000`);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
      }
    });

    it('names a typo on its paper search; a known parameter given twice is still that parameter\'s error', async () => {
      const res = await send('api', 'GET', '/api/v1/papers/search?q=hydrogen&mode=keyword&limt=5');
      expect(res.json).toMatchObject({ code: 'unknown_parameter', accepted_parameters: expect.arrayContaining(['q', 'mode', 'limit']) });
      expect(res.json.detail).toMatch(/^limt is not a parameter of this endpoint; accepted: q, mode, /);
      expect((await send('api', 'GET', '/api/v1/papers/search?q=hydrogen&mode=keyword&limit=5&limit=6')).json.code).toBe('invalid_limit');
    });

    it('still refuses a credential in the query as credentials_in_query first', async () => {
      const res = await send('api', 'GET', '/api/v1/companies?api_key=gxk_x');
      expect(res.json.code).toBe('credentials_in_query');
    });

    it('checks the key before the parameters: no key is 401 whatever the query', async () => {
      const res = await fetch(`${app.apiUrl}/api/v1/companies?bogus_param=1`);
      expect(res.status).toBe(401);
    });
  });
});
