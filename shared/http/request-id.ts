import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const CLIENT_ID = /^[A-Za-z0-9._:-]{8,128}$/;

declare module 'http' {
  interface IncomingMessage {
    /** Correlates a request's logs, its error body and the caller's report. */
    requestId: string;
  }
}

/**
 * Takes a well-formed `X-Request-Id` from the caller (e.g. an ingress) or makes one, and echoes it.
 * Works on plain Node requests (the gateway's edge) and as express middleware; runs once a request.
 */
export function requestId(req: IncomingMessage, res: ServerResponse, next?: () => void): void {
  if (!req.requestId) {
    const given = req.headers['x-request-id'];
    req.requestId = typeof given === 'string' && CLIENT_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', req.requestId);
  }
  next?.();
}
