import type { Request } from 'express';

/** The API's paths: a program's, answered with problem+json whatever it accepts. */
const API_PATH = /^\/api(?:\/|$)/;

/**
 * True when the client asks for a page rather than data: it names text/html and prefers it to JSON
 * (a browser's `text/html,…,*\/*;q=0.8`). `*\/*` alone (curl, fetch) or `application/json` is not.
 */
export function wantsHtmlPage(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (API_PATH.test(req.path) || !/text\/html/i.test(req.headers.accept ?? '')) return false;
  return req.accepts(['application/json', 'application/problem+json', 'text/html']) === 'text/html';
}
