import request from 'supertest';
import { TOPIC_SLUGS } from '../../shared/papers/paper.schema';
import { SEARCH_LIMITS } from '../../services/public-search/search-params';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { freshRedisUrl } from '../support/test-redis';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';
import { connectMcp, everyPartReady, httpOf, problemOf, type McpConnection } from './mcp-client';
import { scrape, valueOf } from '../support/prometheus';

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

/** The public door's MCP server and llms.txt, on `all` with the demo corpus, Postgres and Redis. */
describe('agents on the public door (target all, demo corpus)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let mcp: McpConnection;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    app = await startTestProcess({ DATABASE_URL: database.url, REDIS_URL: await freshRedisUrl(), DEMO_DATA: 'true', PUBLIC_BASE_URL: 'https://papers.example.org' });
    await everyPartReady(app.url);
    mcp = await connectMcp(app.url);
  });
  afterAll(async () => {
    await mcp?.close();
    await app?.stop();
    await database?.drop();
  });

  it('lists searchPapers and getPaper, their parameters documented with the HTTP limits', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['getPaper', 'searchPapers']);
    const search = tools.find((t) => t.name === 'searchPapers')!;
    expect(search.inputSchema.required).toEqual(['q']);
    const props = search.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(props.q).toMatchObject({ type: 'string', minLength: SEARCH_LIMITS.queryMinChars, maxLength: SEARCH_LIMITS.queryMaxChars });
    expect(props.limit).toMatchObject({ type: 'integer', minimum: SEARCH_LIMITS.limitMin, maximum: SEARCH_LIMITS.limitMax, default: SEARCH_LIMITS.limitDefault });
    expect(props.topic!.enum).toEqual([...TOPIC_SLUGS]);
    expect(props.lang!.enum).toEqual(['ja', 'en', 'all']);
    expect(search.annotations).toMatchObject({ readOnlyHint: true });
  });

  it.each([
    { q: 'hydrogen' },
    { q: '水素', lang: 'ja', limit: 5 },
    { q: 'carbon', topic: 'carbon_pricing', offset: 3, limit: 7 },
  ])('searchPapers %j answers exactly what GET /api/v1/papers/search does (with highlights, on by default for agents)', async (args) => {
    const http = await request(app.url).get('/api/v1/papers/search').query({ ...args, highlight: 'true' }).expect(200);
    const result = await mcp.call('searchPapers', args);
    expect(result.isError).toBeFalsy();
    expect(http.body.total).toBeGreaterThan(0);
    expect(result.structuredContent).toEqual(http.body);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(http.body);
    expect(httpOf(result).status).toBe(200);
  });

  it('searchPapers gives highlights an agent can quote, and leaves them out when asked', async () => {
    const result = await mcp.call('searchPapers', { q: 'carbon pricing', limit: 5 });
    const records = (result.structuredContent as { results: Array<{ title: string | null; highlights: Array<{ field: string; start: number; end: number; snippet: string }> }> }).results;
    expect(records.every((r) => r.highlights.length > 0)).toBe(true);
    for (const r of records) for (const h of r.highlights.filter((h) => h.field === 'title')) expect(h.snippet).toContain(r.title!.slice(h.start, h.end));
    const plain = await mcp.call('searchPapers', { q: 'carbon pricing', limit: 5, highlight: false });
    expect((plain.structuredContent as { results: object[] }).results.every((r) => !('highlights' in r))).toBe(true);
  });

  it('searchPapers answers an unspaced Japanese phrase that finds nothing with the suggestion of the GET, and says it may', async () => {
    const args = { q: '炭素税の効果' };
    const http = await request(app.url).get('/api/v1/papers/search').query(args).expect(200);
    expect(http.body.suggestion).toMatchObject({ q: '炭素税 効果' });
    const result = await mcp.call('searchPapers', args);
    expect(result.structuredContent).toEqual(http.body);
    const { tools } = await mcp.client.listTools();
    expect(tools.find((t) => t.name === 'searchPapers')!.description).toMatch(/split a phrase into its words.*suggestion \{ q, total, reason \}/s);
  });

  it.each([
    [{ q: 'hydrogen', limit: SEARCH_LIMITS.limitMax + 1 }, 'invalid_limit'],
    [{ q: 'hydrogen', limit: 0 }, 'invalid_limit'],
    [{ q: 'hydrogen', limit: 2.5 }, 'invalid_limit'],
    [{ q: 'hydrogen', offset: -1 }, 'invalid_offset'],
    [{ q: 'x' }, 'missing_query'],
    [{ q: 'a b c d e f' }, 'too_many_terms'],
    [{ q: 'hydrogen', topic: 'astrology' }, 'invalid_topic'],
    [{ q: 'hydrogen', lang: 'fr' }, 'invalid_lang'],
  ])('searchPapers %j is refused with the HTTP endpoint\'s code %s', async (args, code) => {
    const http = await request(app.url).get('/api/v1/papers/search').query(args).expect(400);
    expect(http.body.code).toBe(code);
    const problem = problemOf(await mcp.call('searchPapers', args));
    expect(problem).toMatchObject({ status: 400, code, detail: http.body.detail });
  });

  it('getPaper answers the record a search gives, and not_found / invalid_id like GET /api/v1/papers/{id}', async () => {
    const hit = (await request(app.url).get('/api/v1/papers/search').query({ q: 'hydrogen', limit: 1 }).expect(200)).body.results[0];
    const result = await mcp.call('getPaper', { id: hit.id });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(hit);
    expect((await request(app.url).get(`/api/v1/papers/${hit.id}`).expect(200)).body).toEqual(hit);

    expect(problemOf(await mcp.call('getPaper', { id: 'p_doesnotexist0000' }))).toMatchObject({ status: 404, code: 'not_found' });
    expect(problemOf(await mcp.call('getPaper', { id: 'p_bad/../../id' }))).toMatchObject({ status: 400, code: 'invalid_id' });
    expect((await request(app.url).get('/api/v1/papers/p_doesnotexist0000').expect(404)).body.code).toBe('not_found');
  });

  it('answers /mcp with the door\'s headers, never from or into the edge cache', async () => {
    await mcp.call('searchPapers', { q: 'climate risk' });
    const exchange = mcp.http.lastPost()!;
    expect(exchange.status).toBe(200);
    expect(exchange.headers.get('access-control-allow-origin')).toBe('*');
    expect(exchange.headers.get('cache-control')).toBe('no-store');
    expect(exchange.headers.get('x-request-id')).toBeTruthy();
    expect(exchange.headers.get('x-cache')).toBeNull();
    // The search a tool runs goes through the edge cache like the same GET does.
    const again = await waitFor('the search to be kept at the edge', async () => {
      const result = await mcp.call('searchPapers', { q: 'climate risk' });
      return httpOf(result).headers['x-cache'] === 'HIT' ? result : undefined;
    });
    // A child of the /mcp request's id, so the two log lines belong together.
    expect(httpOf(again).headers['x-request-id']).toBe(`${mcp.http.lastPost()!.headers.get('x-request-id')}.1`);

    const preflight = await request(app.url).options('/mcp').set('Origin', 'https://agent.example').set('Access-Control-Request-Method', 'POST').set('Access-Control-Request-Headers', 'content-type, mcp-protocol-version').expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type, mcp-protocol-version');

    const get = await request(app.url).get('/mcp').expect(405);
    expect(get.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(get.headers.allow).toBe('POST');
    expect(get.headers['access-control-allow-origin']).toBe('*');
  });

  it('measures a tool\'s request like the GET it stands for, beside the /mcp request', async () => {
    const count = async (route: string) =>
      valueOf(await scrape(app), 'http_server_request_duration_seconds_count', { http_route: route, http_response_status_code: '200' });
    const [searches, mcps] = [await count('/api/v1/papers/search'), await count('/mcp')];
    await mcp.call('searchPapers', { q: 'biodiversity finance' });
    // Measured once its response has closed, as for a request from the network.
    await waitFor('both requests to be measured', async () => (await count('/mcp')) === mcps + 1 || undefined);
    expect(await count('/api/v1/papers/search')).toBe(searches + 1);
  });

  it('serves /llms.txt as cacheable plain text stating the limits the search enforces', async () => {
    const res = await request(app.url).get('/llms.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const text = res.text;
    expect(text).toMatch(/^# GX Research Paper Search\n\n> \S/);
    expect(text).toContain(`up to ${SEARCH_LIMITS.maxTerms} white-space-separated terms, each at least ${SEARCH_LIMITS.termMinChars} characters`);
    expect(text).toContain(`\`limit\` ${SEARCH_LIMITS.limitMin} to ${SEARCH_LIMITS.limitMax} (default ${SEARCH_LIMITS.limitDefault})`);
    expect(text).toContain(`${SEARCH_LIMITS.queryMinChars} to ${SEARCH_LIMITS.queryMaxChars} characters`);
    for (const slug of TOPIC_SLUGS) expect(text).toContain(`\`${slug}\``);
    expect(text).toContain('(https://papers.example.org/openapi.json)');
    expect(text).toContain('(https://papers.example.org/mcp)');
    expect(text).toContain('CC BY 4.0');
    expect(text).toContain('carries `suggestion` `{ q, total, reason }`');
    // Every link is a markdown link to this site.
    for (const [, url] of text.matchAll(/\]\(([^)]+)\)/g)) expect(url).toMatch(/^https:\/\/papers\.example\.org\//);
    // Cached at the edge like any cacheable GET.
    await waitFor('llms.txt to be kept at the edge', async () => (await request(app.url).get('/llms.txt').expect(200)).headers['x-cache'] === 'HIT');
  });
});

/** The per-IP limit applies to MCP: one shared allowance per client address, whatever door path it uses. */
describe('the public per-IP limit over MCP', () => {
  const LIMIT = 4;
  let database: TestDatabase;
  let app: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    app = await startTestProcess({
      DATABASE_URL: database.url,
      REDIS_URL: await freshRedisUrl(),
      DEMO_DATA: 'true',
      PUBLIC_RATE_LIMIT: String(LIMIT),
      PUBLIC_RATE_BURST: '0',
      // Each test is a client of its own address.
      TRUST_PROXY: 'true',
    });
    await everyPartReady(app.url);
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('counts every /mcp request, a tool call once, and refuses the client with 429 once its minute is spent', async () => {
    const client = { 'X-Forwarded-For': '203.0.113.10' };
    const mcp = await connectMcp(app.url, client);
    try {
      await mcp.http.settled(); // initialize, initialized, and the GET the client tries for a stream (405): 3
      expect(mcp.http.exchanges.map((e) => e.status)).toEqual([200, 202, 405]);
      const ok = await mcp.call('searchPapers', { q: 'hydrogen' }); // 4: the /mcp request, its search not counted again
      expect(ok.isError).toBeFalsy();
      expect(mcp.http.lastPost()!.headers.get('x-ratelimit-remaining')).toBe('0');
      const refused = await mcp.call('searchPapers', { q: 'hydrogen' }).then(
        () => undefined,
        (err: { code?: number; message: string }) => err,
      );
      expect(refused?.code).toBe(429);
      expect(refused?.message).toContain('rate_limit_exceeded');
      expect(mcp.http.lastPost()!.headers.get('retry-after')).toMatch(/^\d+$/);
      // The same allowance as the HTTP search's.
      expect((await request(app.url).get('/api/v1/papers/search').query({ q: 'hydrogen' }).set(client).expect(429)).body.code).toBe('rate_limit_exceeded');
    } finally {
      await mcp.close();
    }
  });

  it('refuses MCP to a client that spent its minute over HTTP', async () => {
    const client = { 'X-Forwarded-For': '203.0.113.11' };
    for (let i = 0; i < LIMIT; i++) await request(app.url).get('/api/v1/papers/search').query({ q: `carbon${i}` }).set(client).expect(200);
    const failure = await connectMcp(app.url, client).then(
      async (mcp) => {
        await mcp.close();
        return undefined;
      },
      (err: { code?: number }) => err,
    );
    expect(failure?.code).toBe(429);
    // Another client is not affected: the limit counts the real client, not the gateway's own address.
    const other = await connectMcp(app.url, { 'X-Forwarded-For': '203.0.113.12' });
    try {
      expect((await other.call('searchPapers', { q: 'carbon' })).isError).toBeFalsy();
    } finally {
      await other.close();
    }
  });

  it('counts each further tool call of a batch, so a batch cannot search past the limit', async () => {
    const calls = Array.from({ length: LIMIT + 1 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'searchPapers', arguments: { q: `climate${i}` } } }));
    const res = await request(app.url).post('/mcp').set(MCP_HEADERS).set('X-Forwarded-For', '203.0.113.13').send(calls).expect(200);
    // The POST counts one and covers one call; the other calls count one each: LIMIT + 1 in all.
    const results = (res.body as Array<{ result: { isError?: boolean; structuredContent: { code?: string } } }>).map((r) => r.result);
    expect(results).toHaveLength(LIMIT + 1);
    const refused = results.filter((r) => r.isError);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.structuredContent.code).toBe('rate_limit_exceeded');
  });
});
