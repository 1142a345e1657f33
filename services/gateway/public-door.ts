import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { DATASET_VERSION_HEADER } from '../../modules/releases';
import proxyaddr from 'proxy-addr';
import { internalError } from '../../shared/errors/problem';
import { accessLog } from '../../shared/http/access-log';
import { createBaseApp, errorHandler, notFoundHandler } from '../../shared/http/base-app';
import { sendProblem } from '../../shared/http/problem-response';
import { requestId } from '../../shared/http/request-id';
import { applyPublicCors, PUBLIC_CORS_HEADERS } from './cors';
import type { DoorShape } from '../../shared/http/early-answers';
import { plainDispatch } from './plain-dispatch';
import type { DoorDeps } from './door-deps';
import { mountRoutes } from './remote-service';
import { contributionsTo } from '../../shared/runtime/module';
import { answerMcpPreflight, publicAgentRoutes } from './agents/agent-routes';
import { wasCounted } from './agents/door-dispatch';

const UNLIMITED_PATHS = new Set(['/healthz', '/readyz']);
/**
 * The search page's static files: served from memory, cached a year by their versioned URLs, so a
 * page view does not spend the reader's per-IP search allowance on them.
 */
const STATIC_PREFIX = '/assets/';

/**
 * The public front door. The gateway's policies run on the plain HTTP request, ahead of any
 * routing: request id, access log, CORS, the per-IP limit, then the edge cache. Only what the
 * cache cannot answer reaches express, which serves each public route in this process when its
 * service runs here, or proxies it to where the service runs; the exact paths of plain routes of
 * services running here (the search) are answered without express when tracing is off
 * (`plain-dispatch.ts`).
 */
export function publicDoor(deps: DoorDeps): RequestListener {
  const { config, logger, gateway } = deps;
  const app = createBaseApp({ logger, trustProxy: config.http.trustProxy, readiness: deps.readiness, logRequests: false });
  // Agents (`/mcp`, `/llms.txt`) are the gateway's own: their tools send requests through this door.
  app.use(publicAgentRoutes({ config, logger, door: () => door, contributions: contributionsTo('public', deps.modules) }));
  mountRoutes(app, 'public', deps);
  app.use(notFoundHandler, errorHandler(logger));

  // The client's address under the same `trust proxy` rule express applies.
  const trust = app.get('trust proxy fn') as Parameters<typeof proxyaddr>[1];
  const log = accessLog(logger);
  // The hot routes (the search) skip express: it costs more per request than they do themselves.
  // Not while tracing: a traced request keeps the express router and handler spans it is documented with.
  const plain = config.telemetry.otlpEndpoint ? () => false : plainDispatch(deps.local.filter((m) => m.door === 'public'), logger);

  /** Returns true when the request was answered here (limited, or served from the edge cache). */
  const answeredAtTheEdge = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    // A tool call's request already counted as the `/mcp` request that carried it is not counted twice.
    if (gateway.publicRateLimit && !wasCounted(req) && !(await gateway.publicRateLimit(req, res, proxyaddr(req, trust)))) return true;
    if (await gateway.edgeCache.serve(req, res)) return true;
    gateway.edgeCache.capture(req, res);
    return false;
  };

  const door: RequestListener = (req, res) => {
    requestId(req, res);
    log(req, res);
    if (answerMcpPreflight(req, res) || applyPublicCors(req, res)) return;
    // What the corpus now is; an answer as of a release (`as_of`) names that release instead.
    res.setHeader(DATASET_VERSION_HEADER, gateway.datasetVersion());
    const path = (req.url ?? '').split('?')[0]!;
    if (UNLIMITED_PATHS.has(path) || path.startsWith(STATIC_PREFIX)) return void app(req, res);
    answeredAtTheEdge(req, res).then(
      (answered) => { if (!answered && !plain(req, res)) app(req, res); },
      (err) => {
        logger.error({ err, request_id: req.requestId }, 'gateway failed');
        if (!res.headersSent) sendProblem(res, internalError());
      },
    );
  };
  return door;
}

/** The headers of every public answer, also on those the listener gives before the door sees a request. */
export function publicDoorShape({ gateway }: DoorDeps): DoorShape {
  return { headers: () => ({ ...PUBLIC_CORS_HEADERS, [DATASET_VERSION_HEADER]: gateway.datasetVersion() }) };
}
