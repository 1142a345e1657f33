import type { ClientRequest } from 'node:http';
import type { Express, Request } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Config } from '../../shared/config/config';
import { badGateway } from '../../shared/errors/problem';
import { sendProblem } from '../../shared/http/problem-response';
import type { Logger } from '../../shared/logging/logger';
import type { Door, ModuleDefinition, RouteMount } from '../../shared/runtime/module';
import { CALLER_HEADER, SERVICE_TOKEN_HEADER } from '../../shared/http/gateway-caller';

/**
 * Routes of a service that runs in another process, forwarded over HTTP. The request id travels
 * with the request so both processes log the same id, and so does the caller the gateway verified
 * (with the service token, so the service can trust it).
 */
export function remoteService(url: string, paths: string[], logger: Logger, serviceToken?: string) {
  return createProxyMiddleware({
    target: url,
    changeOrigin: true,
    pathFilter: paths,
    proxyTimeout: 10_000,
    on: {
      proxyReq: (proxyReq: ClientRequest, req) => {
        proxyReq.setHeader('X-Request-Id', req.requestId);
        proxyReq.removeHeader(CALLER_HEADER);
        if (req.apiCaller) proxyReq.setHeader(CALLER_HEADER, Buffer.from(JSON.stringify(req.apiCaller)).toString('base64url'));
        if (serviceToken) proxyReq.setHeader(SERVICE_TOKEN_HEADER, serviceToken);
        // express has already read a JSON body for local routes; the proxy resends the raw stream.
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

/** Mounts a door's routes: in this process when their service runs here, else proxied to it. */
export function mountRoutes(
  app: Express,
  door: Door,
  deps: { config: Config; logger: Logger; local: RouteMount[]; modules: ModuleDefinition[]; running: ReadonlySet<string> },
): void {
  for (const mount of deps.local.filter((m) => m.door === door)) app.use(mount.router);
  for (const def of deps.modules) {
    if (deps.running.has(def.name)) continue;
    for (const served of def.serves ?? []) {
      if (served.door === door) app.use(remoteService(served.remoteUrl(deps.config), served.paths, deps.logger, deps.config.services.token));
    }
  }
}
