import type { Redis } from 'ioredis';
import type { Logger } from '../logging/logger';
import type { CachedResponse, ResponseCache } from './response-cache.port';

const NEWLINE = 0x0a;

/**
 * Response cache in Redis, shared by every replica. A Redis fault is a miss, never an error.
 *
 * A value is one binary string: `{"headers":[…],"route":…}` as JSON on the first line (JSON never
 * holds a raw newline), then the body's bytes unchanged. Read back as a Buffer, the body is a view
 * of it. The key prefix names this layout (`v3`), so replicas of an older layout never read these entries.
 */
export class RedisResponseCache implements ResponseCache {
  readonly kind = 'redis';

  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    private readonly prefix = 'gx:response:v3:',
  ) {}

  async get(key: string): Promise<CachedResponse | undefined> {
    let value: Buffer | null;
    try {
      value = await this.redis.getBuffer(this.prefix + key);
    } catch (err) {
      this.logger.debug({ err: (err as Error).message }, 'response cache read failed');
      return undefined;
    }
    return value === null ? undefined : decodeCachedResponse(value);
  }

  async set(key: string, value: CachedResponse, ttlSeconds: number): Promise<void> {
    try {
      await this.redis.set(this.prefix + key, encodeCachedResponse(value), 'EX', ttlSeconds);
    } catch (err) {
      this.logger.debug({ err: (err as Error).message }, 'response cache write failed');
    }
  }

  async close(): Promise<void> {}
}

export function encodeCachedResponse(response: CachedResponse): Buffer {
  const head = Buffer.from(`${JSON.stringify({ headers: response.headers, route: response.route })}\n`, 'utf8');
  return Buffer.concat([head, response.body], head.length + response.body.length);
}

/** The response in `value`, or undefined (a miss) when it is not one this layout wrote. */
export function decodeCachedResponse(value: Buffer): CachedResponse | undefined {
  const end = value.indexOf(NEWLINE);
  if (end < 0) return undefined;
  let head: { headers?: unknown; route?: unknown } | null;
  try {
    head = JSON.parse(value.toString('utf8', 0, end)) as typeof head;
  } catch {
    return undefined;
  }
  const headers = head?.headers;
  if (!Array.isArray(headers) || headers.length % 2 !== 0 || !headers.every((h) => typeof h === 'string')) return undefined;
  return { headers, body: value.subarray(end + 1), ...(typeof head!.route === 'string' ? { route: head!.route } : {}) };
}
