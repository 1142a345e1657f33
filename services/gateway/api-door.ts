import type { RequestListener } from 'node:http';
import proxyaddr from 'proxy-addr';
import { contributionsTo } from '../../shared/runtime/module';
import { createBaseApp, errorHandler, notFoundHandler } from '../../shared/http/base-app';
import { credentialParams } from '../../shared/http/credential-params';
import { badRequest } from '../../shared/errors/problem';
import { API_OPENAPI_PATH, apiOpenApiRoute } from './api-openapi';
import { provenanceHeaderValues } from './provenance';
import type { DoorShape } from '../../shared/http/early-answers';
import { DATASET_VERSION_HEADER } from '../../modules/releases';
import type { DoorDeps } from './door-deps';
import { mountRoutes } from './remote-service';
import { apiAgentRoutes } from './agents/agent-routes';
import { requestCosts } from './request-cost';

/** Paths outside `/api/v1/` that need no key (applying for one). */
export const KEY_APPLICATIONS_PATH = '/api/keys/applications';

/**
 * The data API's front door: provenance headers on every response; key applications limited per
 * client IP; every `/api/v1/*` request authenticated and charged to its key's plan; then each
 * route, here or proxied to its service; problem+json for everything else.
 */
export function apiDoor(deps: DoorDeps): RequestListener {
  const { config, logger, gateway } = deps;
  const app = createBaseApp({ logger, trustProxy: config.http.trustProxy, readiness: deps.readiness });
  const trust = app.get('trust proxy fn') as Parameters<typeof proxyaddr>[1];
  app.use((req, _res, next) => {
    const names = credentialParams(req.originalUrl);
    if (names.length === 0) return next();
    next(
      badRequest(
        'credentials_in_query',
        `Send the API key in the Authorization header ("Authorization: Bearer <key>"), never in the URL (found: ${names.join(', ')}). A key that was sent in a URL may have been logged on its way: reissue it.`,
      ),
    );
  });
  if (gateway.applicationRateLimit) {
    const limit = gateway.applicationRateLimit;
    app.post(KEY_APPLICATIONS_PATH, (req, res, next) => {
      limit(req, res, proxyaddr(req, trust)).then((go) => go && next(), next);
    });
  }
  // Agents (`/mcp`, `/llms.txt`): `/mcp` checks the key itself; its tools' requests come back through this door and its guard.
  app.use(apiAgentRoutes({ config, logger, verifier: gateway.verifier, door: () => door, keyApplicationsPath: KEY_APPLICATIONS_PATH, contributions: contributionsTo('api', deps.modules) }));
  app.get(API_OPENAPI_PATH, apiOpenApiRoute(contributionsTo('api', deps.modules)));
  // Routes that count for more than one request of the allowance: found by the same routing as the routes, weighed by the guard.
  const weigh = requestCosts(contributionsTo('api', deps.modules).flatMap((c) => c.requestCosts ?? []));
  app.use(weigh.match);
  app.use('/api/v1', gateway.guard(weigh.costOf));
  mountRoutes(app, 'api', deps);
  app.use(notFoundHandler, errorHandler(logger));
  const shape = apiDoorShape(deps);
  const door: RequestListener = (req, res) => {
    for (const [name, value] of Object.entries(shape.headers())) res.setHeader(name, value);
    app(req, res);
  };
  return door;
}

/**
 * The provenance headers of every data-API answer, the dataset version as it is now: set by the
 * door, and by the listener on the answers it gives before the door sees a request.
 */
export function apiDoorShape({ config, gateway }: DoorDeps): DoorShape {
  const provenance = provenanceHeaderValues(config.provenance);
  return { headers: () => ({ ...provenance, [DATASET_VERSION_HEADER]: gateway.datasetVersion() }) };
}
