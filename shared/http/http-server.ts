import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';
import type { Logger } from '../logging/logger';
import { answerEarlyErrors, missingHost, sendInShape, type DoorShape } from './early-answers';
import { MAX_HEADER_BYTES } from './request-limits';

export interface RunningServer {
  readonly port: number;
  /** Stops accepting connections, lets in-flight requests finish, then closes what remains after the timeout. */
  close(timeoutMs: number): Promise<void>;
}

export interface ListenOptions {
  logger: Logger;
  /** The headers of this listener's door, also on answers given before the app sees a request. */
  shape?: DoorShape;
}

export async function listen(app: RequestListener, port: number, host: string, options: ListenOptions): Promise<RunningServer> {
  const shape = options.shape ?? { headers: () => ({}) };
  // Node's own Host check answers with an empty body; the listener answers it in the door's shape.
  const server = http.createServer({ requireHostHeader: false, maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    const problem = missingHost(req);
    if (problem) return sendInShape(res, shape, problem);
    app(req, res);
  });
  answerEarlyErrors(server, shape, options.logger);
  // Longer than a typical load balancer's idle timeout, so it closes idle connections first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => { server.off('error', reject); resolve(); });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: (timeoutMs) =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
        force.unref();
        server.close(() => { clearTimeout(force); resolve(); });
        server.closeIdleConnections();
      }),
  };
}
