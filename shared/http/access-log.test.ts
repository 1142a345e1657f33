import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { serviceUnavailable } from '../errors/problem';
import { metricsRegistry } from '../telemetry/metrics';
import { accessLog } from './access-log';
import { sendProblem } from './problem-response';
import { requestId } from './request-id';

type Line = Record<string, unknown> & { req?: Record<string, unknown> };

/** A plain server whose requests pass the access log; lines are awaited as they are written. */
function loggedServer(level: string) {
  const lines: Line[] = [];
  const waiting: (() => void)[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Line);
      waiting.splice(0).forEach((wake) => wake());
      done();
    },
  });
  const log = accessLog(pino({ level, redact: { paths: ['*.password'], censor: '[redacted]' } }, sink));
  let heldRequest: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (heldRequest = resolve));
  const server = http.createServer((req, res) => {
    requestId(req, res);
    log(req, res);
    const path = (req.url ?? '').split('?')[0];
    if (path === '/held') return heldRequest(); // never answered: the client gives up
    if (path === '/unavailable') return sendProblem(res, serviceUnavailable('search_unavailable', 'Down.').because(new Error('connect ECONNREFUSED', { cause: new Error('socket closed') })));
    req.routeLabel = '/labelled/:id';
    res.statusCode = path === '/broken' ? 503 : 200;
    res.end('ok');
  });
  return {
    lines,
    held,
    /** Resolves once `n` lines were written in all. */
    async lineCount(n: number): Promise<Line[]> {
      while (lines.length < n) await new Promise<void>((resolve) => waiting.push(resolve));
      return lines;
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const get = async (url: string, headers: Record<string, string> = {}) => (await fetch(url, { headers })).text();

describe('access log', () => {
  const logged = loggedServer('info');
  let base: string;
  beforeAll(async () => void (base = await logged.start()));
  afterAll(() => logged.stop());

  it('writes one line a request: request id, method, redacted url, route, status, time, remote address', async () => {
    await get(`${base}/api/v1/papers/search?q=carbon&api_key=gxk_secret`, { 'X-Request-Id': 'client-request-0001' });
    const [line] = await logged.lineCount(1);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: 'client-request-0001', method: 'GET', url: '/api/v1/papers/search?q=carbon&api_key=[redacted]', route: '/labelled/:id' },
      res: { statusCode: 200 },
    });
    expect(line!.req!.remoteAddress).toMatch(/127\.0\.0\.1$/);
    expect(typeof line!.responseTime).toBe('number');
    expect(line).not.toHaveProperty('trace_id'); // no tracing in this process
    expect(JSON.stringify(logged.lines)).not.toContain('gxk_secret');
  });

  it('logs a 5xx at error level, and never the health probes', async () => {
    for (const path of ['/healthz', '/readyz', '/broken']) await get(`${base}${path}`);
    const lines = await logged.lineCount(2);
    expect(lines[1]).toMatchObject({ level: 50, msg: 'request errored', req: { url: '/broken' }, res: { statusCode: 503 } });
    expect(lines.some((l) => /healthz|readyz/.test(String(l.req?.url)))).toBe(false);
  });

  it('logs the code of a problem answer and the failure underneath it, which the client does not see', async () => {
    const body = await get(`${base}/unavailable`);
    expect(body).not.toContain('ECONNREFUSED');
    const lines = await logged.lineCount(3);
    expect(lines[2]).toMatchObject({
      res: { statusCode: 503 },
      problem: { code: 'search_unavailable', cause: 'Error: connect ECONNREFUSED ← Error: socket closed' },
    });
  });

  it('says when the client went away before the answer', async () => {
    const client = http.get(`${base}/held`);
    client.on('error', () => undefined);
    await logged.held;
    client.destroy();
    const lines = await logged.lineCount(4);
    expect(lines[3]).toMatchObject({ msg: 'request aborted', req: { url: '/held' } });
  });
});

describe('request metrics', () => {
  const quiet = loggedServer('warn');
  let base: string;
  beforeAll(async () => void (base = await quiet.start()));
  afterAll(() => quiet.stop());

  const count = async (route: string, status: string) => {
    const metric = await metricsRegistry.getSingleMetric('http_server_request_duration_seconds')!.get();
    const series = (metric.values as { metricName?: string; labels: Record<string, string | number>; value: number }[]).find(
      (v) => v.metricName === 'http_server_request_duration_seconds_count' && v.labels.http_route === route && v.labels.http_response_status_code === status,
    );
    return series?.value ?? 0;
  };

  it('measures every request by route template, method and status even when no line is logged', async () => {
    const before = await count('/labelled/:id', '503');
    await get(`${base}/broken?x=1`);
    await get(`${base}/broken?x=2`);
    // The histogram is updated on `close`, right after the client has the answer.
    const { setImmediate } = await import('node:timers/promises');
    while ((await count('/labelled/:id', '503')) < before + 2) await setImmediate();
    expect(await count('/labelled/:id', '503')).toBe(before + 2);
    expect(quiet.lines).toHaveLength(0);
  });
});
