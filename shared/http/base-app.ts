import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express } from 'express';
import type { Logger } from '../logging/logger';
import { accessLog } from './access-log';
import { healthRoutes, type Readiness } from './health.routes';
import { requestId } from './request-id';
import { whileClientWaits } from '../db/client-waits';

/**
 * The express app every listener routes with: proxy trust, request ids, access logs, and the
 * health endpoints. Behind the gateway's edge the first two have already run and are skipped.
 * Everything a request does runs as work its client waits for, so each Postgres statement it sends
 * is bounded by DATABASE_QUERY_TIMEOUT_MS (`shared/db/client-waits.ts`).
 */
export function createBaseApp(deps: {
  logger: Logger;
  trustProxy: boolean | number | string[];
  readiness: () => Record<string, Readiness>;
  /** False when the gateway's edge has already logged the request. */
  logRequests?: boolean;
}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', deps.trustProxy);
  // Plain key=value parsing: no nested objects from `a[b]=c`; a repeated key becomes an array.
  app.set('query parser', 'simple');
  app.use((_req, _res, next) => whileClientWaits(next));
  app.use(requestId);
  const log = deps.logRequests === false ? undefined : accessLog(deps.logger);
  if (log) app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => { log(req, res); next(); });
  app.use(healthRoutes(deps.readiness));
  return app;
}

export { errorHandler, notFoundHandler } from './problem-response';
