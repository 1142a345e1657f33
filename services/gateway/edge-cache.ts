import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResponseCache } from '../../shared/cache/response-cache.port';
import { ifNoneMatchHits } from '../../shared/http/etag';
import { routeOf } from '../../shared/http/route-label';
import { negotiate } from '../../shared/http/content-negotiation';
import { PAGE_FORMAT_MEDIA_TYPES } from '../../modules/citations';
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

  /**
   * Answers from the cache and returns true on a hit: the kept headers and bytes, written as they
   * are, or 304 when the request's If-None-Match names the kept ETag (as the route itself would).
   */
  async serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' || this.maxTtlSeconds === 0) return false;
    const entry = await this.store.get(keyOf(req));
    lookups.inc({ result: entry === undefined ? 'miss' : 'hit' });
    if (entry === undefined) return false;
    req.routeLabel = entry.route;
    const etag = headerOf(entry.headers, 'etag');
    if (etag !== undefined && ifNoneMatchHits(req.headers['if-none-match'], etag)) {
      // The client holds this version: 304 with the kept validators and cache and security headers,
      // the door's own (request id, CORS, rate limit) already set; nothing that describes a body.
      res.writeHead(304, withoutBodyHeaders(entry.headers));
      res.end();
      return true;
    }
    res.writeHead(200, entry.headers as string[]);
    res.end(entry.body);
    return true;
  }

  /** Watches a response on its way out and keeps it when it is cacheable. */
  capture(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET' || this.maxTtlSeconds === 0) return;
    res.setHeader('X-Cache', 'MISS');
    // The key now: a router mounted at a path (`router.use('/papers', …)`) rewrites req.url while it answers.
    const key = keyOf(req);
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
      void this.store.set(key, { headers: hitHeaders(res, cacheControl, size), body: joined(chunks, size), route: routeOf(req) }, ttl);
    });
  }
}

/**
 * A response is kept under its URL and, when `Accept` chose another representation of a search page
 * than JSON (a citation file, CSV: the routes' `Vary: Accept`), under that too: the representation
 * Accept selects, not its text, so the many ways clients write Accept share one entry per representation.
 */
function keyOf(req: IncomingMessage): string {
  const variant = negotiate(req.headers.accept, PAGE_FORMAT_MEDIA_TYPES);
  return variant === 'json' ? `GET ${req.url}` : `GET ${req.url} ${variant}`;
}

/**
 * Headers the route set that belong to the response itself, kept for hits when present: its
 * validator, how a download is saved, the security headers of HTML pages (a page from the cache
 * must carry the same Content-Security-Policy as the page the route sent), and the dataset release
 * the body was given as of.
 */
const KEPT_HEADERS = ['ETag', 'Last-Modified', 'Content-Disposition', 'Content-Language', 'Vary', 'Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'X-Dataset-Version'];
/** Headers that describe a body, which a 304 has none of. */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding', 'content-disposition', 'content-language']);

/** The headers a hit is sent with: what describes the body as it was sent, its length, `X-Cache: HIT`. */
function hitHeaders(res: ServerResponse, cacheControl: string, size: number): string[] {
  const headers = ['Content-Type', String(res.getHeader('content-type') ?? 'application/octet-stream'), 'Cache-Control', cacheControl];
  const encoding = res.getHeader('content-encoding');
  if (encoding !== undefined) headers.push('Content-Encoding', String(encoding));
  for (const name of KEPT_HEADERS) {
    const value = res.getHeader(name);
    if (value !== undefined) headers.push(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  headers.push('Content-Length', String(size), 'X-Cache', 'HIT');
  return headers;
}

function headerOf(headers: readonly string[], name: string): string | undefined {
  for (let i = 0; i < headers.length; i += 2) if (headers[i]!.toLowerCase() === name) return headers[i + 1];
  return undefined;
}

function withoutBodyHeaders(headers: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < headers.length; i += 2) if (!BODY_HEADERS.has(headers[i]!.toLowerCase())) kept.push(headers[i]!, headers[i + 1]!);
  return kept;
}

/**
 * The chunks in one buffer of its own (not a slice of Node's shared pool, which it would keep alive).
 * A body sent as one buffer that already owns its memory whole (a large `Buffer.from`) is kept as it
 * is: a copy would cost a miss an allocation and a pass over the bytes for nothing.
 */
function joined(chunks: readonly Buffer[], size: number): Buffer {
  const only = chunks.length === 1 ? chunks[0]! : undefined;
  if (only && only.byteOffset === 0 && only.buffer.byteLength === only.length) return only;
  const body = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(body, at);
  return body;
}
