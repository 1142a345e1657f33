import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import pino from 'pino';
import { MemoryResponseCache } from '../../shared/cache/response-cache.memory';
import type { ResponseCache } from '../../shared/cache/response-cache.port';
import { decodeCachedResponse, encodeCachedResponse, RedisResponseCache } from '../../shared/cache/response-cache.redis';
import { EdgeCache } from '../../services/gateway/edge-cache';
import { describeWithRedis, freshRedisUrl } from '../support/test-redis';

/** A body with multi-byte characters, sent in pieces: a string, a Buffer, then a string with `end`. */
const PIECES = ['{"q":"水素 🌏 ', Buffer.from('e\u0301 ＣＯ２', 'utf8'), '"}'];
const BODY = Buffer.concat(PIECES.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p)));
/** A body sent as one buffer that owns its memory (too large for Node's shared pool), as the search sends its answers. */
const LARGE = Buffer.from(`{"q":"${'水素 ＣＯ２ '.repeat(4_000)}"}`, 'utf8');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(port: number, path: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A server behind the edge cache: `/cacheable`, `/private`, `/error`, `/binary`, each counting how often it ran. */
async function serverBehind(edge: EdgeCache): Promise<{ port: number; ran: Map<string, number>; close: () => Promise<void> }> {
  const ran = new Map<string, number>();
  const server = http.createServer((req, res) => {
    void (async () => {
      res.setHeader('X-Request-Id', 'edge-test-request');
      if (await edge.serve(req, res)) return;
      edge.capture(req, res);
      const path = (req.url ?? '').split('?')[0]!;
      ran.set(path, (ran.get(path) ?? 0) + 1);
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      if (path === '/error') {
        res.statusCode = 500;
        res.setHeader('Cache-Control', 'public, s-maxage=60');
        return void res.end('{}');
      }
      res.setHeader('Cache-Control', path === '/private' ? 'private, max-age=60' : 'public, max-age=60, s-maxage=60');
      if (path === '/large') return void res.end(LARGE);
      if (path === '/binary') {
        res.setHeader('Content-Type', 'application/octet-stream');
        return void res.end(Buffer.from([0xff, 0x00, 0xfe, 0x0a, 0x0a, 0xc3]));
      }
      res.write(PIECES[0]);
      res.write(PIECES[1]);
      res.end(PIECES[2], 'utf8');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    ran,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until the cache holds `key` (a response is stored when its `finish` event has fired). */
async function stored(cache: ResponseCache, key: string): Promise<void> {
  for (let i = 0; i < 100 && (await cache.get(key)) === undefined; i++) await new Promise((r) => setTimeout(r, 10));
}

function edgeCacheSuite(name: string, makeCache: () => Promise<ResponseCache>, dispose: () => Promise<void> = async () => {}) {
  describe(name, () => {
    let cache: ResponseCache;
    let server: Awaited<ReturnType<typeof serverBehind>>;

    beforeAll(async () => {
      cache = await makeCache();
      server = await serverBehind(new EdgeCache(cache, 60));
    });
    afterAll(async () => {
      await server?.close();
      await cache?.close();
      await dispose();
    });

    it('answers a repeated GET with the same bytes and headers, its length precomputed, without running the route', async () => {
      const first = await get(server.port, '/cacheable?q=1');
      expect(first.headers['x-cache']).toBe('MISS');
      expect(first.body.equals(BODY)).toBe(true);
      await stored(cache, 'GET /cacheable?q=1');
      const second = await get(server.port, '/cacheable?q=1');
      expect(second.status).toBe(200);
      expect(second.headers['x-cache']).toBe('HIT');
      expect(second.body.equals(BODY)).toBe(true);
      expect(second.headers['content-length']).toBe(String(BODY.length));
      expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(second.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
      expect(second.headers['x-request-id']).toBe('edge-test-request'); // headers set before the hit are kept
      expect(server.ran.get('/cacheable')).toBe(1);
    });

    it('keeps bodies byte for byte, whatever they hold', async () => {
      await get(server.port, '/binary');
      await stored(cache, 'GET /binary');
      const hit = await get(server.port, '/binary');
      expect(hit.headers['x-cache']).toBe('HIT');
      expect([...hit.body]).toEqual([0xff, 0x00, 0xfe, 0x0a, 0x0a, 0xc3]);
      expect(hit.headers['content-type']).toBe('application/octet-stream');
    });

    it('keeps a body sent as one large buffer byte for byte', async () => {
      expect((await get(server.port, '/large')).body.equals(LARGE)).toBe(true);
      await stored(cache, 'GET /large');
      const hit = await get(server.port, '/large');
      expect(hit.headers['x-cache']).toBe('HIT');
      expect(hit.headers['content-length']).toBe(String(LARGE.length));
      expect(hit.body.equals(LARGE)).toBe(true);
    });

    it('keeps only 200 answers marked public with s-maxage, and only for GET', async () => {
      for (const path of ['/private', '/error']) await get(server.port, path);
      await get(server.port, '/cacheable?post', 'POST');
      // Responses are stored in the order they finish: once a later cacheable one is kept, any
      // earlier one that was going to be kept would be there too.
      await get(server.port, '/cacheable?marker');
      await stored(cache, 'GET /cacheable?marker');
      expect(await cache.get('GET /cacheable?marker')).toBeDefined();
      for (const path of ['/private', '/error']) expect((await get(server.port, path)).headers['x-cache']).toBe('MISS');
      expect(await cache.get('GET /private')).toBeUndefined();
      expect(await cache.get('GET /error')).toBeUndefined();
      expect(await cache.get('GET /cacheable?post')).toBeUndefined();
    });
  });
}

edgeCacheSuite('edge cache over the in-process response cache', async () => new MemoryResponseCache(100));

let redis: Redis | undefined;
describeWithRedis('edge cache over Redis', () => {
  edgeCacheSuite(
    'shared by replicas',
    async () => {
      redis = new Redis(await freshRedisUrl());
      return new RedisResponseCache(redis, pino({ level: 'silent' }));
    },
    async () => void redis?.disconnect(),
  );

  it('stores the headers as a JSON line and the body as raw bytes, under a key naming the layout', async () => {
    const client = new Redis(await freshRedisUrl());
    try {
      const cache = new RedisResponseCache(client, pino({ level: 'silent' }));
      await cache.set('GET /x', { headers: ['Content-Length', '4'], body: Buffer.from('水', 'utf8').subarray(0, 3), route: '/x' }, 60);
      const raw = await client.getBuffer('gx:response:v3:GET /x');
      expect(raw?.toString('latin1')).toBe(`{"headers":["Content-Length","4"],"route":"/x"}\n${Buffer.from('水').toString('latin1')}`);
      expect(await client.ttl('gx:response:v3:GET /x')).toBeGreaterThan(0);
      const back = await cache.get('GET /x');
      expect(back?.headers).toEqual(['Content-Length', '4']);
      expect(back?.route).toBe('/x');
      expect(back?.body.toString('utf8')).toBe('水');
    } finally {
      client.disconnect();
    }
  });
});

describe('the Redis response cache layout', () => {
  it('round-trips headers and bytes', () => {
    const value = { headers: ['Content-Type', 'text/plain; charset=utf-8', 'X-Cache', 'HIT'], body: Buffer.from([0x0a, 0xff, 0x00, 0x5b]) };
    const back = decodeCachedResponse(encodeCachedResponse(value));
    expect(back?.headers).toEqual(value.headers);
    expect(back?.body.equals(value.body)).toBe(true);
  });

  it('treats a value it did not write as a miss', () => {
    for (const text of ['application/json\npublic, s-maxage=60\n\n{"a":1}', 'no newline', '{"not":"an array"}\nbody', '["odd"]\nbody', '[1,2]\nbody', '{"headers":["odd"]}\nbody', 'null\nbody']) {
      expect(decodeCachedResponse(Buffer.from(text))).toBeUndefined();
    }
  });

  it('counts a Redis fault as a miss, and a failed write as nothing', async () => {
    const failing = {
      getBuffer: () => Promise.reject(new Error('connection lost')),
      set: () => Promise.reject(new Error('connection lost')),
    } as unknown as Redis;
    const cache = new RedisResponseCache(failing, pino({ level: 'silent' }));
    expect(await cache.get('GET /x')).toBeUndefined();
    await expect(cache.set('GET /x', { headers: [], body: Buffer.alloc(0) }, 60)).resolves.toBeUndefined();
  });
});
