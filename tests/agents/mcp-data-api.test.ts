import request from 'supertest';
import { ApiKeyService } from '../../services/events-keys/api-key.service';
import { ApiKeyRepository } from '../../modules/api-keys/api-key.repository';
import { COMPANY_LIMITS } from '../../services/company-data/company-params';
import { EVENT_LIMITS } from '../../services/events-keys/event-params';
import { PLAN_ALLOWANCES } from '../../services/gateway/plan-allowance';
import { SEMANTIC_LIMITS } from '../../services/semantic-search/semantic-params';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { freshRedisUrl } from '../support/test-redis';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { compactAnswerOf, connectMcp, everyPartReady, httpOf, problemOf } from './mcp-client';

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const LIST_TOOLS = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

/** The data-API door's MCP server: the same key, plan, burst limit and quota as the HTTP endpoints. */
describe('agents on the data-API door (target all, demo data)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let keys: ReturnType<typeof testKeys>;
  const api = () => request(app.apiUrl!);

  beforeAll(async () => {
    database = await createTestDatabase();
    keys = testKeys(database.db);
    app = await startTestProcess({
      DATABASE_URL: database.url,
      REDIS_URL: await freshRedisUrl(),
      DEMO_DATA: 'true',
      API_KEY_CACHE_SECONDS: '0',
      PLAN_BURST_PER_SECOND: 'trial=1000,demo=1000,researcher=1000,paid=1000,internal=1000',
    });
    await everyPartReady(app.url);
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('refuses /mcp without a valid key with the same 401 / 403 as the HTTP endpoints, before reading any message', async () => {
    const cases: Array<[Record<string, string>, number, string]> = [
      [{}, 401, 'missing_bearer'],
      [{ Authorization: 'Basic dXNlcjpwdw==' }, 401, 'missing_bearer'],
      [{ Authorization: 'Bearer gxk_not-a-real-key-at-all-0123456789abcdefghijk' }, 401, 'invalid_api_key'],
    ];
    const pending = await new ApiKeyService(new ApiKeyRepository(database.db), 'gxk_').apply({ email: 'agent@example.org', name: 'A', organization: 'O', purpose: 'p' });
    cases.push([{ Authorization: `Bearer ${pending.token}` }, 403, 'key_not_approved']);
    for (const [headers, status, code] of cases) {
      const viaMcp = await api().post('/mcp').set(MCP_HEADERS).set(headers).send(LIST_TOOLS).expect(status);
      const viaHttp = await api().get('/api/v1/companies').set(headers).expect(status);
      expect(viaMcp.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(viaMcp.body.code).toBe(code);
      expect(viaHttp.body.code).toBe(code);
      expect(viaMcp.headers['www-authenticate']).toBe(viaHttp.headers['www-authenticate']);
      expect(viaMcp.headers['x-dataset-version']).toBeDefined();
    }
    // The SDK client sees the 401 on connecting.
    const failure = await connectMcp(app.apiUrl!, { Authorization: 'Bearer gxk_wrong' }).then(
      () => undefined,
      (err: { code?: number }) => err,
    );
    expect(failure?.code).toBe(401);
  });

  it('lists a tool for every data read, without charging the key', async () => {
    const key = await keys.create('trial');
    const mcp = await connectMcp(app.apiUrl!, { Authorization: key.auth });
    try {
      const { tools } = await mcp.client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(
        ['getCitedBy', 'getCompany', 'getCompanyGxMetrics', 'getIntelligenceEvent', 'getPapers', 'getReferences', 'getRelatedPapers', 'getReport', 'listCompanies', 'listCompanyReports', 'listIntelligenceEvents', 'listPaperChanges', 'recommendPapers', 'searchGxMetrics', 'searchPapers'].sort(),
      );
      const search = tools.find((t) => t.name === 'searchPapers')!.inputSchema.properties as Record<string, Record<string, unknown>>;
      expect(search.mode!.enum).toEqual(['vector', 'keyword', 'hybrid']);
      expect(tools.find((t) => t.name === 'searchPapers')!.description).toContain('carries suggestion { kind, q, total, reason, dropped? }');
      expect(search.limit).toMatchObject({ type: 'integer', maximum: SEMANTIC_LIMITS.limitMax, default: SEMANTIC_LIMITS.limitDefault });
      const companies = tools.find((t) => t.name === 'listCompanies')!.inputSchema.properties as Record<string, Record<string, unknown>>;
      expect(companies.limit).toMatchObject({ maximum: COMPANY_LIMITS.companies });
      // Every tool declares its result: an object schema, the response schema of its endpoint.
      for (const tool of tools) expect(tool.outputSchema).toMatchObject({ type: 'object' });
      const outputOf = (name: string) => tools.find((t) => t.name === name)!.outputSchema!;
      expect(outputOf('listCompanies').required).toEqual(expect.arrayContaining(['data', 'count', 'limit', 'offset', 'total']));
      expect(outputOf('listIntelligenceEvents').required).toEqual(expect.arrayContaining(['data', 'count', 'limit', 'next_cursor']));
      expect(outputOf('listPaperChanges').required).toEqual(expect.arrayContaining(['data', 'count', 'limit', 'next_cursor', 'has_more']));
      expect(outputOf('getCompany').required).toEqual(expect.arrayContaining(['code', 'name_ja', 'sbt', 'coverage']));
      expect(JSON.stringify(outputOf('searchPapers'))).toContain('fused_score');
      // Connecting and listing cost nothing: the first charged request finds the whole allowance.
      expect((await api().get('/api/v1/companies').query({ limit: 1 }).set('Authorization', key.auth).expect(200)).headers['x-ratelimit-remaining']).toBe(String(PLAN_ALLOWANCES.trial.daily! - 1));
    } finally {
      await mcp.close();
    }
  });

  it('answers company data exactly as the HTTP endpoints do, charging each call like one request', async () => {
    const key = await keys.create('trial');
    const daily = PLAN_ALLOWANCES.trial.daily!;
    const mcp = await connectMcp(app.apiUrl!, { Authorization: key.auth });
    try {
      const list = await mcp.call('listCompanies', { limit: 3 });
      expect(list.isError).toBeFalsy();
      expect(httpOf(list).headers['x-ratelimit-remaining']).toBe(String(daily - 1));
      expect(mcp.http.lastPost()!.headers.get('x-ratelimit-remaining')).toBe(String(daily - 1));
      const viaHttp = await api().get('/api/v1/companies').query({ limit: 3 }).set('Authorization', key.auth).expect(200);
      expect(viaHttp.headers['x-ratelimit-remaining']).toBe(String(daily - 2));
      expect(list.structuredContent).toEqual(viaHttp.body);
      const code = (list.structuredContent as { data: Array<{ code: string }> }).data[0]!.code;

      const company = await mcp.call('getCompany', { code });
      expect(httpOf(company).headers['x-ratelimit-remaining']).toBe(String(daily - 3));
      expect(company.structuredContent).toEqual((await api().get(`/api/v1/companies/${code}`).set('Authorization', key.auth).expect(200)).body);

      const metrics = await mcp.call('getCompanyGxMetrics', { code, year_from: 2018 });
      expect(metrics.structuredContent).toEqual((await api().get(`/api/v1/companies/${code}/gx-metrics`).query({ year_from: 2018 }).set('Authorization', key.auth).expect(200)).body);
      const reports = await mcp.call('listCompanyReports', { code, limit: 2 });
      const reportsHttp = (await api().get(`/api/v1/companies/${code}/reports`).query({ limit: 2 }).set('Authorization', key.auth).expect(200)).body;
      expect(reports.structuredContent).toEqual(reportsHttp);
      const reportId = reportsHttp.data[0].id;
      expect((await mcp.call('getReport', { report_id: reportId })).structuredContent).toEqual((await api().get(`/api/v1/reports/${reportId}`).set('Authorization', key.auth).expect(200)).body);
      const across = await mcp.call('searchGxMetrics', { sbt_status: '1.5C', limit: 5 });
      expect(across.structuredContent).toEqual((await api().get('/api/v1/gx-metrics').query({ sbt_status: '1.5C', limit: 5 }).set('Authorization', key.auth).expect(200)).body);
      const events = await mcp.call('listIntelligenceEvents', { limit: 5 });
      const eventsHttp = (await api().get('/api/v1/intelligence-events').query({ limit: 5 }).set('Authorization', key.auth).expect(200)).body;
      expect(events.structuredContent).toEqual(eventsHttp);
      expect(eventsHttp.data.length).toBeGreaterThan(0);
      const event = await mcp.call('getIntelligenceEvent', { id: eventsHttp.data[0].id });
      expect(event.structuredContent).toEqual(eventsHttp.data[0]);
      const changes = await mcp.call('listPaperChanges', { limit: 2 });
      expect(changes.structuredContent).toEqual((await api().get('/api/v1/papers/changes').query({ limit: 2 }).set('Authorization', key.auth).expect(200)).body);
      const papers = await mcp.call('searchPapers', { q: 'hydrogen storage', mode: 'keyword', limit: 3 });
      // The tool asks for highlights unless told not to; its records are compact and keep their scores.
      const papersHttp = (await api().get('/api/v1/papers/search').query({ q: 'hydrogen storage', mode: 'keyword', limit: 3, highlight: 'true' }).set('Authorization', key.auth).expect(200)).body;
      expect(papers.structuredContent).toEqual(compactAnswerOf(papersHttp, 'data'));
      for (const r of (papers.structuredContent as { data: Array<Record<string, unknown>> }).data) expect(typeof r.keyword_score).toBe('number');
      const hybrid = await mcp.call('searchPapers', { q: 'how do carbon prices affect hydrogen investment', mode: 'hybrid', limit: 3 });
      expect((hybrid.structuredContent as { data: Array<Record<string, unknown>> }).data.every((r) => typeof r.fused_score === 'number')).toBe(true);

      // 11 tool calls and 10 HTTP requests (this one included): 21 charged, one each.
      const last = await api().get('/api/v1/companies').query({ limit: 1 }).set('Authorization', key.auth).expect(200);
      expect(last.headers['x-ratelimit-remaining']).toBe(String(daily - 21));
      // Provenance travels with every tool result and on the /mcp response.
      expect(httpOf(papers).headers['x-dataset-version']).toBe(last.headers['x-dataset-version']);
      expect(mcp.http.lastPost()!.headers.get('x-dataset-version')).toBe(last.headers['x-dataset-version']);
      expect(mcp.http.lastPost()!.headers.get('cache-control')).toBe('no-store');
    } finally {
      await mcp.close();
    }
  });

  it.each([
    ['getCompany', { code: 'ab!' }, '/api/v1/companies/ab!', {}, 'invalid_id'],
    ['getCompany', { code: '0999' }, '/api/v1/companies/0999', {}, 'not_found'],
    ['listCompanies', { limit: COMPANY_LIMITS.companies + 1 }, '/api/v1/companies', { limit: COMPANY_LIMITS.companies + 1 }, 'invalid_limit'],
    ['searchPapers', { q: 'hydrogen', mode: 'semantic' }, '/api/v1/papers/search', { q: 'hydrogen', mode: 'semantic' }, 'invalid_mode'],
    ['searchPapers', { q: 'h' }, '/api/v1/papers/search', { q: 'h' }, 'missing_query'],
    ['listIntelligenceEvents', { limit: EVENT_LIMITS.limitMax + 1 }, '/api/v1/intelligence-events', { limit: EVENT_LIMITS.limitMax + 1 }, 'invalid_limit'],
    ['getCompanyGxMetrics', { code: '0001', year_from: 2020, year_to: 2010 }, '/api/v1/companies/0001/gx-metrics', { year_from: 2020, year_to: 2010 }, 'invalid_year_range'],
  ])('%s %j gives the HTTP endpoint\'s error', async (tool, args, path, query, code) => {
    const key = await keys.create('internal');
    const http = await api().get(path).query(query).set('Authorization', key.auth);
    expect(http.body.code).toBe(code);
    const mcp = await connectMcp(app.apiUrl!, { Authorization: key.auth });
    try {
      const problem = problemOf(await mcp.call(tool, args));
      expect(problem).toMatchObject({ status: http.status, code, detail: http.body.detail });
    } finally {
      await mcp.close();
    }
  });

  it('gives rate_limit_exceeded as a tool error once the allowance is spent, with Retry-After', async () => {
    const key = await keys.create('demo', { daily_limit: 2 });
    const mcp = await connectMcp(app.apiUrl!, { Authorization: key.auth });
    try {
      expect((await mcp.call('listCompanies', { limit: 1 })).isError).toBeFalsy();
      const second = await mcp.call('listCompanies', { limit: 1 });
      expect(httpOf(second).headers['x-ratelimit-remaining']).toBe('0');
      const refused = await mcp.call('listCompanies', { limit: 1 });
      expect(problemOf(refused)).toMatchObject({ status: 429, code: 'rate_limit_exceeded', 'violated-policies': ['daily'] });
      expect(httpOf(refused).headers['retry-after']).toMatch(/^\d+$/);
      // The problem body is the text content too, as JSON, for clients that only read text.
      expect(JSON.parse((refused.content[0] as { text: string }).text)).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
      // The HTTP endpoint says the same.
      expect((await api().get('/api/v1/companies').set('Authorization', key.auth).expect(429)).body.code).toBe('rate_limit_exceeded');
    } finally {
      await mcp.close();
    }
  });

  it('stops a key revoked while its client is connected: the tool call gets the 401', async () => {
    const key = await keys.create('trial');
    const mcp = await connectMcp(app.apiUrl!, { Authorization: key.auth });
    try {
      expect((await mcp.call('listCompanies', { limit: 1 })).isError).toBeFalsy();
      await keys.service.act(key.id, 'revoke', 'test');
      const refused = await mcp.call('listCompanies', { limit: 1 }).then(
        () => undefined,
        (err: { code?: number }) => err,
      );
      // The /mcp request itself is refused first: the key is checked on every request.
      expect(refused?.code).toBe(401);
    } finally {
      await mcp.close();
    }
  });

  it('serves /llms.txt without a key, with the plans and limits the door enforces', async () => {
    const res = await api().get('/llms.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(res.headers['x-dataset-version']).toBeDefined();
    const text = res.text;
    expect(text).toMatch(/^# GX Data API\n\n> \S/);
    expect(text).toContain(`trial ${PLAN_ALLOWANCES.trial.daily} requests a day`);
    expect(text).toContain(`demo ${PLAN_ALLOWANCES.demo.daily} a day`);
    expect(text).toContain(`researcher ${PLAN_ALLOWANCES.researcher.monthly!.toLocaleString('en-US')} a month`);
    expect(text).toContain('trial 1000, demo 1000'); // the burst limits of this configuration
    expect(text).toContain(`\`limit\` 1 to ${COMPANY_LIMITS.companies}`);
    expect(text).toContain(`\`limit\` ${EVENT_LIMITS.limitMin} to ${EVENT_LIMITS.limitMax}`);
    expect(text).toContain(`\`q\` (required, ${SEMANTIC_LIMITS.queryMin} to ${SEMANTIC_LIMITS.queryMax.toLocaleString('en-US')} characters, except in keyword mode with \`author\``);
    expect(text).toContain('Authorization: Bearer <key>');
    expect(text).toContain('[MCP server](/mcp)');
    expect(text).toContain('carries `suggestion` `{ kind, q, total, reason, dropped? }`');
    expect(text).toContain('Keyword mode: any number of terms within q\'s 1,000 characters (the public search\'s limit of 5 does not apply)');
    expect(text).toContain('[OpenAPI 3.1 document](/openapi.json)');
  });
});
