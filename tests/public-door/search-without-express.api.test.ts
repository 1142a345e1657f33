import http from 'node:http';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request as written, path untouched (a client library would normalise some of these spellings). */
function ask(base: string, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Everything a client reads of an answer but what differs between any two requests (their ids, the date). */
const seen = ({ status, headers, body }: Answer) => ({ status, headers: { ...headers, 'x-request-id': undefined, date: undefined }, body });

/**
 * The public door answers the search's exact path without express (`services/gateway/plain-dispatch.ts`);
 * every other spelling express still routes to the same handler. Both must give the same answers,
 * and the edge cache must keep what the first sent.
 */
describe('the public search answered without express (target gateway,public-search, demo corpus)', () => {
  let database: TestDatabase;
  let app: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    app = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true', SERVICE_TOKEN: 'plain-dispatch-test-token' }, 'gateway,public-search');
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  // Express matches paths case-insensitively and with a trailing slash; only the exact spelling skips it.
  const EXACT = '/api/v1/papers/search';
  const THROUGH_EXPRESS = ['/api/v1/papers/search/', '/API/v1/Papers/Search'];

  it.each([
    ['GET', '?q=hydrogen&limit=3', {}],
    ['GET', '?q=%E6%B0%B4%E7%B4%A0&lang=ja&highlight=true', {}],
    ['HEAD', '?q=carbon+pricing', {}],
    // Express answers If-None-Match: * with 304, though a search sends no ETag; so does the plain route.
    ['GET', '?q=solar&limit=2', { 'If-None-Match': '*' }],
    ['GET', '?q=solar&limit=4', { 'If-None-Match': '*', 'Cache-Control': 'no-cache' }],
  ] as const)('%s %s %j: the same answer on the exact path as on the paths express routes', async (method, query, headers) => {
    const exact = seen(await ask(app.url, method, `${EXACT}${query}`, headers));
    expect(exact.status).not.toBe(404);
    for (const path of THROUGH_EXPRESS) expect({ path, answer: seen(await ask(app.url, method, `${path}${query}`, headers)) }).toEqual({ path, answer: exact });
  });

  it('refuses a bad parameter with the same problem, naming the path the client asked for', async () => {
    const exact = await ask(app.url, 'GET', `${EXACT}?q=hydrogen&limit=0`);
    expect(exact.status).toBe(400);
    expect(exact.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = JSON.parse(exact.body);
    expect(problem).toMatchObject({ code: 'invalid_limit', status: 400, instance: EXACT, request_id: exact.headers['x-request-id'] });
    for (const path of THROUGH_EXPRESS) {
      const other = await ask(app.url, 'GET', `${path}?q=hydrogen&limit=0`);
      expect({ ...seen(other), body: undefined }).toEqual({ ...seen(exact), body: undefined, headers: { ...seen(exact).headers, 'content-length': other.headers['content-length'] } });
      expect(JSON.parse(other.body)).toEqual({ ...problem, instance: path, request_id: other.headers['x-request-id'] });
    }
  });

  it('keeps the answer in the edge cache: the same request again is a hit with the same bytes', async () => {
    const path = `${EXACT}?q=wind+power&limit=5`;
    const miss = await ask(app.url, 'GET', path);
    const hit = await ask(app.url, 'GET', path);
    expect([miss.headers['x-cache'], hit.headers['x-cache']]).toEqual(['MISS', 'HIT']);
    expect(hit.body).toBe(miss.body);
    expect(hit.headers['content-length']).toBe(String(Buffer.byteLength(miss.body)));
  });
});
