import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';

export interface RunningServer {
  readonly port: number;
  /** Stops accepting connections, lets in-flight requests finish, then closes what remains after the timeout. */
  close(timeoutMs: number): Promise<void>;
}

export async function listen(app: RequestListener, port: number, host: string): Promise<RunningServer> {
  const server = http.createServer(app);
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
