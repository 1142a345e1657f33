import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Request } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import proxyaddr from 'proxy-addr';
import type { Config } from '../../shared/config/config';
import { badGateway, internalError } from '../../shared/errors/problem';
import { accessLog } from '../../shared/http/access-log';
import { createBaseApp, errorHandler, notFoundHandler } from '../../shared/http/base-app';
import type { ReadinessCheck } from '../../shared/http/health.routes';
import { sendProblem } from '../../shared/http/problem-response';
import { requestId } from '../../shared/http/request-id';
import type { Logger } from '../../shared/logging/logger';
import type { ModuleDefinition, RouteMount } from '../../shared/runtime/module';
import { applyPublicCors } from './cors';
import type { Gateway } from './module';

const UNLIMITED_PATHS = new Set(['/healthz', '/readyz']);

/**
 * Routes of a service that runs in another process, forwarded over HTTP. The request id travels
 * with the request so both processes log the same id.
 */
export function remoteService(url: string, paths: string[], logger: Logger) {
  return createProxyMiddleware({
    target: url,
    changeOrigin: true,
    pathFilter: paths,
    proxyTimeout: 10_000,
    on: {
      proxyReq: (proxyReq, req) => {
        proxyReq.setHeader('X-Request-Id', req.requestId);
      },
      error: (err, req, res) => {
        logger.warn({ err: err.message, target: url, path: (req as Request).path }, 'upstream service failed');
        if ('headersSent' in res && !res.headersSent) {
          sendProblem(res, badGateway('upstream_unavailable', 'A backend service did not answer; retry in a moment.'));
        } else if ('destroy' in res) {
          res.destroy();
        }
      },
    },
  });
}

/**
 * The public front door. The gateway's policies run on the plain HTTP request, ahead of any
 * routing: request id, access log, CORS, the per-IP limit, then the edge cache. Only what the
 * cache cannot answer reaches express, which serves each public route in this process when its
 * service runs here, or proxies it to where the service runs.
 */
export function publicDoor(deps: {
  config: Config;
  logger: Logger;
  gateway: Gateway;
  local: RouteMount[];
  modules: ModuleDefinition[];
  running: ReadonlySet<string>;
  readiness: () => Record<string, ReadinessCheck>;
}): RequestListener {
  const { config, logger, gateway } = deps;
  const app = createBaseApp({ logger, trustProxy: config.http.trustProxy, readiness: deps.readiness, logRequests: false });
  for (const mount of deps.local.filter((m) => m.door === 'public')) app.use(mount.router);
  for (const def of deps.modules) {
    if (deps.running.has(def.name)) continue;
    for (const served of def.serves ?? []) {
      if (served.door === 'public') app.use(remoteService(served.remoteUrl(config), served.paths, logger));
    }
  }
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
    log?.(req, res);
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
