import type { IncomingMessage, ServerResponse } from 'node:http';

const EXPOSED = ['X-Request-Id', 'X-Cache', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-RateLimit-Limit', 'X-RateLimit-Remaining'].join(', ');

/**
 * `Access-Control-Allow-Origin: *` on every response of the public door, errors included, so
 * browsers may call the search directly (spec 000 §4.1 rule 3). Answers preflight requests itself
 * and returns true when it did.
 */
export function applyPublicCors(req: IncomingMessage, res: ServerResponse): boolean {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED);
  if (req.method !== 'OPTIONS') return false;
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
  res.setHeader('Access-Control-Max-Age', '86400');
  res.statusCode = 204;
  res.end();
  return true;
}
