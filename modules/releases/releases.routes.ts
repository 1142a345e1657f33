import { Router } from 'express';
import { noQueryParams, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import type { Releases } from './releases';

export const RELEASES_PATH = '/api/v1/releases';

/** `GET /api/v1/releases`, on either door: the releases still kept, newest first, with what changed in each. */
export function releasesRoutes(releases: Releases): Router {
  const router = Router();
  router.get(RELEASES_PATH, (req, res) => {
    parseQuery(noQueryParams, req.query as RawQuery);
    // A new release may be cut at any time; a minute of staleness costs nothing (an `as_of` of it is found either way).
    res.set('Cache-Control', 'public, max-age=60').json(releases.list());
  });
  return router;
}
