import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { freePort } from '../support/services';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';
import { agentRecordOf, compactAnswerOf, connectMcp, httpOf, problemOf } from './mcp-client';

const TOKEN = 'agents-split-token-0123';

/**
 * The MCP servers live in the gateway, which owns the doors: with the services in other processes,
 * each tool's request goes through the door and is proxied like any other.
 */
describe('agents through a gateway whose services run elsewhere', () => {
  let database: TestDatabase;
  let publicSearch: TestProcess;
  let companyData: TestProcess;
  let gateway: TestProcess;
  let keys: ReturnType<typeof testKeys>;

  beforeAll(async () => {
    database = await createTestDatabase();
    keys = testKeys(database.db);
    publicSearch = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true' }, 'public-search');
    companyData = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true', SERVICE_TOKEN: TOKEN }, 'company-data');
    gateway = await startTestProcess(
      {
        DATABASE_URL: database.url,
        PUBLIC_SEARCH_URL: publicSearch.url,
        COMPANY_DATA_URL: companyData.url,
        // Nothing listens here: the paper search of the data API is down.
        SEMANTIC_SEARCH_URL: `http://127.0.0.1:${await freePort()}`,
        PUBLIC_RATE_LIMIT: '100',
        SERVICE_TOKEN: TOKEN,
      },
      'gateway',
    );
  });
  afterAll(async () => {
    await gateway?.stop();
    await Promise.all([publicSearch?.stop(), companyData?.stop()]);
    await database?.drop();
  });

  it('runs the MCP servers in the gateway process only', async () => {
    expect(gateway.proc.runtime.moduleNames).not.toContain('public-search');
    await request(publicSearch.url).post('/mcp').expect(404);
  });

  it('searches and reads papers through the gateway exactly as its HTTP endpoints answer', async () => {
    const mcp = await connectMcp(gateway.url);
    try {
      const args = { q: 'carbon pricing', lang: 'en', limit: 5 };
      const http = await request(gateway.url).get('/api/v1/papers/search').query({ ...args, highlight: 'true' }).expect(200);
      expect(http.body.total).toBeGreaterThan(0);
      const result = await mcp.call('searchPapers', args);
      expect(result.structuredContent).toEqual(compactAnswerOf(http.body, 'results'));
      // The per-IP limit counted the search the tool made; the /mcp response repeats its state.
      expect(mcp.http.lastPost()!.headers.get('x-ratelimit-limit')).toBe('100');

      // The record, and the page and BibTeX read from the site's service through the gateway.
      const paper = await mcp.call('getPaper', { id: http.body.results[0].id });
      const { highlights: _highlights, ...record } = http.body.results[0];
      const { ai_summary_en, ai_summary_ja: _ja, citation, ...rest } = paper.structuredContent as Record<string, unknown> & { citation: { bibtex: string } };
      expect(rest).toEqual(agentRecordOf(record));
      expect(typeof ai_summary_en).toBe('string');
      expect(citation.bibtex).toMatch(/^@\w+\{/);
      expect(problemOf(await mcp.call('searchPapers', { q: 'x' })).code).toBe('missing_query');
    } finally {
      await mcp.close();
    }
  });

  it('serves company data to a key through the proxied service, charged once a call', async () => {
    const key = await keys.create('trial');
    const mcp = await connectMcp(gateway.apiUrl!, { Authorization: key.auth });
    try {
      const result = await mcp.call('listCompanies', { limit: 2 });
      expect(result.isError).toBeFalsy();
      expect(httpOf(result).headers['x-ratelimit-remaining']).toBe('99');
      expect(result.structuredContent).toEqual((await request(gateway.apiUrl!).get('/api/v1/companies').query({ limit: 2 }).set('Authorization', key.auth).expect(200)).body);
    } finally {
      await mcp.close();
    }
  });

  it('gives a service that is down as a tool error, and gives the allowance back as HTTP does', async () => {
    const key = await keys.create('trial');
    const mcp = await connectMcp(gateway.apiUrl!, { Authorization: key.auth });
    try {
      const down = await mcp.call('searchPapers', { q: 'hydrogen' });
      expect(problemOf(down)).toMatchObject({ status: 503, code: 'upstream_unavailable' });
      expect(httpOf(down).headers['retry-after']).toBe('1');
      // Charged (99 left when it was answered), then given back once answered.
      expect(httpOf(down).headers['x-ratelimit-remaining']).toBe('99');
      await waitFor('the failed call to be given back', async () => {
        const again = await mcp.call('searchPapers', { q: 'hydrogen' });
        return httpOf(again).headers['x-ratelimit-remaining'] === '99';
      });
    } finally {
      await mcp.close();
    }
  });

  it('serves /llms.txt on both doors from the gateway', async () => {
    expect((await request(gateway.url).get('/llms.txt').expect(200)).text).toMatch(/^# GX Research Paper Search/);
    expect((await request(gateway.apiUrl!).get('/llms.txt').expect(200)).text).toMatch(/^# GX Data API/);
  });
});
