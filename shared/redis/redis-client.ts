import { Redis } from 'ioredis';
import type { Logger } from '../logging/logger';

/**
 * A Redis connection that fails fast while Redis is down (no offline queue) and while it stalls
 * (every command times out after `commandTimeoutMs`), so callers fall back (the in-memory insurance
 * limiter, a cache miss, a 503) instead of waiting.
 */
export function createRedisClient(url: string, logger: Logger, commandTimeoutMs: number): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let healthy = true;
  client.on('error', (err) => {
    if (healthy) logger.warn({ err: err.message }, 'redis unavailable; falling back where possible');
    healthy = false;
  });
  client.on('ready', () => {
    if (!healthy) logger.info('redis connection restored');
    healthy = true;
  });
  return client;
}

/** Waits until the client is ready (or fails after the timeout). */
export async function waitForRedis(client: Redis, timeoutMs = 5_000): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => { cleanup(); reject(new Error(`redis not ready after ${timeoutMs} ms`)); }, timeoutMs);
    const onReady = () => { cleanup(); resolve(); };
    const cleanup = () => { clearTimeout(timer); client.off('ready', onReady); };
    client.on('ready', onReady);
  });
}
