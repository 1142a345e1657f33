import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { internalError, notFound, PROBLEM_CONTENT_TYPE, ProblemError } from '../errors/problem';
import { databaseUnavailable, isDatabaseUnavailable } from '../errors/database-unavailable';
import type { Logger } from '../logging/logger';

declare module 'node:http' {
  interface ServerResponse {
    /** The problem this response answered with, for the request log. */
    problem?: ProblemError;
  }
}

/** Writes a problem+json answer; works on a plain Node response as well as an express one. */
export function sendProblem(res: ServerResponse, problem: ProblemError): void {
  res.problem = problem;
  const req = res.req as ServerResponse['req'] & { requestId?: string; originalUrl?: string };
  const body = JSON.stringify(problem.toBody(req.requestId, (req.originalUrl ?? req.url ?? '').split('?')[0]));
  for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
  res.statusCode = problem.status;
  res.setHeader('Content-Type', `${PROBLEM_CONTENT_TYPE}; charset=utf-8`);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** Unknown paths and methods: 404 not_found as problem+json. */
export const notFoundHandler: RequestHandler = (req, res) => {
  sendProblem(res, notFound(`No resource at ${req.method} ${req.path}.`));
};

/**
 * Turns every error into problem+json. A database that is down, restarting or not answering in time
 * is a 503 `database_unavailable` with `Retry-After`, whichever route met it (its cause goes to the
 * request log). Unexpected errors are logged and answered 500 without internals.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  const answer = errorAnswer(logger);
  return (err, req, res, _next) => answer(err, req, res, req.path);
}

/**
 * `errorHandler` for a plain Node request and response (a route a door calls without express):
 * `path` is what the log line of an unexpected error names.
 */
export function errorAnswer(logger: Logger): (err: unknown, req: IncomingMessage, res: ServerResponse, path: string) => void {
  return (err, req, res, path) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof ProblemError) return sendProblem(res, err);
    if (isDatabaseUnavailable(err)) return sendProblem(res, databaseUnavailable(err));
    // body-parser and express mark client errors with a 4xx status.
    const marked = err as { status?: unknown; statusCode?: unknown; expose?: unknown; message?: unknown } | null | undefined;
    const status = typeof marked?.status === 'number' ? marked.status : typeof marked?.statusCode === 'number' ? marked.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = status === 413 ? 'invalid_body' : status === 404 ? 'not_found' : 'invalid_request';
      return sendProblem(res, new ProblemError(status, code, marked?.expose && marked.message ? String(marked.message) : 'The request could not be read.'));
    }
    // The request log carries the cause; this line adds the stack.
    logger.error({ err, request_id: req.requestId, path }, 'unhandled error');
    sendProblem(res, internalError().because(err));
  };
}
