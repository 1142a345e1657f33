import express, { type RequestHandler } from 'express';
import { badRequest } from '../errors/problem';

/**
 * Reads a request body that must be one JSON object of at most `limit`: anything else (not JSON,
 * an array, too large, unreadable) is a 400 `invalid_body`, whatever the Content-Type says.
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
      req.body = value;
      next();
    },
  ];
}
