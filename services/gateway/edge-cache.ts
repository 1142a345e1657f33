import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResponseCache } from '../../shared/cache/response-cache.port';
import { routeOf } from '../../shared/http/route-label';
import { counter } from '../../shared/telemetry/metrics';

const lookups = counter('gx_edge_cache_requests_total', 'GET requests the edge cache looked up, by result: hit or miss', ['result']);

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

  /** Answers from the cache and returns true on a hit: the kept headers and bytes, written as they are. */
  async serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' || this.maxTtlSeconds === 0) return false;
    const entry = await this.store.get(keyOf(req));
    lookups.inc({ result: entry === undefined ? 'miss' : 'hit' });
    if (entry === undefined) return false;
    req.routeLabel = entry.route;
    res.writeHead(200, entry.headers as string[]);
    res.end(entry.body);
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
      void this.store.set(keyOf(req), { headers: hitHeaders(res, cacheControl, size), body: joined(chunks, size), route: routeOf(req) }, ttl);
    });
  }
}

const keyOf = (req: IncomingMessage) => `GET ${req.url}`;

/** The headers a hit is sent with: what describes the body as it was sent, its length, `X-Cache: HIT`. */
function hitHeaders(res: ServerResponse, cacheControl: string, size: number): string[] {
  const headers = ['Content-Type', String(res.getHeader('content-type') ?? 'application/octet-stream'), 'Cache-Control', cacheControl];
  const encoding = res.getHeader('content-encoding');
  if (encoding !== undefined) headers.push('Content-Encoding', String(encoding));
  headers.push('Content-Length', String(size), 'X-Cache', 'HIT');
  return headers;
}

/** The chunks in one buffer of its own (not a slice of Node's shared pool, which it would keep alive). */
function joined(chunks: readonly Buffer[], size: number): Buffer {
  const body = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(body, at);
  return body;
}
