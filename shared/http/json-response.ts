import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestIsFresh } from './request-freshness';

/** The Content-Type express's `res.type('application/json')` gives a JSON body. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Where JSON text is encoded before its bytes are copied out; grown to 3 bytes a UTF-16 unit of the longest text. */
let scratch = Buffer.allocUnsafeSlow(1 << 16);

/**
 * `value` as JSON text in UTF-8, in a buffer of its own (the same bytes as `Buffer.from(JSON.stringify(value))`).
 * `Buffer.from` passes over the text twice, to measure it and then to encode it; encoding once into
 * a buffer large enough for any text of that length and copying the bytes out is about 40 % quicker
 * for a page of search results (13 µs against 21 µs for 13 KB of two-byte text, as Japanese titles
 * make it). For bodies of bounded size (the scratch buffer stays as large as the longest one).
 */
export function jsonBytes(value: object): Buffer {
  const text = JSON.stringify(value);
  if (scratch.length < text.length * 3) scratch = Buffer.allocUnsafeSlow(text.length * 3);
  const size = scratch.write(text, 0, 'utf8');
  const bytes = Buffer.allocUnsafeSlow(size);
  scratch.copy(bytes, 0, 0, size);
  return bytes;
}

/**
 * `jsonBytes(value)` for an object whose list `value[key]` has each item's JSON already at hand as
 * UTF-8 (`items`, in the list's order): the same bytes, the other members encoded here and the
 * items copied in between, so items shown again (the search's records) are not encoded again. The
 * object's own keys must not be array indexes (JSON.stringify would move those first).
 */
export function jsonBytesWithItems(value: Readonly<Record<string, unknown>>, key: string, items: readonly Buffer[]): Buffer {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  let past = false;
  for (const name of Object.keys(value)) {
    if (name === key) past = true;
    else (past ? after : before)[name] = value[name];
  }
  // `{…before` `,"key":[` item `,` item `]` `,…after}`: what JSON.stringify writes around the list.
  const head = JSON.stringify(before);
  const tail = JSON.stringify(after);
  const open = `${head.length > 2 ? `${head.slice(0, -1)},` : '{'}${JSON.stringify(key)}:[`;
  const close = tail.length > 2 ? `],${tail.slice(1)}` : ']}';
  const openBytes = Buffer.byteLength(open);
  let size = openBytes + Buffer.byteLength(close) + Math.max(0, items.length - 1);
  for (const item of items) size += item.length;
  const bytes = Buffer.allocUnsafeSlow(size);
  let at = bytes.write(open, 0, 'utf8');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) bytes[at++] = 0x2c; // ,
    at += items[i]!.copy(bytes, at);
  }
  bytes.write(close, at, 'utf8');
  return bytes;
}

/**
 * Answers 200 with a JSON body already serialised to bytes, on a plain Node response, exactly as
 * express's `res.type('application/json').send(body)` does: Content-Type, Content-Length, no body
 * for HEAD, and 304 without the body's headers when the request is fresh (express's `req.fresh`).
 * Bytes rather than a string: the body is encoded once, and the edge cache keeps those same bytes.
 */
export function sendJson(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  res.setHeader('Content-Length', String(body.length));
  if (requestIsFresh(req, res)) {
    res.statusCode = 304;
    res.removeHeader('Content-Type');
    res.removeHeader('Content-Length');
    res.removeHeader('Transfer-Encoding');
    res.end();
    return;
  }
  res.end(req.method === 'HEAD' ? undefined : body);
}
