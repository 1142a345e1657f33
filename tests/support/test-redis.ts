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
