import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { badRequest, PROBLEM_CONTENT_TYPE, ProblemError } from '../errors/problem';
import type { Logger } from '../logging/logger';
import { sendProblem } from './problem-response';
import { requestId } from './request-id';

/** What a listener puts on every answer, including those given before its app sees the request. */
export interface DoorShape {
  /** Headers of every response of this door: CORS on the public door, provenance on the data API. */
  headers: Readonly<Record<string, string>>;
}

type ParserError = Error & { code?: string; reason?: string; rawPacket?: Buffer };

/**
 * Requests Node's HTTP parser refuses never reach the app, and Node answers them with an empty body.
 * These answers keep the door's shape instead: problem+json, a request id, the door's headers.
 */
export function answerEarlyErrors(server: Server, shape: DoorShape, logger: Logger): void {
  server.on('clientError', (err: ParserError, socket: Socket) => {
    const problem = problemForParserError(err);
    if (!problem) return void socket.destroy();
    logger.info({ code: problem.code, status: problem.status, parser: err.code }, 'request refused by the HTTP parser');
    // A request whose headers were parsed (a bad chunk, a truncated body) already has a response.
    const pending = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (pending) {
      if (pending.headersSent || pending.writableEnded) return void socket.destroy();
      pending.shouldKeepAlive = false;
      return sendInShape(pending, shape, problem);
    }
    if (!socket.writable) return void socket.destroy();
    socket.end(rawProblem(problem, shape), () => socket.destroy());
  });
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    res.shouldKeepAlive = false;
    sendInShape(res, shape, new ProblemError(417, 'expectation_failed', `Only "Expect: 100-continue" is supported; got "${req.headers.expect}".`));
  });
}

/** HTTP/1.1 requires a Host header; Node's own check answers with an empty body, so the door checks instead. */
export function missingHost(req: IncomingMessage): ProblemError | undefined {
  if (req.httpVersionMajor === 1 && req.httpVersionMinor >= 1 && req.headers.host === undefined) {
    return badRequest('missing_host', 'An HTTP/1.1 request must carry a Host header.');
  }
  return undefined;
}

export function sendInShape(res: ServerResponse, shape: DoorShape, problem: ProblemError): void {
  for (const [name, value] of Object.entries(shape.headers)) res.setHeader(name, value);
  requestId(res.req, res);
  sendProblem(res, problem);
}

/** The problem for a parser error, or undefined for a connection that failed (nothing to answer). */
export function problemForParserError(err: ParserError): ProblemError | undefined {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return overflowProblem(err.rawPacket);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'HPE_HEADERS_TIMEOUT':
      return new ProblemError(408, 'request_timeout', 'The request was not received in time.');
    case 'HPE_INVALID_METHOD':
      return badRequest('malformed_request', 'The request method is not one this server knows.');
    default:
      if (!err.code?.startsWith('HPE_')) return undefined;
      return badRequest('malformed_request', `The request could not be parsed: ${err.reason ?? err.code}.`);
  }
}

/**
 * Over the header limit: when the packet shows the request line itself has not ended, the URL is
 * too long (414), and a long `q` is the search endpoints' own `query_too_long`; else 431.
 * A client that sends its URL in small pieces may only be seen at a later packet: 431 then.
 */
function overflowProblem(packet: Buffer | undefined): ProblemError {
  const start = packet?.subarray(0, Math.min(packet.length, 4096)).toString('latin1') ?? '';
  const requestLine = /^[A-Z]+ (\S*)/.exec(start);
  if (requestLine && !start.includes('\n')) {
    const target = requestLine[1]!;
    if (/[?&]q=/.test(target)) return badRequest('query_too_long', 'q is far longer than any search allows.');
    return new ProblemError(414, 'uri_too_long', 'The request URL is longer than this server accepts.');
  }
  return new ProblemError(431, 'headers_too_large', 'The request headers are larger than this server accepts.');
}

/** The whole response as bytes, for a socket that has no response object yet. */
function rawProblem(problem: ProblemError, shape: DoorShape): string {
  const id = randomUUID();
  const body = JSON.stringify(problem.toBody(id));
  const headers = {
    'Content-Type': `${PROBLEM_CONTENT_TYPE}; charset=utf-8`,
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Request-Id': id,
    'Cache-Control': 'no-store',
    ...shape.headers,
    Connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n${head}\r\n${body}`;
}
