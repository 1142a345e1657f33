import { Redis } from 'ioredis';
import { TEST_ENV } from './services';

/** The run's Redis, or undefined when it is absent outside CI (the global setup fails CI instead). */
export const testRedisBaseUrl = (): string | undefined => process.env[TEST_ENV.redisUrl];

/** `describe` when Redis is available, else `describe.skip` (only outside CI; see global-setup). */
export const describeWithRedis = (name: string, fn: () => void) =>
  (testRedisBaseUrl() ? describe : describe.skip)(name, fn);

/**
 * A Redis logical database of this jest worker's own, emptied, so suites in parallel workers do not
 * share counters or cache entries.
 */
export async function freshRedisUrl(): Promise<string> {
  const base = testRedisBaseUrl();
  if (!base) throw new Error('Redis is not available to this test run');
  const url = new URL(base);
  url.pathname = `/${1 + (Number(process.env.JEST_WORKER_ID ?? 1) % 15)}`;
  const client = new Redis(url.toString(), { lazyConnect: true });
  await client.connect();
  await client.flushdb();
  client.disconnect();
  return url.toString();
}

/** A client of a Redis that is down: nothing listens on port 1, and the client has given up reconnecting. */
export async function downRedis(): Promise<Redis> {
  const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
  redis.on('error', () => undefined);
  await redis.connect().catch(() => undefined);
  return redis;
}

/** Deletes the keys a contract suite wrote (`*contract-*`) and disconnects its clients. */
export async function releaseContractClients(clients: readonly Redis[]): Promise<void> {
  const redis = clients[0];
  if (redis) for await (const keys of redis.scanStream({ match: '*contract-*' })) if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
  for (const client of clients) client.disconnect();
}
