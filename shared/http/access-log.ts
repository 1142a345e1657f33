import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logging/logger';
import { redactUrl } from './credential-params';

export type AccessLog = (req: IncomingMessage, res: ServerResponse) => void;

const HEALTH = new Set(['/healthz', '/readyz']);

/**
 * One JSON line a request (method, url, status, time) with its request id. Undefined when the log
 * level would drop those lines anyway, so a quiet process does not pay for them.
 */
export function accessLog(logger: Logger): AccessLog | undefined {
  if (!logger.isLevelEnabled('info')) return undefined;
  return pinoHttp({
    logger,
    genReqId: (req) => req.requestId,
    autoLogging: { ignore: (req) => HEALTH.has(req.url ?? '') },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    serializers: {
      // Credentials sent in a query string never reach the log (the data API also refuses them).
      req: (req) => ({ method: req.method, url: redactUrl(req.url ?? ''), remoteAddress: req.remoteAddress }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  });
}
