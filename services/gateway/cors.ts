import type { IncomingMessage, ServerResponse } from 'node:http';

const EXPOSED = ['X-Request-Id', 'X-Cache', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-Dataset-Version'].join(', ');

/** The CORS headers of every public response, those answered before routing included. */
export const PUBLIC_CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED,
};

/** Listed once: this runs for every request of the door. */
const CORS_ENTRIES = Object.entries(PUBLIC_CORS_HEADERS);

/**
 * `Access-Control-Allow-Origin: *` on every response of the public door, errors included, so
 * browsers may call the search directly (spec 000 §4.1 rule 3). Answers preflight requests itself
 * and returns true when it did.
 */
export function applyPublicCors(req: IncomingMessage, res: ServerResponse): boolean {
  for (const [name, value] of CORS_ENTRIES) res.setHeader(name, value);
  if (req.method !== 'OPTIONS') return false;
  // POST: the batch lookup takes a JSON body, so a browser asks first.
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
  res.setHeader('Access-Control-Max-Age', '86400');
  res.statusCode = 204;
  res.end();
  return true;
}
