import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

const CLIENT_ID = /^[A-Za-z0-9._:-]{8,128}$/;

declare module 'express-serve-static-core' {
  interface Request {
    /** Correlates a request's logs, its error body and the caller's report. */
    requestId: string;
  }
}

/** Takes a well-formed `X-Request-Id` from the caller (e.g. an ingress) or makes one; echoes it back. */
export const requestId: RequestHandler = (req, res, next) => {
  const given = req.get('x-request-id');
  req.requestId = given && CLIENT_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', req.requestId);
  next();
};
