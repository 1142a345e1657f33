import type { RequestHandler } from 'express';

const EXPOSED = ['X-Request-Id', 'X-Cache', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-RateLimit-Limit', 'X-RateLimit-Remaining'];

/**
 * `Access-Control-Allow-Origin: *` on every response of the public door, errors included, and
 * answers to preflight requests, so browsers may call the search directly (spec 000 §4.1 rule 3).
 */
export const publicCors: RequestHandler = (req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED.join(', '));
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', req.get('access-control-request-headers') ?? '*');
    res.setHeader('Access-Control-Max-Age', '86400');
    res.status(204).end();
    return;
  }
  next();
};
