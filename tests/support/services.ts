import net from 'node:net';

/** Where the test run's services are; set by the global setup, read by the suites. */
export const TEST_ENV = {
  adminDatabaseUrl: 'GX_TEST_ADMIN_DATABASE_URL',
  redisUrl: 'GX_TEST_REDIS_URL',
  embeddedDir: 'GX_TEST_EMBEDDED_PG_DIR',
} as const;

export function isCi(): boolean {
  return process.env.CI === 'true' || process.env.CI === '1';
}

export function canConnect(url: string, timeoutMs = 1_000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const done = (ok: boolean) => { socket.destroy(); resolve(ok); };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}
