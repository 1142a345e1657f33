import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logging/logger';
import { healthRoutes, type ReadinessCheck } from './health.routes';
import { requestId } from './request-id';

/**
 * The express app every listener starts from: proxy trust, request ids, access logs, and the
 * health endpoints (ahead of any limiter, so probes are never throttled).
 */
export function createBaseApp(deps: {
  logger: Logger;
  trustProxy: boolean | number | string[];
  readiness: () => Record<string, ReadinessCheck>;
}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', deps.trustProxy);
  // Plain key=value parsing: no nested objects from `a[b]=c`; a repeated key becomes an array.
  app.set('query parser', 'simple');
  app.use(requestId);
  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req) => (req as express.Request).requestId,
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
      serializers: {
        req: (req) => ({ method: req.method, url: req.url, remoteAddress: req.remoteAddress }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(healthRoutes(deps.readiness));
  return app;
}

export { errorHandler, notFoundHandler } from './problem-response';
