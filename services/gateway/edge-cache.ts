import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResponseCache } from '../../shared/cache/response-cache.port';

/** Responses larger than this are passed through without being cached. */
const MAX_BODY_BYTES = 1 << 20;
const SHARED_MAX_AGE = /(?:^|,)\s*s-maxage=(\d+)/i;

/**
 * The gateway's shared HTTP cache (the spec's "edge cache"): a GET answered 200 with
 * `Cache-Control: public, s-maxage=N` is kept for N seconds (at most `maxTtlSeconds`) under its
 * URL, and identical requests are answered from it without reaching the routes (RFC 9111 shared-
 * cache semantics, as a CDN would). Works for routes served here and for proxied services alike.
 */
export class EdgeCache {
  constructor(
    private readonly store: ResponseCache,
    private readonly maxTtlSeconds: number,
  ) {}

  /** Answers from the cache and returns true on a hit. */
  async serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' || this.maxTtlSeconds === 0) return false;
    const entry = await this.store.get(keyOf(req));
    if (entry === undefined) return false;
    const headerEnd = entry.indexOf('\n\n');
    const [contentType, cacheControl] = entry.slice(0, headerEnd).split('\n');
    const body = entry.slice(headerEnd + 2);
    res.statusCode = 200;
    res.setHeader('Content-Type', contentType!);
    res.setHeader('Cache-Control', cacheControl!);
    res.setHeader('X-Cache', 'HIT');
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.end(body);
    return true;
  }

  /** Watches a response on its way out and keeps it when it is cacheable. */
  capture(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET' || this.maxTtlSeconds === 0) return;
    res.setHeader('X-Cache', 'MISS');
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === 'function' || size > MAX_BODY_BYTES) return;
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      size += buffer.length;
      chunks.push(buffer);
    };
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return (end as (...a: unknown[]) => ServerResponse)(chunk, ...rest);
    }) as typeof res.end;
    res.once('finish', () => {
      const cacheControl = String(res.getHeader('cache-control') ?? '');
      const sharedMaxAge = SHARED_MAX_AGE.exec(cacheControl);
      if (res.statusCode !== 200 || !sharedMaxAge || !/(?:^|,)\s*public\b/i.test(cacheControl) || size > MAX_BODY_BYTES) return;
      const ttl = Math.min(Number(sharedMaxAge[1]), this.maxTtlSeconds);
      if (ttl <= 0) return;
      const contentType = String(res.getHeader('content-type') ?? 'application/octet-stream');
      void this.store.set(keyOf(req), `${contentType}\n${cacheControl}\n\n${Buffer.concat(chunks).toString('utf8')}`, ttl);
    });
  }
}

const keyOf = (req: IncomingMessage) => `GET ${req.url}`;
