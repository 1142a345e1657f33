import { Router, type RequestHandler } from 'express';
import { KEY_STATUSES, PLANS, type KeyStatus, type Plan } from '../../shared/api-keys/api-key';
import { badRequest, ProblemError } from '../../shared/errors/problem';
import { jsonObjectBody } from '../../shared/http/json-body';
import { enumParam, integerParam, type RawQuery } from '../../shared/http/query-params';
import type { ApiKeyService, KeyAction, Limits } from './api-key.service';

const ACTIONS: KeyAction[] = ['approve', 'reject', 'revoke', 'expire', 'reissue'];

/** Only Internal-plan keys may manage keys. */
const internalOnly: RequestHandler = (req, _res, next) => {
  if (!req.apiCaller?.internal) throw new ProblemError(403, 'forbidden', 'Key management needs an Internal-plan key.');
  next();
};

const actorOf = (req: Parameters<RequestHandler>[0]) => `key:${req.apiCaller!.keyId}`;

function limitsOf(body: Record<string, unknown>): Limits {
  const pick = (name: 'daily_limit' | 'monthly_limit') => {
    const v = body[name];
    if (v === undefined || v === null) return v;
    if (typeof v !== 'number') throw badRequest(`invalid_field:${name}`, `${name} must be a whole number or null.`);
    return v;
  };
  return { daily_limit: pick('daily_limit'), monthly_limit: pick('monthly_limit') };
}

/** The operators' key management under `/api/v1/admin/keys` (the same operations as `gx keys`). */
export function adminKeyRoutes(service: ApiKeyService): Router {
  const router = Router();
  router.use('/api/v1/admin', internalOnly);

  router.get('/api/v1/admin/keys', async (req, res) => {
    const query = req.query as RawQuery;
    const limit = integerParam(query, 'limit', 'invalid_limit', 100, 1, 500);
    const offset = integerParam(query, 'offset', 'invalid_offset', 0, 0, 1_000_000);
    const status = enumParam<KeyStatus>(query, 'status', 'invalid_status', KEY_STATUSES);
    const plan = enumParam<Plan>(query, 'plan', 'invalid_plan', PLANS);
    const { rows, total } = await service.list({ status, plan, limit, offset });
    res.json({ data: rows, count: rows.length, limit, offset, total });
  });

  router.post('/api/v1/admin/keys', ...jsonObjectBody(), async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const plan = enumParam<Plan>(body, 'plan', 'invalid_field:plan', PLANS);
    if (!plan) throw badRequest('missing_field:plan', 'The field "plan" is required.');
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : undefined);
    const { record, token } = await service.create(
      { plan, ...limitsOf(body), email: text('email'), name: text('name'), organization: text('organization'), purpose: text('purpose') },
      actorOf(req),
    );
    res.status(201).set('Cache-Control', 'no-store').json({ ...record, key: token });
  });

  router.get('/api/v1/admin/keys/:id', async (req, res) => {
    res.json(await service.get(String(req.params.id)));
  });

  router.post('/api/v1/admin/keys/:id/:action', async (req, res, next) => {
    const action = req.params.action as KeyAction;
    if (!ACTIONS.includes(action)) return next();
    const { record, token } = await service.act(String(req.params.id), action, actorOf(req));
    res.set('Cache-Control', 'no-store').json(token ? { ...record, key: token } : record);
  });

  router.patch('/api/v1/admin/keys/:id/limits', ...jsonObjectBody(), async (req, res) => {
    res.json(await service.setLimits(String(req.params.id), limitsOf(req.body as Record<string, unknown>), actorOf(req)));
  });

  return router;
}
