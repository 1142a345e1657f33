import net from 'node:net';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { freePort } from '../support/services';
import { testKeys } from '../support/test-keys';
import { waitFor } from '../support/wait-for';
import { startTestProcess, type TestProcess } from '../support/test-process';

/** The same routes served by one process (`all`) and by a gateway in front of a separate public-search. */
describe('targets: gateway and public-search in separate processes', () => {
  let database: TestDatabase;
  let searchService: TestProcess;
  let gateway: TestProcess;
  let single: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    searchService = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true' }, 'public-search');
    gateway = await startTestProcess({ DATABASE_URL: database.url, PUBLIC_SEARCH_URL: searchService.url, PUBLIC_RATE_LIMIT: '100', SERVICE_TOKEN: 'split-test-token-0123' }, 'gateway');
    single = await startTestProcess({ DATABASE_URL: database.url }, 'all');
  });
  afterAll(async () => {
    await Promise.all([gateway?.stop(), single?.stop()]);
    await searchService?.stop();
    await database?.drop();
  });

  it('runs only what the target needs', () => {
    // papers and releases: the gateway names the release an answer builds on (X-Dataset-Version), and builds none.
    expect(gateway.proc.runtime.moduleNames).toEqual(['redis', 'response-cache', 'database', 'api-keys', 'papers', 'releases', 'gateway']);
    expect(searchService.proc.runtime.moduleNames).not.toContain('gateway');
  });

  it.each([
    { q: '水素 輸送' },
    { q: 'carbon pricing', lang: 'en', limit: '25' },
    { q: 'disclosure', topic: 'tcfd', offset: '5' },
    { q: 'x' },
  ])('the gateway answers %j exactly as the single process does', async (query) => {
    const viaGateway = await request(gateway.url).get('/api/v1/papers/search').query(query);
    const viaSingle = await request(single.url).get('/api/v1/papers/search').query(query);
    expect(viaGateway.status).toBe(viaSingle.status);
    const { request_id: _a, ...a } = viaGateway.body;
    const { request_id: _b, ...b } = viaSingle.body;
    expect(a).toEqual(b);
    expect(viaGateway.headers['access-control-allow-origin']).toBe('*');
    expect(viaGateway.headers['x-ratelimit-limit']).toBe('100');
  });

  it('passes its request id to the service', async () => {
    const res = await request(gateway.url).get('/api/v1/papers/search').query({ q: 'x' }).set('X-Request-Id', 'trace-0123456789').expect(400);
    expect(res.body.request_id).toBe('trace-0123456789');
  });

  it('serves the OpenAPI document through the gateway', async () => {
    const res = await request(gateway.url).get('/openapi.json').expect(200);
    expect(res.body.paths['/api/v1/papers/search'].get.operationId).toBe('searchPapers');
  });

  it('caches proxied responses at the edge: a repeated search does not reach the service', async () => {
    const path = '/api/v1/papers/search?q=climate+risk&limit=3';
    const first = await request(gateway.url).get(path).expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await request(gateway.url).get(path).expect(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toEqual(first.body);
    expect(second.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
  });

  /** A gateway whose public-search lives at `url`; stopped after `fn`. */
  async function withGatewayTo(url: string, fn: (orphan: TestProcess) => Promise<void>): Promise<void> {
    const orphan = await startTestProcess({ DATABASE_URL: database.url, PUBLIC_SEARCH_URL: url, COMPANY_DATA_URL: url, SERVICE_TOKEN: 'split-test-token-0123' }, 'gateway');
    try {
      await fn(orphan);
    } finally {
      await orphan.stop();
    }
  }

  /** A TCP server that does `onConnection` with every connection it accepts. */
  async function rawServer(onConnection: (socket: net.Socket) => void): Promise<{ url: string; close(): Promise<void> }> {
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      onConnection(socket);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); }) };
  }

  it('answers a prompt 503 problem+json with Retry-After, in each door\'s shape, when the service is down', async () => {
    await withGatewayTo(`http://127.0.0.1:${await freePort()}`, async (orphan) => {
      const res = await request(orphan.url).get('/api/v1/papers/search').query({ q: 'hydrogen' }).expect(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 503, code: 'upstream_unavailable' });
      expect(res.headers['retry-after']).toBe('1');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      // The data-API door: provenance headers, and the key's allowance given back (a 5xx is not charged).
      const key = await testKeys(database.db).create('trial');
      const api = await request(orphan.apiUrl!).get('/api/v1/companies').set('Authorization', key.auth).expect(503);
      expect(api.body.code).toBe('upstream_unavailable');
      expect(api.headers['retry-after']).toBe('1');
      expect(api.headers['x-dataset-version']).toBeDefined();
      expect(api.headers['x-ratelimit-remaining']).toBe('99');
      // Each 503 is charged, then given back once answered: a retry finds the allowance untouched.
      await waitFor('the failed requests to be given back', async () => {
        const again = await request(orphan.apiUrl!).get('/api/v1/companies').set('Authorization', key.auth).expect(503);
        return again.headers['x-ratelimit-remaining'] === '99';
      });
    });
  });

  it('answers 503 when the service hangs up before answering (it is going down)', async () => {
    const dying = await rawServer((socket) => socket.once('data', () => socket.destroy()));
    try {
      await withGatewayTo(dying.url, async (orphan) => {
        const res = await request(orphan.url).get('/api/v1/papers/search').query({ q: 'hydrogen' }).expect(503);
        expect(res.body.code).toBe('upstream_unavailable');
      });
    } finally {
      await dying.close();
    }
  });

  it('answers 502 upstream_failed when the service answers something that is not HTTP', async () => {
    const garbage = await rawServer((socket) => socket.once('data', () => socket.end('NOT HTTP AT ALL\r\n\r\n')));
    try {
      await withGatewayTo(garbage.url, async (orphan) => {
        const res = await request(orphan.url).get('/api/v1/papers/search').query({ q: 'hydrogen' }).expect(502);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.body.code).toBe('upstream_failed');
        expect(res.headers['retry-after']).toBeUndefined();
        expect(res.headers['access-control-allow-origin']).toBe('*');
      });
    } finally {
      await garbage.close();
    }
  });
});
