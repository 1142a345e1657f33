import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logging/logger';
import { redactUrl } from './credential-params';

export type AccessLog = (req: IncomingMessage, res: ServerResponse) => void;

const HEALTH = new Set(['/healthz', '/readyz']);

/**
 * One JSON line a request, written once its answer is sent (or the connection closed before):
 *
 *   {"level":"info",…,"req":{"id","method","url","remoteAddress"},"res":{"statusCode"},"responseTime":ms,"msg":"request completed"}
 *
 * at `error` with "request errored" for a 5xx, "request aborted" when the client went away first.
 * The line pino-http wrote, with the request id added, for one `close` listener and one log call a
 * request: about 2 µs of CPU before the write, where pino-http (two child loggers and three
 * listeners a request, then the redaction of every line) took about 5 µs.
 * Undefined when the log level would drop those lines anyway, so a quiet process does not pay for them.
 */
export function accessLog(logger: Logger): AccessLog | undefined {
  if (!logger.isLevelEnabled('info')) return undefined;
  // Without the logger's redaction, which has nothing to find in these fields (no headers, no
  // `apiKey` or `password`) but looks through every one of them: half the cost of a line.
  const lines = logger.child({}, { redact: [] });
  return (req, res) => {
    if (HEALTH.has(req.url ?? '')) return;
    const started = Date.now();
    // `close` comes after `finish` for every response, and alone when the connection went first.
    res.once('close', () => {
      const status = res.statusCode;
      const line = {
        // Credentials sent in a query string never reach the log (the data API also refuses them).
        req: { id: req.requestId, method: req.method, url: redactUrl(req.url ?? ''), remoteAddress: req.socket.remoteAddress },
        res: { statusCode: status },
        responseTime: Date.now() - started,
      };
      if (status >= 500) lines.error(line, 'request errored');
      else lines.info(line, res.writableFinished ? 'request completed' : 'request aborted');
    });
  };
}
