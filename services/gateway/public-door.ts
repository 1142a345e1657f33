import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import proxyaddr from 'proxy-addr';
import { internalError } from '../../shared/errors/problem';
import { accessLog } from '../../shared/http/access-log';
import { createBaseApp, errorHandler, notFoundHandler } from '../../shared/http/base-app';
import { sendProblem } from '../../shared/http/problem-response';
import { requestId } from '../../shared/http/request-id';
import { applyPublicCors } from './cors';
import type { DoorDeps } from './door-deps';
import { mountRoutes } from './remote-service';

const UNLIMITED_PATHS = new Set(['/healthz', '/readyz']);

/**
 * The public front door. The gateway's policies run on the plain HTTP request, ahead of any
 * routing: request id, access log, CORS, the per-IP limit, then the edge cache. Only what the
 * cache cannot answer reaches express, which serves each public route in this process when its
 * service runs here, or proxies it to where the service runs.
 */
export function publicDoor(deps: DoorDeps): RequestListener {
  const { config, logger, gateway } = deps;
  const app = createBaseApp({ logger, trustProxy: config.http.trustProxy, readiness: deps.readiness, logRequests: false });
  mountRoutes(app, 'public', deps);
  app.use(notFoundHandler, errorHandler(logger));

  // The client's address under the same `trust proxy` rule express applies.
  const trust = app.get('trust proxy fn') as Parameters<typeof proxyaddr>[1];
  const log = accessLog(logger);

  /** Returns true when the request was answered here (limited, or served from the edge cache). */
  const answeredAtTheEdge = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (gateway.publicRateLimit && !(await gateway.publicRateLimit(req, res, proxyaddr(req, trust)))) return true;
    if (await gateway.edgeCache.serve(req, res)) return true;
    gateway.edgeCache.capture(req, res);
    return false;
  };

  return (req, res) => {
    requestId(req, res);
    log(req, res);
    if (applyPublicCors(req, res)) return;
    if (UNLIMITED_PATHS.has((req.url ?? '').split('?')[0]!)) return void app(req, res);
    answeredAtTheEdge(req, res).then(
      (answered) => { if (!answered) app(req, res); },
      (err) => {
        logger.error({ err, request_id: req.requestId }, 'gateway failed');
        if (!res.headersSent) sendProblem(res, internalError());
      },
    );
  };
}
