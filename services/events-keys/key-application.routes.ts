import { Router } from 'express';
import { jsonObjectBody } from '../../shared/http/json-body';
import { noQueryParams, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import type { ApiKeyService } from './api-key.service';
import { parseKeyApplication } from './key-application';

/** `POST /api/keys/applications`: outside `/api/v1/`, so it needs no key (the gateway limits it per IP). */
export function keyApplicationRoutes(service: ApiKeyService): Router {
  const router = Router();
  router.post('/api/keys/applications', ...jsonObjectBody('16kb'), async (req, res) => {
    parseQuery(noQueryParams, req.query as RawQuery);
    const { record, token } = await service.apply(parseKeyApplication(req.body));
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json({
        key: token,
        key_id: record.id,
        key_hint: record.key_hint,
        plan: record.plan,
        status: record.status,
        created_at: record.created_at,
        detail: 'Keep this key now: it is shown only once. It answers 403 key_not_approved until an operator approves the application.',
      });
  });
  return router;
}
