/**
 * Errors as RFC 9457 problem details. A `code` member carries the specification's error code
 * (`missing_query`, `invalid_limit`, …); every error on both front doors has this shape.
 */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  instance?: string;
  request_id?: string;
  [extension: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  414: 'URI Too Long',
  417: 'Expectation Failed',
  431: 'Request Header Fields Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly extensions: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(`${code}: ${detail}`);
    this.name = 'ProblemError';
  }

  /**
   * The failure underneath (an engine error, a timeout) for the request log; the client never
   * sees it, operators need it to tell one 503 from another.
   */
  because(cause: unknown): this {
    this.cause = cause;
    return this;
  }

  toBody(requestId?: string, instance?: string): ProblemBody {
    return {
      type: `https://docs.gx-search.example/problems/${encodeURIComponent(this.code.split(':')[0]!)}`,
      title: TITLES[this.status] ?? 'Error',
      status: this.status,
      code: this.code,
      detail: this.detail,
      ...(instance ? { instance } : {}),
      ...(requestId ? { request_id: requestId } : {}),
      ...this.extensions,
    };
  }
}

export const badRequest = (code: string, detail: string) => new ProblemError(400, code, detail);
export const notFound = (detail = 'No resource at this address.') => new ProblemError(404, 'not_found', detail);
export const internalError = () => new ProblemError(500, 'internal_error', 'An unexpected error occurred. It has been logged.');
export const serviceUnavailable = (code: string, detail: string) => new ProblemError(503, code, detail);
export const badGateway = (code: string, detail: string) => new ProblemError(502, code, detail);
