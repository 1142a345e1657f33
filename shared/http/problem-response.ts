import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { internalError, notFound, PROBLEM_CONTENT_TYPE, ProblemError } from '../errors/problem';
import type { Logger } from '../logging/logger';

export function sendProblem(res: Response, problem: ProblemError): void {
  const req = res.req;
  for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
  res
    .status(problem.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(JSON.stringify(problem.toBody(req.requestId, req.originalUrl.split('?')[0])));
}

/** Unknown paths and methods: 404 not_found as problem+json. */
export const notFoundHandler: RequestHandler = (req, res) => {
  sendProblem(res, notFound(`No resource at ${req.method} ${req.path}.`));
};

/** Turns every error into problem+json. Unexpected errors are logged and answered 500 without internals. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof ProblemError) return sendProblem(res, err);
    // body-parser and express mark client errors with a 4xx status.
    const status = typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = status === 413 ? 'invalid_body' : status === 404 ? 'not_found' : 'invalid_request';
      return sendProblem(res, new ProblemError(status, code, err.expose && err.message ? String(err.message) : 'The request could not be read.'));
    }
    logger.error({ err, request_id: req.requestId, path: req.path }, 'unhandled error');
    sendProblem(res, internalError());
  };
}
