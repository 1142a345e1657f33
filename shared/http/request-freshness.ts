import type { IncomingMessage, ServerResponse } from 'node:http';

const NO_CACHE = /(?:^|,)\s*?no-cache\s*?(?:,|$)/;

/**
 * Express's `req.fresh` (express 5, the `fresh` package 2.0) for a response written without express:
 * whether the client's copy is current, so the answer is 304. A GET, HEAD or QUERY whose status so far is
 * 2xx or 304; `If-None-Match: *`, or a tag of the list equal to the response's ETag (weakly); else
 * `If-Modified-Since` not before its Last-Modified; never with `Cache-Control: no-cache`. A search
 * sends neither validator, so only `If-None-Match: *` makes it 304, as it did through express.
 */
export function requestIsFresh(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'QUERY') return false;
  const status = res.statusCode;
  if (!((status >= 200 && status < 300) || status === 304)) return false;
  const modifiedSince = req.headers['if-modified-since'];
  const noneMatch = req.headers['if-none-match'];
  if (!modifiedSince && !noneMatch) return false;
  const cacheControl = req.headers['cache-control'];
  if (cacheControl && NO_CACHE.test(cacheControl)) return false;
  if (noneMatch) {
    if (noneMatch === '*') return true;
    const etag = headerText(res.getHeader('etag'));
    if (!etag) return false;
    return tokenList(noneMatch).some((match) => match === etag || match === `W/${etag}` || `W/${match}` === etag);
  }
  const lastModified = headerText(res.getHeader('last-modified'));
  return lastModified !== undefined && httpDate(lastModified) <= httpDate(modifiedSince!);
}

const headerText = (value: number | string | string[] | undefined): string | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);

const httpDate = (date: string): number => Date.parse(date);

/** `a, b ,c` → ['a', 'b ', 'c']: leading spaces dropped, as `fresh` does. */
function tokenList(text: string): string[] {
  const list: string[] = [];
  let start = 0;
  let end = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x20) {
      if (start === end) start = end = i + 1;
    } else if (code === 0x2c) {
      list.push(text.substring(start, end));
      start = end = i + 1;
    } else {
      end = i + 1;
    }
  }
  list.push(text.substring(start, end));
  return list;
}
