import type { IncomingMessage } from 'node:http';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { badRequest, ProblemError } from '../errors/problem';
import { findUnstorableText } from '../text/storable-text';

/**
 * The body text a door read before routing (to weigh the request: `readBodyAhead`), kept so a proxy
 * can send it on: the stream it came from is spent.
 */
const READ_AHEAD = new WeakMap<IncomingMessage, string>();

/** Reads the body as text into `req.body` (at most `limit`); a body too large or unreadable is a 400 `invalid_body`. */
function bodyText(limit: string): RequestHandler {
  const text = express.text({ type: () => true, limit });
  return (req, res, next) =>
    text(req, res, (err?: { type?: string }) => {
      if (!err) return next();
      next(badRequest('invalid_body', err.type === 'entity.too.large' ? `The body is larger than ${limit}.` : 'The body could not be read.'));
    });
}

/**
 * Reads a request's body ahead of its route, for a door that must know what it asks before routing
 * it (a request whose cost depends on its body). The route's own `jsonObjectBody` then finds the text
 * read (body-parser skips a stream already read) and a proxy sends it on (`bodyReadAhead`). Resolves
 * with the text; rejects with the route's own 400 `invalid_body` for a body too large or unreadable.
 */
export function readBodyAhead(req: Request, res: Response, limit: string): Promise<string> {
  return new Promise((resolve, reject) => {
    bodyText(limit)(req, res, (err?: unknown) => {
      if (err) return reject(err);
      const text = typeof req.body === 'string' ? req.body : '';
      READ_AHEAD.set(req, text);
      resolve(text);
    });
  });
}

/** The body text `readBodyAhead` read from this request, if it did. */
export const bodyReadAhead = (req: IncomingMessage): string | undefined => READ_AHEAD.get(req);

/**
 * Reads a request body that must be one JSON object of at most `limit`: anything else (not JSON,
 * an array, too large, unreadable, or text that cannot be stored anywhere in it) is a 400
 * `invalid_body`, whatever the Content-Type says. Every JSON body of both doors comes through here,
 * so no route sees a NUL or an unpaired surrogate.
 */
export function jsonObjectBody(limit = '16kb'): RequestHandler[] {
  return [
    bodyText(limit),
    (req, _res, next) => {
      let value: unknown;
      try {
        value = JSON.parse(typeof req.body === 'string' ? req.body : '');
      } catch {
        throw badRequest('invalid_body', 'The body is not valid JSON.');
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badRequest('invalid_body', 'The body must be a JSON object.');
      const field = findUnstorableText(value);
      if (field) {
        throw new ProblemError(400, 'invalid_body', `The field "${field}" holds a NUL character or an unpaired surrogate, which cannot be stored.`, { field });
      }
      req.body = value;
      next();
    },
  ];
}
