import type { IncomingMessage } from 'node:http';
import { Router, type RequestHandler, type Response } from 'express';
import type { ApiCaller } from '../../modules/api-keys';
import { ProblemError } from '../../shared/errors/problem';
import { jsonObjectBody } from '../../shared/http/json-body';
import { noQueryParams, parsePath, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { parseTransitionBody } from './event-bodies';
import { eventPathSchema, parseListParams } from './event-params';
import type { IntelligenceEventService } from './event.service';

const BASE = '/api/v1/intelligence-events';

/** The caller the data-API door authenticated. Its absence is a wiring fault: fail closed (500), never serve anonymously. */
function callerOf(req: IncomingMessage): ApiCaller {
  if (!req.apiCaller) throw new Error('intelligence-event routes reached without an authenticated caller (mount them behind the data-API door)');
  return req.apiCaller;
}

/** Recording and moving events is for Internal-plan keys; checked before the body is even read. */
const internalOnly: RequestHandler = (req, _res, next) => {
  if (!callerOf(req).internal) throw new ProblemError(403, 'forbidden', 'Recording and changing intelligence events needs an Internal-plan key.');
  next();
};

/** Event data differs by key (visibility), so no shared cache may keep it. */
function send(res: Response, status: number, body: unknown): void {
  res.status(status).set('Cache-Control', 'private, no-store').json(body);
}

/** The intelligence-event index (spec 001 §4.8) and its Internal-only writes. Mount behind the data-API door. */
export function eventsRoutes(deps: { service: IntelligenceEventService }): Router {
  const { service } = deps;
  const router = Router();

  router.get(BASE, async (req, res) => {
    const params = parseListParams(req.query as RawQuery);
    send(res, 200, await service.list(params, callerOf(req)));
  });

  router.get(`${BASE}/:id`, async (req, res) => {
    const id = parsePath(eventPathSchema, req.params).id;
    parseQuery(noQueryParams, req.query as RawQuery);
    send(res, 200, await service.get(id, callerOf(req)));
  });

  router.post(BASE, internalOnly, ...jsonObjectBody('16kb'), async (req, res) => {
    parseQuery(noQueryParams, req.query as RawQuery);
    const event = await service.record(req.body);
    res.location(`${BASE}/${event.id}`);
    send(res, 201, event);
  });

  router.patch(`${BASE}/:id`, internalOnly, ...jsonObjectBody('16kb'), async (req, res) => {
    const id = parsePath(eventPathSchema, req.params).id;
    parseQuery(noQueryParams, req.query as RawQuery);
    send(res, 200, await service.transition(id, parseTransitionBody(req.body)));
  });

  return router;
}
