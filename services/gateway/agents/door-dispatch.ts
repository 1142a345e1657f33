import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { isMcpRequest } from './mcp-path';

/** A request an agent tool makes through a front door: a GET, as the HTTP API's reads are, or a POST of a JSON body for a read that takes one. */
export interface DoorRequest {
  path: string;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON body, sent with POST (undefined members left out). */
  body?: Record<string, unknown>;
  /** Headers to send (the caller's Authorization on the data-API door); nothing else of the caller's is passed. */
  headers?: Record<string, string>;
  /** The client's address as the door resolved it for the request that carried the tool call. */
  clientIp: string;
  /** Its request id, so the tool's request is logged as a child of it. */
  parentRequestId: string;
  /**
   * True for a further read of a tool call (getPaper's page and BibTeX): the tool call was counted
   * against the per-IP limit by the request it stands for, so this one is not (see `wasCounted`).
   */
  alreadyCounted?: boolean;
}

/** The door's answer: status, headers (lower-case names) and body text. */
export interface DoorAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export type DoorDispatch = (request: DoorRequest) => Promise<DoorAnswer>;

/**
 * A tool call's further reads, covered by the count of the request the tool stands for. Only this
 * process can put a request here, so no client can claim it: there is no header to forge.
 */
const COUNTED = new WeakSet<IncomingMessage>();

/**
 * True for a request the public door's per-IP limit does not count at its edge (public-door.ts):
 * - the MCP endpoint's own requests (`/mcp`): a session's bookkeeping (initialize, initialized, the
 *   GET stream attempt, tools/list, ping) costs nothing; what counts is each tool call, as the GET
 *   it makes through the door, which the edge counts like the same request from the network;
 * - a tool call's further reads, covered by that GET's count (`DoorRequest.alreadyCounted`).
 */
export const wasCounted = (req: IncomingMessage): boolean => COUNTED.has(req) || isMcpRequest(req);

/** Request ids the door accepts from a caller (shared/http/request-id.ts): the child id must fit too. */
const MAX_PARENT_ID = 120;

/**
 * The client's side of an in-process request: no network, only the address the door reads. The
 * raw bytes the response writes to it are dropped; the body is taken from the response's own writes.
 */
class InProcessSocket extends Duplex {
  readonly remotePort = 0;
  readonly encrypted = false;
  constructor(readonly remoteAddress: string) {
    super();
  }
  override _read(): void {}
  override _write(_chunk: unknown, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    done();
  }
  setTimeout(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
}

/**
 * A response to `req` that is written to memory rather than to a connection: its status, headers and
 * body once it has finished (then its socket closes, as a served connection's would: the access log
 * and metrics wait for that). Rejects when it closes without answering.
 */
export function bufferedResponse(req: IncomingMessage, socket: Duplex = new InProcessSocket(req.socket?.remoteAddress ?? '0.0.0.0')): { res: ServerResponse; answer: Promise<DoorAnswer> } {
  const res = new ServerResponse(req);
  res.assignSocket(socket as unknown as Socket);
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
  };
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const writeHead = res.writeHead.bind(res);
  // Headers given to writeHead are kept with the others (Node writes them straight out otherwise, and getHeaders misses them).
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((r) => r !== null && typeof r === 'object');
    if (Array.isArray(headers)) {
      // Either [name, value, name, value, …] or [[name, value], …].
      const pairs: unknown[][] = headers.length > 0 && Array.isArray(headers[0]) ? (headers as unknown[][]) : Array.from({ length: headers.length / 2 }, (_, i) => [headers[2 * i], headers[2 * i + 1]]);
      for (const [name, value] of pairs) if (value !== undefined) res.appendHeader(String(name), value as string);
    } else if (headers) {
      for (const [name, value] of Object.entries(headers as Record<string, string | string[] | number | undefined>)) if (value !== undefined) res.setHeader(name, value);
    }
    return typeof rest[0] === 'string' ? writeHead(status, rest[0]) : writeHead(status);
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return (end as (...a: unknown[]) => ServerResponse)(chunk, ...rest);
  }) as typeof res.end;
  const answer = new Promise<DoorAnswer>((resolve, reject) => {
    res.once('finish', () => {
      resolve({ status: res.statusCode, headers: res.getHeaders() as DoorAnswer['headers'], body: Buffer.concat(chunks).toString('utf8') });
      socket.destroy();
    });
    res.once('close', () => {
      if (!res.writableFinished) reject(new Error(`${req.method} ${req.url} was closed without an answer`));
    });
  });
  return { res, answer };
}

/**
 * Sends requests through a door's own request handler, in this process, with no socket: every
 * policy of the door applies to them exactly as to a request from the network (the per-IP limit,
 * the edge cache, key authentication, burst limit and quota, provenance headers, proxying to a
 * service in another process), and the client's address is the socket address the handler sees.
 */
export function inProcess(door: RequestListener): DoorDispatch {
  let sequence = 0;
  return (request) =>
    new Promise<DoorAnswer>((resolve, reject) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(request.query ?? {})) {
        if (value !== undefined) params.set(name, String(value));
      }
      const search = params.toString();
      const headers: Record<string, string> = {
        host: 'gateway.internal',
        accept: 'application/json',
        'x-request-id': `${request.parentRequestId.slice(0, MAX_PARENT_ID)}.${(sequence += 1)}`,
      };
      for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
      const body = request.body && Buffer.from(JSON.stringify(request.body));
      if (body) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(body.length);
      }

      const socket = new InProcessSocket(request.clientIp);
      const req = new IncomingMessage(socket as unknown as Socket);
      req.method = body ? 'POST' : 'GET';
      req.url = search ? `${request.path}?${search}` : request.path;
      req.httpVersion = '1.1';
      req.httpVersionMajor = 1;
      req.httpVersionMinor = 1;
      req.headers = headers;
      req.rawHeaders = Object.entries(headers).flat();
      req.complete = true;
      if (body) req.push(body);
      req.push(null);
      if (request.alreadyCounted) COUNTED.add(req);

      const { res, answer } = bufferedResponse(req, socket);
      answer.then(resolve, reject);
      try {
        door(req, res);
      } catch (err) {
        reject(err);
      }
    });
}
