import type { Redis } from 'ioredis';
import type { Logger } from '../logging/logger';
import type { ResponseCache } from './response-cache.port';

/** Response cache in Redis, shared by every replica. A Redis fault is a miss, never an error. */
export class RedisResponseCache implements ResponseCache {
  readonly kind = 'redis';

  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    private readonly prefix = 'gx:response:',
  ) {}

  async get(key: string): Promise<string | undefined> {
    try {
      return (await this.redis.get(this.prefix + key)) ?? undefined;
    } catch (err) {
      this.logger.debug({ err: (err as Error).message }, 'response cache read failed');
      return undefined;
    }
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    try {
      await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds);
    } catch (err) {
      this.logger.debug({ err: (err as Error).message }, 'response cache write failed');
    }
  }

  async close(): Promise<void> {}
}
