import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { badRequest, PROBLEM_CONTENT_TYPE, ProblemError } from '../errors/problem';
import type { Logger } from '../logging/logger';
import { sendProblem } from './problem-response';
import { takeRefusedConnection } from './refused-connection';
import { requestId } from './request-id';
import { HEAD_LIMIT_TEXT } from './request-limits';

/** What a listener puts on every answer, including those given before its app sees the request. */
export interface DoorShape {
  /** Headers of every response of this door, as they are now: CORS on the public door, provenance on the data API, and the dataset version. */
  headers(): Readonly<Record<string, string>>;
}

/** Node's parse error: `rawPacket` is the packet being parsed, `bytesParsed` how far into it the parser got. */
type ParserError = Error & { code?: string; reason?: string; rawPacket?: Buffer; bytesParsed?: number };

/**
 * Requests Node's HTTP parser refuses never reach the app, and Node answers them with an empty body.
 * These answers keep the door's shape instead: problem+json, a request id, the door's headers.
 */
export function answerEarlyErrors(server: Server, shape: DoorShape, logger: Logger): void {
  // The parser reports each later packet of a refused request again: the first report is answered.
  const refused = new WeakSet<Socket>();
  server.on('clientError', (err: ParserError, socket: Socket) => {
    if (refused.has(socket)) return;
    const problem = problemForParserError(err);
    if (!problem) return void socket.destroy();
    // A request whose headers were parsed (a bad chunk, a truncated body) already has a response.
    const pending = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (pending) {
      logRefusal(logger, problem, err);
      if (pending.headersSent || pending.writableEnded) return void socket.destroy();
      pending.shouldKeepAlive = false;
      return sendInShape(pending, shape, problem);
    }
    if (!socket.writable) return void socket.destroy();
    refused.add(socket);
    const connection = takeRefusedConnection(socket);
    const answer = (final: ProblemError) => {
      logRefusal(logger, final, err);
      connection.answer(rawProblem(final, shape));
    };
    if (err.code !== 'HPE_HEADER_OVERFLOW') return answer(problem);
    // Where the packet does not show which line overflowed, its end does: a request line ends with its HTTP version.
    const packet = err.rawPacket ?? Buffer.alloc(0);
    const parsed = Math.min(err.bytesParsed ?? packet.length, packet.length);
    const seen = overflowInPacket(packet.subarray(0, parsed));
    if (seen) return answer(seen);
    connection.lineEnd(packet.subarray(parsed), (end) => answer(overflowAtLineEnd(end)));
  });
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    res.shouldKeepAlive = false;
    sendInShape(res, shape, new ProblemError(417, 'expectation_failed', `Only "Expect: 100-continue" is supported; got "${req.headers.expect}".`));
  });
}

function logRefusal(logger: Logger, problem: ProblemError, err: ParserError): void {
  logger.info({ code: problem.code, status: problem.status, parser: err.code }, 'request refused by the HTTP parser');
}

/** HTTP/1.1 requires a Host header; Node's own check answers with an empty body, so the door checks instead. */
export function missingHost(req: IncomingMessage): ProblemError | undefined {
  if (req.httpVersionMajor === 1 && req.httpVersionMinor >= 1 && req.headers.host === undefined) {
    return badRequest('missing_host', 'An HTTP/1.1 request must carry a Host header.');
  }
  return undefined;
}

export function sendInShape(res: ServerResponse, shape: DoorShape, problem: ProblemError): void {
  for (const [name, value] of Object.entries(shape.headers())) res.setHeader(name, value);
  requestId(res.req, res);
  sendProblem(res, problem);
}

/** The problem for a parser error, or undefined for a connection that failed (nothing to answer). */
export function problemForParserError(err: ParserError): ProblemError | undefined {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return headersTooLarge();
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

const uriTooLong = () => new ProblemError(414, 'uri_too_long', `The request URL is longer than this server accepts: the request line and headers together may hold at most ${HEAD_LIMIT_TEXT}.`);
const headersTooLarge = () => new ProblemError(431, 'headers_too_large', `The request headers are larger than this server accepts: the request line and headers together may hold at most ${HEAD_LIMIT_TEXT}.`);

/**
 * Over the head's limit, from the packet up to where the parser stopped: the URL is too long (414)
 * when the line being read is a request line, and a long `q` is the search endpoints' own
 * `query_too_long`; a header line is 431. Undefined when the whole packet lies inside one line
 * begun in an earlier packet (a request sent in pieces): its end tells (`overflowAtLineEnd`).
 */
export function overflowInPacket(parsed: Buffer): ProblemError | undefined {
  const text = parsed.toString('latin1');
  const newline = text.lastIndexOf('\n');
  // Only the start of the line matters, and a URL can be very long.
  const line = text.slice(newline + 1, newline + 1 + 4096);
  const requestLine = /^[A-Z]+ (\S*)/.exec(line);
  if (requestLine) {
    if (/[?&]q=/.test(requestLine[1]!)) return badRequest('query_too_long', 'q is far longer than any search allows.');
    return uriTooLong();
  }
  return newline < 0 ? undefined : headersTooLarge();
}

/** The overflowing line's last characters (undefined: it never ended): a request line ends with its HTTP version. */
export function overflowAtLineEnd(end: string | undefined): ProblemError {
  return end !== undefined && /HTTP\/\d(\.\d)?\r?$/.test(end) ? uriTooLong() : headersTooLarge();
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
    ...shape.headers(),
    Connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n${head}\r\n${body}`;
}
