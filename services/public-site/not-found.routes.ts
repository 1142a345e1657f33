import { Router } from 'express';
import { wantsHtmlPage } from '../../shared/http/wants-html-page';
import { sendNotFoundPage } from './not-found-page';
import type { AssetUrl } from './site-page.html';

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
