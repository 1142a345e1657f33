import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, trace } from '@opentelemetry/api';
import type { Logger } from '../logging/logger';
import { recordRejection, recordRequest } from '../telemetry/http-metrics';
import { redactUrl } from './credential-params';
import { routeOf } from './route-label';

export type AccessLog = (req: IncomingMessage, res: ServerResponse) => void;

const HEALTH = new Set(['/healthz', '/readyz']);

/**
 * Watches every request to its end: its duration goes into the request histogram, and one JSON
 * line is logged once its answer is sent (or the connection closed before):
 *
 *   {"level":"info",…,"req":{"id","method","url","route","remoteAddress"},"res":{"statusCode"},
 *    "responseTime":ms,"trace_id":…,"problem":{"code","cause"},"msg":"request completed"}
 *
 * at `error` with "request errored" for a 5xx, "request aborted" when the client went away first.
 * `trace_id` is there when tracing is on; `problem` when the answer was a problem, with the failure
 * underneath it (an engine's error, a timeout) that the client is not shown.
 * Health probes are neither logged nor measured: they would drown both. The log line is left out
 * when the log level would drop it anyway, so a quiet process pays only for the histogram.
 */
export function accessLog(logger: Logger): AccessLog {
  // Without the logger's redaction, which has nothing to find in these fields (no headers, no
  // `apiKey` or `password`) but looks through every one of them: half the cost of a line.
  const lines = logger.isLevelEnabled('info') ? logger.child({}, { redact: [] }) : undefined;
  return (req, res) => {
    if (HEALTH.has(req.url ?? '')) return;
    const started = performance.now();
    // Read now: the server span of this request is the active one only while it is being handled.
    const traceId = trace.getSpan(context.active())?.spanContext().traceId;
    // `close` comes after `finish` for every response, and alone when the connection went first.
    res.once('close', () => {
      const elapsed = performance.now() - started;
      const status = res.statusCode;
      const route = routeOf(req);
      recordRequest(req.method, route, status, elapsed / 1000);
      if (res.problem) recordRejection(res.problem);
      if (!lines) return;
      const line = {
        // Credentials sent in a query string never reach the log (the data API also refuses them).
        req: { id: req.requestId, method: req.method, url: redactUrl(req.url ?? ''), route, remoteAddress: req.socket.remoteAddress },
        res: { statusCode: status },
        responseTime: Math.round(elapsed * 10) / 10,
        trace_id: traceId,
        problem: res.problem && { code: res.problem.code, cause: describeCause(res.problem.cause) },
      };
      if (status >= 500) lines.error(line, 'request errored');
      else lines.info(line, res.writableFinished ? 'request completed' : 'request aborted');
    });
  };
}

/** One line naming a failure and what it came from (`Error: timeout ← ECONNREFUSED …`). */
function describeCause(cause: unknown): string | undefined {
  const parts: string[] = [];
  for (let at = cause, depth = 0; at !== undefined && at !== null && depth < 4; depth++) {
    if (at instanceof Error) {
      parts.push(`${at.name}: ${at.message}`);
      at = at.cause;
    } else {
      parts.push(String(at));
      break;
    }
  }
  return parts.length ? parts.join(' ← ') : undefined;
}
