import { randomBytes } from 'node:crypto';
import type { CachedResponse, ResponseCache } from '../../shared/cache/response-cache.port';
import { waitFor } from '../support/wait-for';

/** A cache under test, and its clock when the adapter lets a test move it. */
export interface ResponseCacheSubject {
  cache: ResponseCache;
  /** Moves the cache's clock forward; absent when the clock is the backend's own (Redis). */
  advance?: (ms: number) => void;
}

export interface ResponseCacheContractOptions {
  /** The adapter holds at most this many entries (the subject is made with this bound), evicting the least recently used. */
  maxEntries?: number;
  /** A cache whose backend cannot be reached: every read a miss, every write forgotten, never an error. */
  unreachable?: () => Promise<ResponseCache>;
}

const response = (body: Buffer | string, route?: string): CachedResponse => {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return { headers: ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(bytes.length), 'X-Cache', 'HIT'], body: bytes, ...(route ? { route } : {}) };
};

/**
 * The behaviour every ResponseCache adapter must have, as the edge cache relies on it: a response
 * comes back byte for byte with its headers and route, under its own key only, until its time to live
 * has passed; and the cache's faults are misses, never errors.
 */
export function responseCacheContract(makeSubject: () => Promise<ResponseCacheSubject>, options: ResponseCacheContractOptions = {}): void {
  // Keys of this run only (the Redis runner deletes `*contract-*` keys afterwards).
  const run = `contract-${randomBytes(4).toString('hex')}`;
  let keys = 0;
  const fresh = (path = '/api/v1/papers/search?q=hydrogen') => `GET /${run}/${++keys}${path}`;
  let subject: ResponseCacheSubject;

  beforeAll(async () => {
    subject = await makeSubject();
  });
  afterAll(async () => {
    await subject?.cache.close();
  });

  it('misses a key it was never given', async () => {
    expect(await subject.cache.get(fresh())).toBeUndefined();
  });

  it('gives back the headers, the route and the body byte for byte', async () => {
    const key = fresh();
    // Bytes that are not UTF-8, a newline, a zero byte, and multi-byte characters.
    const body = Buffer.concat([Buffer.from([0xff, 0x0a, 0x00, 0xfe, 0x0a]), Buffer.from('{"q":"水素 ＣＯ２ 🌏"}', 'utf8')]);
    await subject.cache.set(key, response(body, '/api/v1/papers/search'), 60);
    const back = await subject.cache.get(key);
    expect(back?.headers).toEqual(response(body).headers);
    expect(back?.route).toBe('/api/v1/papers/search');
    expect(back?.body.equals(body)).toBe(true);
  });

  it('keeps a response without a route, and an empty body', async () => {
    const key = fresh();
    await subject.cache.set(key, response(Buffer.alloc(0)), 60);
    const back = await subject.cache.get(key);
    expect(back?.route).toBeUndefined();
    expect(back?.body.length).toBe(0);
  });

  it('keeps the largest body the edge cache stores (1 MiB)', async () => {
    const key = fresh();
    const body = randomBytes(1 << 20);
    await subject.cache.set(key, response(body), 60);
    expect((await subject.cache.get(key))?.body.equals(body)).toBe(true);
  });

  it('keeps each key on its own; a new value replaces only its key\'s', async () => {
    const [a, b] = [fresh('/api/v1/papers/search?q=水素'), fresh('/api/v1/papers/search?q=水素&limit=2')];
    await subject.cache.set(a, response('"a"'), 60);
    await subject.cache.set(b, response('"b"'), 60);
    await subject.cache.set(a, response('"a2"'), 60);
    expect((await subject.cache.get(a))?.body.toString()).toBe('"a2"');
    expect((await subject.cache.get(b))?.body.toString()).toBe('"b"');
  });

  it('misses an entry once its time to live has passed, and only that entry', async () => {
    const [brief, lasting] = [fresh(), fresh()];
    await subject.cache.set(brief, response('"brief"'), 1);
    await subject.cache.set(lasting, response('"lasting"'), 3600);
    expect((await subject.cache.get(brief))?.body.toString()).toBe('"brief"');
    if (subject.advance) {
      subject.advance(999);
      expect(await subject.cache.get(brief)).toBeDefined();
      subject.advance(1);
      expect(await subject.cache.get(brief)).toBeUndefined();
    } else {
      // The backend's clock: wait for it to expire the entry (one second).
      await waitFor('the one-second entry to expire', async () => (await subject.cache.get(brief)) === undefined, 50);
    }
    expect((await subject.cache.get(lasting))?.body.toString()).toBe('"lasting"');
  });

  if (options.maxEntries !== undefined) {
    const max = options.maxEntries;
    it(`holds at most ${max} entries, evicting the least recently used`, async () => {
      const entries = Array.from({ length: max }, () => fresh());
      for (const key of entries) await subject.cache.set(key, response(key), 60);
      // Reading the oldest makes the second oldest the least recently used.
      expect(await subject.cache.get(entries[0]!)).toBeDefined();
      await subject.cache.set(fresh(), response('"one more"'), 60);
      expect(await subject.cache.get(entries[1]!)).toBeUndefined();
      for (const key of [entries[0]!, ...entries.slice(2)]) expect((await subject.cache.get(key))?.body.toString()).toBe(key);
    });
  }

  if (options.unreachable) {
    const unreachable = options.unreachable;
    it('answers a miss, and forgets a write, while its backend cannot be reached', async () => {
      const down = await unreachable();
      await expect(down.set(fresh(), response('"x"'), 60)).resolves.toBeUndefined();
      await expect(down.get(fresh())).resolves.toBeUndefined();
    });
  }
}
