import request from 'supertest';
import { TOPIC_SLUGS } from '../../shared/papers/paper.schema';
import { SEARCH_LIMITS } from '../../services/public-search/search-params';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { freshRedisUrl } from '../support/test-redis';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';
import { agentRecordOf, compactAnswerOf, connectMcp, everyPartReady, httpOf, problemOf, type McpConnection } from './mcp-client';
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

  it('lists searchPapers, getPaper, getReferences, getCitedBy and getRelatedPapers, their parameters documented with the HTTP limits', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['getCitedBy', 'getPaper', 'getPapers', 'getReferences', 'getRelatedPapers', 'searchPapers']);
    const search = tools.find((t) => t.name === 'searchPapers')!;
    // q may be left out when author is given (a search by author alone), as over HTTP.
    expect(search.inputSchema.required ?? []).toEqual([]);
    const props = search.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(props.q).toMatchObject({ type: 'string', minLength: SEARCH_LIMITS.queryMinChars, maxLength: SEARCH_LIMITS.queryMaxChars });
    expect(props.q!.description).toContain('Required unless author is given');
    expect(props.limit).toMatchObject({ type: 'integer', minimum: SEARCH_LIMITS.limitMin, maximum: SEARCH_LIMITS.limitMax, default: SEARCH_LIMITS.limitDefault });
    expect(props.topic!.enum).toEqual([...TOPIC_SLUGS]);
    expect(props.lang!.enum).toEqual(['ja', 'en', 'all']);
    expect(props.sort!.enum).toEqual(['relevance', 'newest', 'cited_by']);
    expect(props.collapse!.enum).toEqual(['versions']);
    expect(props.author).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    expect(props.since).toMatchObject({ type: 'string' });
    expect(search.annotations).toMatchObject({ readOnlyHint: true });
  });

  it('gives every tool an output schema of an object, derived from the answer it stands for', async () => {
    const { tools } = await mcp.client.listTools();
    for (const tool of tools) {
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
      expect(JSON.stringify(tool.outputSchema)).not.toMatch(/"\$ref":"#"/);
    }
    const search = tools.find((t) => t.name === 'searchPapers')!.outputSchema!;
    expect(search.required).toEqual(expect.arrayContaining(['api_version', 'query', 'total', 'count', 'limit', 'offset', 'results']));
    // A compact record: its translated titles are optional (left out when they repeat the title).
    const record = JSON.stringify(search);
    expect(record).toContain('Left out when equal to `title`.');
    const paper = tools.find((t) => t.name === 'getPaper')!.outputSchema!;
    expect(paper.required).toEqual(expect.arrayContaining(['id', 'title', 'citation_url', 'ai_summary_en', 'ai_summary_ja', 'citation']));
    expect(paper.required).not.toContain('title_en');
    expect((paper.properties as Record<string, { required?: string[] }>).citation!.required).toEqual(['text', 'bibtex']);
  });

  it.each([
    { q: 'hydrogen' },
    { q: '水素', lang: 'ja', limit: 5 },
    { q: 'carbon', topic: 'carbon_pricing', offset: 3, limit: 7 },
    { q: 'carbon', sort: 'cited_by', collapse: 'versions', since: '2020-01-01', limit: 10 },
  ])('searchPapers %j answers what GET /api/v1/papers/search does, its records compact (with highlights, on by default for agents)', async (args) => {
    const http = await request(app.url).get('/api/v1/papers/search').query({ ...args, highlight: 'true' }).expect(200);
    const result = await mcp.call('searchPapers', args);
    expect(result.isError).toBeFalsy();
    expect(http.body.total).toBeGreaterThan(0);
    expect(result.structuredContent).toEqual(compactAnswerOf(http.body, 'results'));
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
    expect(httpOf(result).status).toBe(200);
  });

  it('searchPapers passes author on to the search, as GET /api/v1/papers/search takes it', async () => {
    const first = (await request(app.url).get('/api/v1/papers/search').query({ q: 'hydrogen' }).expect(200)).body.results[0] as { authors: string[] };
    const author = first.authors[0]!;
    const http = await request(app.url).get('/api/v1/papers/search').query({ q: 'hydrogen', author, highlight: 'true' }).expect(200);
    expect(http.body.total).toBeGreaterThan(0);
    const result = await mcp.call('searchPapers', { q: 'hydrogen', author });
    expect(result.structuredContent).toEqual(compactAnswerOf(http.body, 'results'));
  });

  it('searchPapers leaves out a translated title that repeats the title, and keeps one that differs', async () => {
    const result = await mcp.call('searchPapers', { q: 'carbon', limit: 50 });
    const records = (result.structuredContent as { results: Array<Record<string, unknown>> }).results;
    const http = (await request(app.url).get('/api/v1/papers/search').query({ q: 'carbon', limit: 50, highlight: 'true' }).expect(200)).body.results as Array<Record<string, unknown>>;
    expect(records.map((r) => r.id)).toEqual(http.map((r) => r.id));
    let left = 0;
    let kept = 0;
    records.forEach((r, i) => {
      for (const key of ['title_ja', 'title_en']) {
        if (http[i]![key] === http[i]!.title) {
          expect(key in r).toBe(false);
          left++;
        } else {
          expect(r[key]).toBe(http[i]![key]);
          kept++;
        }
      }
      // No highlight points into a field the record leaves out.
      for (const h of r.highlights as Array<{ field: string }>) expect(h.field in r).toBe(true);
      // No relevance score is invented: the public answer has none.
      expect(Object.keys(r).filter((k) => k.includes('score'))).toEqual([]);
    });
    expect(left).toBeGreaterThan(0);
    expect(kept).toBeGreaterThan(0);
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
    expect(result.structuredContent).toEqual(compactAnswerOf(http.body, 'results'));
    const { tools } = await mcp.client.listTools();
    expect(tools.find((t) => t.name === 'searchPapers')!.description).toMatch(/split a phrase into its words.*suggestion \{ q, total, reason \}/s);
  });

  it('searchPapers searches by author alone (no q) as the GET does: that author\'s papers, newest first', async () => {
    const someone = ((await request(app.url).get('/api/v1/papers/search').query({ q: 'hydrogen', limit: 1 }).expect(200)).body.results[0] as { authors: string[] }).authors[0]!;
    const args = { author: someone };
    const http = await request(app.url).get('/api/v1/papers/search').query({ ...args, highlight: true }).expect(200);
    expect(http.body).toMatchObject({ query: '' });
    expect(http.body.total).toBeGreaterThan(0);
    const result = await mcp.call('searchPapers', args);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(compactAnswerOf(http.body, 'results'));
  });

  it.each([
    [{ q: 'hydrogen', limit: SEARCH_LIMITS.limitMax + 1 }, 'invalid_limit'],
    [{ q: 'hydrogen', limit: 0 }, 'invalid_limit'],
    [{ q: 'hydrogen', limit: 2.5 }, 'invalid_limit'],
    [{ q: 'hydrogen', offset: -1 }, 'invalid_offset'],
    [{ q: 'x' }, 'missing_query'],
    [{}, 'missing_query'],
    [{ sort: 'newest' }, 'missing_query'],
    [{ q: 'a b c d e f' }, 'too_many_terms'],
    [{ q: 'hydrogen', topic: 'astrology' }, 'invalid_topic'],
    [{ q: 'hydrogen', lang: 'fr' }, 'invalid_lang'],
  ])('searchPapers %j is refused with the HTTP endpoint\'s code %s', async (args, code) => {
    const http = await request(app.url).get('/api/v1/papers/search').query(args).expect(400);
    expect(http.body.code).toBe(code);
    const problem = problemOf(await mcp.call('searchPapers', args));
    expect(problem).toMatchObject({ status: 400, code, detail: http.body.detail });
  });

  it('getPaper answers the record a search gives (compact), both summaries and a ready citation, and not_found / invalid_id like GET /api/v1/papers/{id}', async () => {
    const hits = (await request(app.url).get('/api/v1/papers/search').query({ q: 'hydrogen', limit: 20 }).expect(200)).body.results as Array<Record<string, unknown> & { id: string }>;
    // One Japanese and one English paper: their titles and summaries differ in kind.
    for (const hit of [hits.find((h) => h.lang === 'ja')!, hits.find((h) => h.lang === 'en')!]) {
      const result = await mcp.call('getPaper', { id: hit.id });
      expect(result.isError).toBeFalsy();
      expect((await request(app.url).get(`/api/v1/papers/${hit.id}`).expect(200)).body).toEqual(hit);
      const { ai_summary_en, ai_summary_ja, citation, ...record } = result.structuredContent as Record<string, unknown> & { citation: { text: string; bibtex: string } };
      expect(record).toEqual(agentRecordOf(hit));
      // The stored summaries, in full.
      const stored = (await database.db.query('SELECT ai_summary_en, ai_summary_ja FROM papers WHERE id = $1', [hit.id])).rows[0];
      expect({ ai_summary_en, ai_summary_ja }).toEqual({ ai_summary_en: stored.ai_summary_en, ai_summary_ja: stored.ai_summary_ja });
      expect(typeof ai_summary_en).toBe('string');
      // The citation the site serves: its BibTeX download, and "Authors (Year). Title. … Link".
      expect(citation.bibtex).toBe((await request(app.url).get(`/papers/${hit.id}.bib`).buffer(true).parse((res, done) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => done(null, text));
      }).expect(200)).body);
      expect(citation.bibtex).toMatch(/^@\w+\{/);
      expect(citation.text.startsWith(`${(hit.authors as string[]).join(', ')} (${hit.year ?? 'n.d.'}). `)).toBe(true);
      // The citation quotes the dataset release the record was read as of (the answer's X-Dataset-Version).
      const release = (await request(app.url).get(`/papers/${hit.id}.bib`).expect(200)).headers['x-dataset-version'];
      expect(citation.text.endsWith(` ${hit.citation_url} (dataset release ${release})`)).toBe(true);
    }

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

  /** The client's allowance left, as the last tool call's request was answered (repeated on the /mcp response). */
  const remaining = (mcp: McpConnection) => Number(mcp.http.lastPost()!.headers.get('x-ratelimit-remaining'));

  it('costs a session exactly its tool calls: connecting and listing are free, a search counts once, like its GET', async () => {
    const client = { 'X-Forwarded-For': '203.0.113.10' };
    const mcp = await connectMcp(app.url, client);
    try {
      await mcp.http.settled(); // initialize, initialized, and the GET the client tries for a stream (405)
      expect(mcp.http.exchanges.map((e) => e.status)).toEqual([200, 202, 405]);
      await mcp.client.listTools();
      await mcp.client.ping();
      // None of these counted: the first search finds the whole allowance but itself.
      expect((await mcp.call('searchPapers', { q: 'hydrogen' })).isError).toBeFalsy();
      expect(remaining(mcp)).toBe(LIMIT - 1);
      // getPaper counts once too, though it also reads the paper's page and BibTeX through the door.
      const id = (await request(app.url).get('/api/v1/papers/search').query({ q: 'hydrogen', limit: 1 }).set(client).expect(200)).body.results[0].id; // LIMIT - 2
      expect((await mcp.call('getPaper', { id })).isError).toBeFalsy();
      expect(remaining(mcp)).toBe(LIMIT - 3);
      expect((await mcp.call('searchPapers', { q: 'carbon' })).isError).toBeFalsy();
      expect(remaining(mcp)).toBe(0);
      // The minute is spent: the /mcp request carrying the next call is refused with the 429 of the GET.
      const refused = await mcp.call('searchPapers', { q: 'hydrogen' }).then(
        () => undefined,
        (err: { code?: number; message: string }) => err,
      );
      expect(refused?.code).toBe(429);
      expect(refused?.message).toContain('rate_limit_exceeded');
      expect(mcp.http.lastPost()!.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(mcp.http.lastPost()!.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      // The same allowance as the HTTP search's.
      expect((await request(app.url).get('/api/v1/papers/search').query({ q: 'hydrogen' }).set(client).expect(429)).body.code).toBe('rate_limit_exceeded');
      // Bookkeeping stays free (and answered) while the minute is spent.
      expect((await mcp.client.listTools()).tools.length).toBe(6);
    } finally {
      await mcp.close();
    }
  });

  it('refuses the tool calls of a client that spent its minute over HTTP, not its connection', async () => {
    const client = { 'X-Forwarded-For': '203.0.113.11' };
    for (let i = 0; i < LIMIT; i++) await request(app.url).get('/api/v1/papers/search').query({ q: `carbon${i}` }).set(client).expect(200);
    const mcp = await connectMcp(app.url, client);
    try {
      const failure = await mcp.call('searchPapers', { q: 'carbon' }).then(
        () => undefined,
        (err: { code?: number }) => err,
      );
      expect(failure?.code).toBe(429);
    } finally {
      await mcp.close();
    }
    // Another client is not affected: the limit counts the real client, not the gateway's own address.
    const other = await connectMcp(app.url, { 'X-Forwarded-For': '203.0.113.12' });
    try {
      expect((await other.call('searchPapers', { q: 'carbon' })).isError).toBeFalsy();
    } finally {
      await other.close();
    }
  });

  it('counts each tool call of a batch, so a batch cannot search past the limit', async () => {
    const batch = (n: number, from: number) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'searchPapers', arguments: { q: `climate${from + i}` } } }));
    const client = { 'X-Forwarded-For': '203.0.113.13' };
    const res = await request(app.url).post('/mcp').set(MCP_HEADERS).set(client).send(batch(LIMIT + 1, 0)).expect(200);
    // LIMIT + 1 calls, one count each: the last is refused as a tool error with the limit's code.
    const results = (res.body as Array<{ result: { isError?: boolean; _meta: { problem?: { code: string } } } }>).map((r) => r.result);
    expect(results).toHaveLength(LIMIT + 1);
    const refused = results.filter((r) => r.isError);
    expect(refused).toHaveLength(1);
    expect(refused[0]!._meta.problem!.code).toBe('rate_limit_exceeded');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    // A request whose every call is refused is refused itself.
    const all = await request(app.url).post('/mcp').set(MCP_HEADERS).set(client).send(batch(2, 100)).expect(429);
    expect(all.body.code).toBe('rate_limit_exceeded');
    expect(all.headers['retry-after']).toMatch(/^\d+$/);
  });
});
