import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Request sent to last body byte received, in milliseconds. */
  ms: number;
}

/**
 * Sequential GETs over one kept-alive connection. Plain `http` rather than `fetch`: its client-side
 * overhead is smaller, so sequential latencies are closer to the server's own time. `headers` go
 * with every request (e.g. `Authorization`).
 */
export class HttpClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  constructor(
    readonly baseUrl: string,
    private readonly headers: http.OutgoingHttpHeaders = {},
  ) {}

  get(path: string, timeoutMs = 10_000): Promise<HttpResult> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = http.get(`${this.baseUrl}${path}`, { agent: this.agent, timeout: timeoutMs, headers: this.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }),
        );
      });
      req.on('timeout', () => req.destroy(new Error(`GET ${path}: no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
    });
  }

  /** A POST of a JSON body over the same connection. */
  post(path: string, body: unknown, timeoutMs = 10_000): Promise<HttpResult> {
    const payload = Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = http.request(
        `${this.baseUrl}${path}`,
        { method: 'POST', agent: this.agent, timeout: timeoutMs, headers: { ...this.headers, 'content-type': 'application/json', 'content-length': payload.length } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`POST ${path}: no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
