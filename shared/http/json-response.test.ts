import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { jsonBytes, sendJson } from './json-response';

const VALUE = { api_version: 'v1', query: '水素 ＣＯ２ 🌏', results: [{ id: 'p_1', title: 'e\u0301 "quoted" \\ \u2028', tags: ['a', 'b'] }], lone: '\ud800' };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function ask(port: number, method: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/answer', method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function listen(handler: http.RequestListener): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** What a client reads of an answer: the status, every header but the date, the body's bytes. */
const seen = ({ status, headers, body }: Answer) => ({ status, headers: { ...headers, date: undefined }, body: body.toString('base64') });

describe('sendJson', () => {
  let viaExpress: Awaited<ReturnType<typeof listen>>;
  let plain: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    // What the search route answered with before it was written without express.
    const app = express();
    app.disable('x-powered-by');
    app.disable('etag');
    app.get('/answer', (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=60, s-maxage=60');
      res.type('application/json').send(JSON.stringify(VALUE));
    });
    viaExpress = await listen(app);
    plain = await listen((req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=60, s-maxage=60');
      sendJson(req, res, jsonBytes(VALUE));
    });
  });
  afterAll(async () => {
    await viaExpress?.close();
    await plain?.close();
  });

  it('encodes the same bytes as Buffer.from(JSON.stringify(value))', () => {
    expect(jsonBytes(VALUE).equals(Buffer.from(JSON.stringify(VALUE)))).toBe(true);
    // Longer than the encoder's first buffer: it grows.
    const long = { text: '炭素'.repeat(40_000) };
    expect(jsonBytes(long).equals(Buffer.from(JSON.stringify(long)))).toBe(true);
  });

  const conditional: Record<string, string>[] = [
    {},
    { 'If-None-Match': '*' },
    { 'If-None-Match': '*', 'Cache-Control': 'no-cache' },
    { 'If-None-Match': '*', 'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
    { 'If-None-Match': '"some-tag", W/"other"' },
    { 'If-Modified-Since': 'Fri, 01 Jan 2100 00:00:00 GMT' },
    { 'Cache-Control': 'max-age=0, no-cache' },
  ];

  it.each(['GET', 'HEAD'])('answers %s as express res.type("application/json").send() does, conditional requests included', async (method) => {
    for (const headers of conditional) {
      const expected = seen(await ask(viaExpress.port, method, headers));
      expect({ headers, answer: seen(await ask(plain.port, method, headers)) }).toEqual({ headers, answer: expected });
    }
  });
});
