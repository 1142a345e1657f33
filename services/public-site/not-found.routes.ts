import { Router, type Request } from 'express';
import { sendNotFoundPage } from './not-found-page';
import type { AssetUrl } from './site-page.html';

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

/**
 * The public door's last route (the site is mounted after the search API): a path nothing else
 * answered gets the site's 404 page when a browser asks; anything else falls through to the door's
 * problem+json 404.
 */
export function notFoundPageRoute(options: { demo: boolean; assetUrl?: AssetUrl }): Router {
  const router = Router();
  router.use((req, res, next) => {
    if (!wantsHtmlPage(req)) return next();
    sendNotFoundPage(req, res, { ...options, kind: 'page' });
  });
  return router;
}
