import type { IncomingMessage, ServerResponse } from 'node:http';
import { ifNoneMatchHits, strongEtag } from './etag';

/** Browsers and shared caches (the gateway's edge cache, a CDN) may keep a search, a record or a page for 60 seconds. */
export const SEARCH_CACHE_CONTROL = 'public, max-age=60, s-maxage=60';

/**
 * Answers 200 with a body under a strong ETag, on an express or a plain Node response; a request that
 * already holds this version (`If-None-Match`) gets 304 without the body. `headers` describe the body
 * (type, disposition, CSP). By default browsers and shared caches (the gateway's edge cache, a CDN)
 * may keep it for 60 seconds like a search; `cacheControl: null` sends no Cache-Control (the data API's answers).
 */
export function sendCacheable(
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  headers: Readonly<Record<string, string>>,
  cacheControl: string | null = SEARCH_CACHE_CONTROL,
): void {
  const etag = strongEtag(body);
  if (cacheControl !== null) res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', etag);
  if (ifNoneMatchHits(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
}
