import type { ClientRequest } from 'node:http';
import type { Express, Request, RequestHandler } from 'express';
import { wantsHtmlPage } from '../../shared/http/wants-html-page';
import { bodyReadAhead } from '../../shared/http/json-body';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Config } from '../../shared/config/config';
import { badGateway, ProblemError } from '../../shared/errors/problem';
import { sendProblem } from '../../shared/http/problem-response';
import type { Logger } from '../../shared/logging/logger';
import type { Door, ModuleDefinition, RouteMount } from '../../shared/runtime/module';
import { CALLER_HEADER, SERVICE_TOKEN_HEADER } from '../../modules/api-keys';

/** How long a proxied request may wait for the service's answer once connected. */
export const UPSTREAM_TIMEOUT_MS = 10_000;
/** How long connecting to a service may take: on loopback or a cluster network, far less; a host that drops packets is down. */
export const UPSTREAM_CONNECT_TIMEOUT_MS = 2_000;
/** What a 503 for a service that is down tells the client to wait before retrying (seconds). */
export const UPSTREAM_RETRY_AFTER_SECONDS = 1;

/** Errors that mean nothing answered at the service's address: it is down, restarting or not there. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNECTTIMEOUT']);

interface ProxiedRequest extends Request {
  /** Set when the service accepted the connection but did not answer within UPSTREAM_TIMEOUT_MS. */
  upstreamTimedOut?: boolean;
}

/**
 * A failed proxied request as the client sees it: 503 `upstream_unavailable` with `Retry-After`
 * when the service could not be reached (refused, reset or hung up before answering, no route,
 * no DNS name, no connection within UPSTREAM_CONNECT_TIMEOUT_MS); 502 `upstream_failed` when it was
 * reached but did not answer in time or answered something that is not HTTP.
 */
export function upstreamProblem(err: NodeJS.ErrnoException, timedOut: boolean): ProblemError {
  if (!timedOut && err.code && UNREACHABLE.has(err.code)) {
    return new ProblemError(503, 'upstream_unavailable', 'A backend service cannot be reached right now; retry in a moment.', {}, { 'Retry-After': String(UPSTREAM_RETRY_AFTER_SECONDS) });
  }
  return badGateway('upstream_failed', timedOut ? `A backend service did not answer within ${UPSTREAM_TIMEOUT_MS / 1000} seconds.` : 'A backend service gave an answer that could not be used.');
}

/**
 * Routes of a service that runs in another process, forwarded over HTTP. The request id travels
 * with the request so both processes log the same id, and so does the caller the gateway verified
 * (with the service token, so the service can trust it). A service that is down is answered at once
 * with 503 (see `upstreamProblem`), in the door's shape: its headers are set before routing.
 */
export function remoteService(url: string, forwards: (pathname: string, req: Request) => boolean, logger: Logger, serviceToken?: string) {
  return createProxyMiddleware({
    target: url,
    changeOrigin: true,
    pathFilter: (pathname, req) => forwards(pathname, req as Request),
    proxyTimeout: UPSTREAM_TIMEOUT_MS,
    on: {
      proxyReq: (proxyReq: ClientRequest, req) => {
        proxyReq.setHeader('X-Request-Id', req.requestId);
        proxyReq.removeHeader(CALLER_HEADER);
        if (req.apiCaller) proxyReq.setHeader(CALLER_HEADER, Buffer.from(JSON.stringify(req.apiCaller)).toString('base64url'));
        if (serviceToken) proxyReq.setHeader(SERVICE_TOKEN_HEADER, serviceToken);
        // express has already read a JSON body for local routes; the proxy resends the raw stream,
        // or, when the door read it ahead of routing (to weigh the request), the text it read.
        const ahead = bodyReadAhead(req);
        if (ahead !== undefined) {
          const bytes = Buffer.from(ahead, 'utf8');
          proxyReq.removeHeader('Content-Encoding');
          proxyReq.removeHeader('Transfer-Encoding');
          proxyReq.setHeader('Content-Type', 'application/json; charset=utf-8');
          proxyReq.setHeader('Content-Length', String(bytes.length));
          proxyReq.write(bytes);
        }
        const socket = proxyReq.socket;
        if (socket?.connecting) {
          const timer = setTimeout(() => proxyReq.destroy(Object.assign(new Error(`no connection within ${UPSTREAM_CONNECT_TIMEOUT_MS} ms`), { code: 'ECONNECTTIMEOUT' })), UPSTREAM_CONNECT_TIMEOUT_MS);
          const clear = () => clearTimeout(timer);
          socket.once('connect', clear);
          proxyReq.once('close', clear);
        }
        proxyReq.once('timeout', () => ((req as ProxiedRequest).upstreamTimedOut = true));
      },
      error: (err, req, res) => {
        const timedOut = (req as ProxiedRequest).upstreamTimedOut === true;
        const problem = upstreamProblem(err as NodeJS.ErrnoException, timedOut);
        logger.warn({ err: err.message, code: (err as NodeJS.ErrnoException).code, status: problem.status, target: url, path: (req as Request).path }, problem.status === 503 ? 'upstream service unreachable' : 'upstream service failed');
        if ('headersSent' in res && !res.headersSent) {
          sendProblem(res, problem);
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
  const pageFallbacks: RequestHandler[] = [];
  for (const def of deps.modules) {
    if (deps.running.has(def.name)) continue;
    for (const served of def.serves ?? []) {
      if (served.door !== door) continue;
      // The route this process knows a forwarded request by: the service's path, not the concrete URL.
      app.use((req, _res, next) => {
        const path = servedPathOf(served.paths, req.path);
        if (path !== undefined) req.routeLabel = path === req.path ? path : `${path}/*`;
        next();
      });
      const url = served.remoteUrl(deps.config);
      app.use(remoteService(url, (pathname) => servedPathOf(served.paths, pathname) !== undefined, deps.logger, deps.config.services.token));
      if (served.pagesForBrowsers) pageFallbacks.push(remoteService(url, (_pathname, req) => wantsHtmlPage(req), deps.logger, deps.config.services.token));
    }
  }
  // Last: a browser's page request nothing above answered gets the page service's HTML 404.
  for (const fallback of pageFallbacks) app.use(fallback);
}

/**
 * The longest of a service's paths that `pathname` falls under: the path itself or anything below
 * it (`/papers` claims `/papers/p_1.bib`, not `/papersx`). `/` claims only the root: as a prefix it
 * would take every path of the door from the services mounted after it.
 */
export function servedPathOf(paths: readonly string[], pathname: string): string | undefined {
  let best: string | undefined;
  for (const path of paths) {
    const under = path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
    if (under && (best === undefined || path.length > best.length)) best = path;
  }
  return best;
}
