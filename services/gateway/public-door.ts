import express, { type Express, type RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Config } from '../../shared/config/config';
import { badGateway } from '../../shared/errors/problem';
import { sendProblem } from '../../shared/http/problem-response';
import type { Logger } from '../../shared/logging/logger';
import type { ModuleDefinition, RouteMount } from '../../shared/runtime/module';
import { publicCors } from './cors';

/**
 * Routes of a service that runs in another process, forwarded over HTTP. The request id travels
 * with the request so both processes log the same id.
 */
export function remoteService(url: string, paths: string[], logger: Logger): RequestHandler {
  return createProxyMiddleware({
    target: url,
    changeOrigin: true,
    pathFilter: paths,
    proxyTimeout: 10_000,
    on: {
      proxyReq: (proxyReq, req) => {
        proxyReq.setHeader('X-Request-Id', (req as express.Request).requestId);
      },
      error: (err, req, res) => {
        logger.warn({ err: err.message, target: url, path: (req as express.Request).path }, 'upstream service failed');
        if ('headersSent' in res && !res.headersSent) {
          sendProblem(res as express.Response, badGateway('upstream_unavailable', 'A backend service did not answer; retry in a moment.'));
        } else if ('destroy' in res) {
          res.destroy();
        }
      },
    },
  });
}

/**
 * The public front door: CORS, the per-IP limit, then each public route, served in this process
 * when its service runs here, else proxied to where the service runs.
 */
export function mountPublicDoor(
  app: Express,
  deps: { config: Config; logger: Logger; rateLimit?: RequestHandler; local: RouteMount[]; modules: ModuleDefinition[]; running: ReadonlySet<string> },
): void {
  app.use(publicCors);
  if (deps.rateLimit) app.use(deps.rateLimit);
  for (const mount of deps.local.filter((m) => m.door === 'public')) app.use(mount.router);
  for (const def of deps.modules) {
    if (deps.running.has(def.name)) continue;
    for (const served of def.serves ?? []) {
      if (served.door === 'public') app.use(remoteService(served.remoteUrl(deps.config), served.paths, deps.logger));
    }
  }
}
