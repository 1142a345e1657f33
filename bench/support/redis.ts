import { Redis } from 'ioredis';

/** Where the benchmarks look for Redis: REDIS_URL, else the local default (as `npm test` does). */
export function benchRedisUrl(): string {
  return process.env.REDIS_URL || 'redis://127.0.0.1:6379';
}

/** A short-lived connection that fails at once rather than retrying; a failure names the socket's error (e.g. ECONNREFUSED). */
async function connect(url: string): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 2_000, retryStrategy: () => null });
  let socketError: Error | undefined;
  client.on('error', (err: Error) => (socketError ??= err));
  try {
    await client.connect();
  } catch (err) {
    client.disconnect();
    throw socketError ?? err;
  }
  return client;
}

/** Whether Redis answers PING at `url`; the reason when it does not. */
export async function probeRedis(url: string): Promise<{ reachable: true } | { reachable: false; reason: string }> {
  let client: Redis | undefined;
  try {
    client = await connect(url);
    const pong = await client.ping();
    return pong === 'PONG' ? { reachable: true } : { reachable: false, reason: `PING answered ${pong}` };
  } catch (err) {
    return { reachable: false, reason: (err as Error).message || String(err) };
  } finally {
    client?.disconnect();
  }
}

async function* scan(client: Redis, match: string): AsyncGenerator<string[]> {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', match, 'COUNT', 1_000);
    cursor = next;
    if (keys.length) yield keys;
  } while (cursor !== '0');
}

/** How many keys match the glob pattern (SCAN, never KEYS). */
export async function countRedisKeys(url: string, pattern: string): Promise<number> {
  const client = await connect(url);
  try {
    let n = 0;
    for await (const keys of scan(client, pattern)) n += keys.length;
    return n;
  } finally {
    client.disconnect();
  }
}

/** Deletes the keys matching each glob pattern; answers how many went. */
export async function deleteRedisKeys(url: string, patterns: string[]): Promise<number> {
  const client = await connect(url);
  try {
    let deleted = 0;
    for (const pattern of patterns) {
      for await (const keys of scan(client, pattern)) deleted += await client.del(...keys);
    }
    return deleted;
  } finally {
    client.disconnect();
  }
}
