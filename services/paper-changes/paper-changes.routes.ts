import { Router } from 'express';
import type { RawQuery } from '../../shared/http/request-schema';
import { parseChangesParams } from './change-params';
import type { PaperChangeFeed } from './paper-change-feed';

export const CHANGES_PATH = '/api/v1/papers/changes';

/** `GET /api/v1/papers/changes` on the data-API door (authenticated and charged by the door). */
export function paperChangesRoutes(feed: PaperChangeFeed): Router {
  const router = Router();
  router.get(CHANGES_PATH, async (req, res) => {
    const answer = await feed.page(parseChangesParams(req.query as RawQuery));
    // The feed moves on at every write: no cache may keep an answer.
    res.set('Cache-Control', 'private, no-store').json(answer);
  });
  return router;
}
