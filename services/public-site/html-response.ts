import type { Request, Response } from 'express';
import { SEARCH_CACHE_CONTROL } from '../../shared/http/cacheable-response';
import { strongEtag, ifNoneMatchHits } from '../../shared/http/etag';
import { AS_OF_CACHE_CONTROL } from '../../modules/releases';
import { HTML_CONTENT_TYPE, HTML_SECURITY_HEADERS } from './html-headers';

/**
 * A page in the reader's language that browsers may keep 60 seconds, without `s-maxage`: the
 * gateway's edge cache keys by URL alone, so it must not keep a page whose language came from
 * Accept-Language (the next reader may read the other one). Vary says so to any other cache.
 */
export const NEGOTIATED_PAGE_CACHE_CONTROL = 'public, max-age=60';

/**
 * A page as of a release (`?as_of=`) never changes: kept a day like the API's answers as of a release
 * (AS_OF_CACHE_CONTROL) when `?hl=` names its language; a day in the browser alone when the language
 * came from Accept-Language (the edge cache keys by URL alone).
 */
export const NEGOTIATED_AS_OF_PAGE_CACHE_CONTROL = 'public, max-age=86400';

/**
 * Answers 200 with a page under a strong ETag (304 when the client holds it). `negotiated` is true
 * when its language came from Accept-Language rather than `?hl=`, which the URL names; `asOfRelease`
 * when it is a page as of a release.
 */
export function sendHtmlPage(req: Request, res: Response, body: string, negotiated: boolean, asOfRelease = false): void {
  const etag = strongEtag(body);
  const cacheControl = asOfRelease ? (negotiated ? NEGOTIATED_AS_OF_PAGE_CACHE_CONTROL : AS_OF_CACHE_CONTROL) : negotiated ? NEGOTIATED_PAGE_CACHE_CONTROL : SEARCH_CACHE_CONTROL;
  res.setHeader('Cache-Control', cacheControl);
  if (negotiated) res.setHeader('Vary', 'Accept-Language');
  res.setHeader('ETag', etag);
  if (ifNoneMatchHits(req.headers['if-none-match'], etag)) {
    res.status(304).end();
    return;
  }
  res.set(HTML_SECURITY_HEADERS);
  res.setHeader('Content-Type', HTML_CONTENT_TYPE);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}
