import { Router, type RequestHandler } from 'express';
import type { Plan } from '../../modules/api-keys';
import { ProblemError } from '../../shared/errors/problem';
import { jsonObjectBody } from '../../shared/http/json-body';
import { noQueryParams, parseBody, parsePath, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { KEY_ACTIONS, keyCreateBodySchema, keyLimitsBodySchema, keyListQuerySchema, keyPathSchema } from './admin-key-params';
import type { ApiKeyService, KeyAction } from './api-key.service';

/** Only Internal-plan keys may manage keys. */
const internalOnly: RequestHandler = (req, _res, next) => {
  if (!req.apiCaller?.internal) throw new ProblemError(403, 'forbidden', 'Key management needs an Internal-plan key.');
  next();
};

const actorOf = (req: Parameters<RequestHandler>[0]) => `key:${req.apiCaller!.keyId}`;

const idOf = (params: object) => parsePath(keyPathSchema, params).id;

/** The operators' key management under `/api/v1/admin/keys` (the same operations as `gx keys`). */
export function adminKeyRoutes(service: ApiKeyService): Router {
  const router = Router();
  router.use('/api/v1/admin', internalOnly);

  router.get('/api/v1/admin/keys', async (req, res) => {
    const { limit, offset, status, plan } = parseQuery(keyListQuerySchema, req.query as RawQuery);
    const { rows, total } = await service.list({ status, plan, limit, offset });
    res.json({ data: rows, count: rows.length, limit, offset, total });
  });

  router.post('/api/v1/admin/keys', ...jsonObjectBody(), async (req, res) => {
    parseQuery(noQueryParams, req.query as RawQuery);
    const { plan, ...rest } = parseBody(keyCreateBodySchema, req.body);
    const { record, token } = await service.create({ plan: plan as Plan, ...rest }, actorOf(req));
    res.status(201).set('Cache-Control', 'no-store').json({ ...record, key: token });
  });

  router.get('/api/v1/admin/keys/:id', async (req, res) => {
    const id = idOf(req.params);
    parseQuery(noQueryParams, req.query as RawQuery);
    res.json(await service.get(id));
  });

  router.post('/api/v1/admin/keys/:id/:action', async (req, res, next) => {
    const action = req.params.action as KeyAction;
    if (!(KEY_ACTIONS as readonly string[]).includes(action)) return next();
    const id = idOf(req.params);
    parseQuery(noQueryParams, req.query as RawQuery);
    const { record, token } = await service.act(id, action, actorOf(req));
    res.set('Cache-Control', 'no-store').json(token ? { ...record, key: token } : record);
  });

  router.patch('/api/v1/admin/keys/:id/limits', ...jsonObjectBody(), async (req, res) => {
    const id = idOf(req.params);
    parseQuery(noQueryParams, req.query as RawQuery);
    res.json(await service.setLimits(id, parseBody(keyLimitsBodySchema, req.body), actorOf(req)));
  });

  return router;
}
