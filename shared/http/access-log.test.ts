import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { accessLog } from './access-log';
import { requestId } from './request-id';

describe('access log', () => {
  const lines: Record<string, unknown>[] = [];
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const log = accessLog(pino({ level: 'info', redact: { paths: ['*.password'], censor: '[redacted]' } }, sink))!;
    server = http.createServer((req, res) => {
      requestId(req, res);
      log(req, res);
      const path = (req.url ?? '').split('?')[0];
      if (path === '/slow') return void setTimeout(() => res.end('late'), 300);
      res.statusCode = path === '/broken' ? 503 : 200;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const settle = async (n: number) => {
    for (let i = 0; i < 100 && lines.length < n; i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('writes one line a request: request id, method, redacted url, status, time, remote address', async () => {
    lines.length = 0;
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/papers/search?q=carbon&api_key=gxk_secret`, { headers: { 'X-Request-Id': 'client-request-0001' } });
    await res.text();
    await settle(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: 'client-request-0001', method: 'GET', url: '/api/v1/papers/search?q=carbon&api_key=[redacted]' },
      res: { statusCode: 200 },
    });
    expect((lines[0]!.req as { remoteAddress: string }).remoteAddress).toMatch(/127\.0\.0\.1$/);
    expect(typeof lines[0]!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('gxk_secret');
  });

  it('logs a 5xx at error level, and never the health probes', async () => {
    lines.length = 0;
    for (const path of ['/healthz', '/readyz', '/broken']) await (await fetch(`http://127.0.0.1:${port}${path}`)).text();
    await settle(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'request errored', req: { url: '/broken' }, res: { statusCode: 503 } });
  });

  it('says when the client went away before the answer', async () => {
    lines.length = 0;
    const req = http.get({ host: '127.0.0.1', port, path: '/slow', agent: false });
    req.on('error', () => undefined);
    setTimeout(() => req.destroy(), 50);
    await settle(1);
    expect(lines[0]).toMatchObject({ msg: 'request aborted', req: { url: '/slow' } });
  });

  it('is off when the level drops info lines', () => {
    expect(accessLog(pino({ level: 'warn' }))).toBeUndefined();
  });
});
