import express, { type RequestHandler } from 'express';
import { badRequest, ProblemError } from '../errors/problem';
import { findUnstorableText } from '../text/storable-text';

/**
 * Reads a request body that must be one JSON object of at most `limit`: anything else (not JSON,
 * an array, too large, unreadable, or text that cannot be stored anywhere in it) is a 400
 * `invalid_body`, whatever the Content-Type says. Every JSON body of both doors comes through here,
 * so no route sees a NUL or an unpaired surrogate.
 */
export function jsonObjectBody(limit = '16kb'): RequestHandler[] {
  const text = express.text({ type: () => true, limit });
  return [
    (req, res, next) =>
      text(req, res, (err?: { type?: string }) => {
        if (!err) return next();
        next(badRequest('invalid_body', err.type === 'entity.too.large' ? `The body is larger than ${limit}.` : 'The body could not be read.'));
      }),
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
