import type { Request, Response } from 'express';
import { ifNoneMatchHits, strongEtag } from './etag';

/** Browsers and shared caches (the gateway's edge cache, a CDN) may keep a search, a record or a page for 60 seconds. */
export const SEARCH_CACHE_CONTROL = 'public, max-age=60, s-maxage=60';

/**
 * Answers 200 with a body that browsers and shared caches (the gateway's edge cache, a CDN) may keep
 * for 60 seconds like a search, under a strong ETag; a request that already holds this version
 * (`If-None-Match`) gets 304 without the body. `headers` describe the body (type, disposition, CSP).
 */
export function sendCacheable(req: Request, res: Response, body: string, headers: Readonly<Record<string, string>>): void {
  const etag = strongEtag(body);
  res.setHeader('Cache-Control', SEARCH_CACHE_CONTROL);
  res.setHeader('ETag', etag);
  if (ifNoneMatchHits(req.headers['if-none-match'], etag)) {
    res.status(304).end();
    return;
  }
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}
