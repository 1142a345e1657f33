import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { DATASET_VERSION_HEADER } from '../../modules/releases';
import { internalError } from '../../shared/errors/problem';
import { accessLog } from '../../shared/http/access-log';
import { createBaseApp, errorHandler, notFoundHandler } from '../../shared/http/base-app';
import { sendProblem } from '../../shared/http/problem-response';
import { assignRequestId } from '../../shared/http/request-id';
import { applyPublicCors, PUBLIC_CORS_HEADERS, PUBLIC_CORS_LIST } from './cors';
import { clientAddress, type TrustProxy } from './client-address';
import { setHeaders, type HeaderList } from './header-list';
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
  const trust = app.get('trust proxy fn') as TrustProxy;
  const log = accessLog(logger);
  // The hot routes (the search) skip express: it costs more per request than they do themselves.
  // Not while tracing: a traced request keeps the express router and handler spans it is documented with.
  const plain = config.telemetry.otlpEndpoint ? () => false : plainDispatch(deps.local.filter((m) => m.door === 'public'), logger);

  /**
   * True when the request was answered here (limited, or served from the edge cache). With stores in
   * this process (the embedded defaults) it answers at once: a hit costs no promise.
   */
  const answeredAtTheEdge = (req: IncomingMessage, res: ServerResponse, head: HeaderList): boolean | Promise<boolean> => {
    // A tool call's request already counted as the `/mcp` request that carried it is not counted twice.
    const allowed = gateway.publicRateLimit && !wasCounted(req) ? gateway.publicRateLimit(req, res, clientAddress(req, trust), head) : true;
    if (allowed === false) return true;
    if (allowed === true) return gateway.edgeCache.serve(req, res, head);
    return allowed.then((go) => !go || gateway.edgeCache.serve(req, res, head));
  };

  /** What the edge did not answer: the door's headers set, the answer watched for the cache, then the route. */
  const passOn = (req: IncomingMessage, res: ServerResponse, head: HeaderList) => {
    setHeaders(res, head);
    gateway.edgeCache.capture(req, res);
    if (!plain(req, res)) app(req, res);
  };

  const failed = (req: IncomingMessage, res: ServerResponse, head: HeaderList, err: unknown) => {
    logger.error({ err, request_id: req.requestId }, 'gateway failed');
    if (res.headersSent) return;
    setHeaders(res, head);
    sendProblem(res, internalError());
  };

  const door: RequestListener = (req, res) => {
    const id = assignRequestId(req);
    log(req, res);
    if (req.method === 'OPTIONS') {
      res.setHeader('X-Request-Id', id);
      if (answerMcpPreflight(req, res) || applyPublicCors(req, res)) return;
    }
    // Every answer's headers, set on the response only if it goes past the edge (`header-list.ts`).
    // The dataset version is what the corpus now is; an answer as of a release (`as_of`) names that release instead.
    const head: HeaderList = ['X-Request-Id', id, ...PUBLIC_CORS_LIST, DATASET_VERSION_HEADER, gateway.datasetVersion()];
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    if (UNLIMITED_PATHS.has(path) || path.startsWith(STATIC_PREFIX)) {
      setHeaders(res, head);
      return void app(req, res);
    }
    let edge: boolean | Promise<boolean>;
    try {
      edge = answeredAtTheEdge(req, res, head);
    } catch (err) {
      return failed(req, res, head, err);
    }
    if (edge === false) return passOn(req, res, head);
    if (edge === true) return;
    edge.then(
      (answered) => { if (!answered) passOn(req, res, head); },
      (err: unknown) => failed(req, res, head, err),
    );
  };
  return door;
}

/** The headers of every public answer, also on those the listener gives before the door sees a request. */
export function publicDoorShape({ gateway }: DoorDeps): DoorShape {
  return { headers: () => ({ ...PUBLIC_CORS_HEADERS, [DATASET_VERSION_HEADER]: gateway.datasetVersion() }) };
}
