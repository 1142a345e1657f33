import request from 'supertest';
import { responseValidator, type ObservedResponse } from '../support/openapi-validator';

/**
 * Sends requests to a door and checks each answer against the door's own `/openapi.json` with an
 * independent validator; remembers which operation answered which status, so a suite can show it
 * covered a spread of them.
 */
export interface Door {
  /** Sends a request and returns the problems the validator found (none expected). */
  send(method: string, path: string, options?: Send): Promise<{ status: number; body: any; problems: string[] }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** `METHOD path status` of every answer checked. */
  seen: Set<string>;
}

export interface Send {
  query?: Record<string, string | string[]>;
  auth?: string;
  body?: unknown;
  /** A raw body (sent as application/json). */
  raw?: string;
  ip?: string;
  /** The Accept header to send. */
  accept?: string;
  /** The status the request is meant to provoke. */
  expect: number;
  /** The operation's path template, for the coverage record. */
  as?: string;
}

export async function openDoor(baseUrl: string, documentPath = '/openapi.json', document?: object): Promise<Door> {
  const doc = document ?? (await request(baseUrl).get(documentPath).expect(200)).body;
  const validate = responseValidator(doc);
  const seen = new Set<string>();
  return {
    seen,
    async send(method, path, options) {
      let req = request(baseUrl)[method.toLowerCase() as 'get' | 'post' | 'patch'](path);
      if (options?.query) req = req.query(options.query);
      if (options?.auth) req = req.set('Authorization', options.auth);
      if (options?.ip) req = req.set('X-Forwarded-For', options.ip);
      if (options?.accept) req = req.set('Accept', options.accept);
      req = req.buffer(true).parse(jsonOrText);
      if (options?.raw !== undefined) req = req.set('Content-Type', 'application/json').send(options.raw);
      else if (options?.body !== undefined) req = req.send(options.body as object);
      const res = await req;
      const observed: ObservedResponse = { method, path, status: res.status, headers: res.headers, body: res.body, text: res.text };
      const problems = validate(observed);
      if (options?.expect !== undefined && res.status !== options.expect) problems.unshift(`${method} ${path}: expected ${options.expect}, got ${res.status} ${res.text.slice(0, 300)}`);
      seen.add(`${method} ${options?.as ?? path} ${res.status}`);
      return { status: res.status, body: res.body, problems };
    },
  };
}

/** JSON for the JSON media types (answers, problems), the text itself for any other (citation files, CSV, streams), whose schemas are strings. */
const jsonOrText = ((res: NodeJS.ReadableStream & { headers: Record<string, string | undefined> }, done: (err: Error | null, body: unknown) => void) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.on('end', () => {
    const type = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
    try {
      done(null, type === 'application/json' || type === 'application/problem+json' ? (text === '' ? {} : JSON.parse(text)) : text);
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}) as unknown as (res: unknown, callback: (err: Error | null, body: unknown) => void) => void;

let nextIp = 1;
/** A client address of its own (the processes trust one proxy hop), so per-IP limits do not meet. */
export const freshIp = () => `198.51.100.${nextIp++ % 250}`;
