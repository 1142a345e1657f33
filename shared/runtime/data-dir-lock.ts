import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * One owner per DATA_DIR. The owner is the process that runs the DATA_DIR's embedded PostgreSQL and
 * writes its snapshots (`gx start`, or a one-shot command that found no server running); it holds
 *
 *   <DATA_DIR>/gx-owner.sock   a Unix socket it listens on: the lock itself
 *   <DATA_DIR>/gx-owner.json   who it is: pid, host, command, since when (also the socket's answer)
 *
 * Taking the lock is binding the socket, which fails while the file exists. Whether its owner still
 * lives is asked of the kernel, not guessed from a pid: a connection to the socket succeeds while
 * the owner's process exists (even stopped or busy) and is refused once it is gone, however it
 * ended (SIGKILL included), with no confusion from a pid reused after a restart or in another
 * container. A socket nobody listens on is stale and taken over; two processes taking over at once
 * are serialised by a guard directory. Released on exit (and at `release()`). A DATA_DIR shared
 * between hosts (a network file system) is not supported: each host would see a stale lock.
 */

export const OWNER_SOCKET = 'gx-owner.sock';
export const OWNER_FILE = 'gx-owner.json';

/** sun_path holds 108 bytes with the terminating NUL. */
const SOCKET_PATH_MAX = 107;
/** A guard older than this was left by a process that died while taking over. */
const GUARD_STALE_MS = 10_000;

export interface DataDirOwner {
  pid: number;
  host: string;
  /** The command line that took the lock (`gx start --target all`). */
  command: string;
  /** ISO time the lock was taken. */
  since: string;
}

/** Another process owns the DATA_DIR: its message names it. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner | undefined,
  ) {
    super(`DATA_DIR ${dataDir} is in use by ${describeOwner(owner)}; stop that process first, or use another DATA_DIR`);
    this.name = 'DataDirInUseError';
  }
}

export function describeOwner(owner: DataDirOwner | undefined): string {
  if (!owner) return 'another process (one that has not yet said which)';
  return `${owner.command} (pid ${owner.pid}${owner.host === os.hostname() ? '' : ` on host ${owner.host}`}, since ${owner.since})`;
}

export interface DataDirLock {
  readonly dataDir: string;
  readonly owner: DataDirOwner;
  /** Gives up this holder's share; the lock goes when the last holder in this process releases it. */
  release(): Promise<void>;
}

interface Held {
  owner: DataDirOwner;
  server: net.Server;
  socket: string;
  /** The socket file's inode, so only our own file is ever removed. */
  inode: number;
  holders: number;
}

const held = new Map<string, Held>();
let exitHookInstalled = false;

/** This process's command line, as an owner shows it. */
function thisCommand(): string {
  const script = process.argv[1] ? path.basename(process.argv[1]) : 'node';
  const name = /^gx(-cli)?\.js$/.test(script) ? 'gx' : script;
  return [name, ...process.argv.slice(2)].join(' ').slice(0, 120);
}

/**
 * Takes the DATA_DIR for this process (creating the directory), or throws `DataDirInUseError`
 * naming the process that has it. Within one process the lock is shared: each call is a holder.
 */
export async function acquireDataDir(dataDir: string, options: { command?: string } = {}): Promise<DataDirLock> {
  const root = path.resolve(dataDir);
  const socket = ownerSocketPath(root);
  const mine = held.get(root);
  if (mine) {
    mine.holders++;
    return handle(root, mine);
  }
  fs.mkdirSync(root, { recursive: true });
  const owner: DataDirOwner = { pid: process.pid, host: os.hostname(), command: options.command ?? thisCommand(), since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    const again = held.get(root); // another caller in this process took it meanwhile
    if (again) {
      again.holders++;
      return handle(root, again);
    }
    const server = await bind(socket, owner);
    if (server) return handle(root, own(root, socket, server, owner));
    const other = await probe(socket);
    if (other.alive) {
      if (held.has(root)) continue; // it is this process's own, taken by a concurrent call
      throw new DataDirInUseError(root, other.owner ?? readOwnerFile(root));
    }
    // Stale: its owner is gone. Take it over, one taker at a time.
    const taken = await takeOver(root, socket, owner);
    if (taken) return handle(root, own(root, socket, taken, owner));
    if (attempt > 200) throw new Error(`could not take the lock of DATA_DIR ${root} (${socket}): it keeps changing hands`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Who owns the DATA_DIR now, if a live process does (this one included). */
export async function dataDirOwner(dataDir: string): Promise<DataDirOwner | undefined> {
  const root = path.resolve(dataDir);
  const mine = held.get(root);
  if (mine) return mine.owner;
  const other = await probe(ownerSocketPath(root));
  return other.alive ? (other.owner ?? readOwnerFile(root)) : undefined;
}

/** Whether this process holds the DATA_DIR. */
export function holdsDataDir(dataDir: string): boolean {
  return held.has(path.resolve(dataDir));
}

function ownerSocketPath(root: string): string {
  const socket = path.join(root, OWNER_SOCKET);
  if (Buffer.byteLength(socket) > SOCKET_PATH_MAX) {
    throw new Error(
      `DATA_DIR ${root} is too long: its owner lock ${socket} is a Unix socket, which allows ${SOCKET_PATH_MAX} bytes; ` +
        `choose a DATA_DIR at most ${SOCKET_PATH_MAX - OWNER_SOCKET.length - 1} bytes long`,
    );
  }
  return socket;
}

/** Listens on the socket; undefined when the file already exists. */
function bind(socket: string, owner: DataDirOwner): Promise<net.Server | undefined> {
  return new Promise((resolve, reject) => {
    // Each connection is told who owns the directory, then closed.
    const server = net.createServer((c) => {
      c.on('error', () => undefined);
      c.end(`${JSON.stringify(owner)}\n`);
    });
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') resolve(undefined);
      else reject(new Error(`cannot take the lock of DATA_DIR ${path.dirname(socket)} (${socket}): ${err.message}`));
    });
    server.listen(socket, () => {
      server.removeAllListeners('error');
      server.on('error', () => undefined);
      server.unref(); // the lock never keeps the process alive
      resolve(server);
    });
  });
}

/** Whether a process listens on the socket, and who it says it is. */
function probe(socket: string): Promise<{ alive: boolean; owner?: DataDirOwner }> {
  return new Promise((resolve) => {
    let alive = false;
    let text = '';
    const conn = net.connect(socket);
    const done = () => {
      clearTimeout(timer);
      conn.destroy();
      resolve({ alive, owner: alive ? parseOwner(text) : undefined });
    };
    // Connected but no answer (its event loop is busy): alive all the same.
    const timer = setTimeout(done, 1_000);
    conn.on('connect', () => void (alive = true));
    conn.on('data', (chunk: Buffer) => void (text += chunk.toString('utf8')));
    conn.on('end', done);
    conn.on('error', (err: NodeJS.ErrnoException) => {
      // ECONNREFUSED: nobody listens (its owner is gone); ENOENT: it was just released.
      if (!alive && err.code !== 'ECONNREFUSED' && err.code !== 'ENOENT') alive = true; // unsure: never steal
      done();
    });
  });
}

/** Under the guard: unless a live owner appeared meanwhile, removes the stale socket and binds ours. */
async function takeOver(root: string, socket: string, owner: DataDirOwner): Promise<net.Server | undefined> {
  const guard = `${socket}.takeover`;
  try {
    fs.mkdirSync(guard);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    try {
      if (Date.now() - fs.statSync(guard).mtimeMs > GUARD_STALE_MS) fs.rmSync(guard, { recursive: true, force: true });
    } catch {
      // gone meanwhile
    }
    return undefined; // someone else is taking over: look again
  }
  try {
    const other = await probe(socket);
    if (other.alive) throw new DataDirInUseError(root, other.owner ?? readOwnerFile(root));
    fs.rmSync(socket, { force: true });
    return await bind(socket, owner);
  } finally {
    fs.rmSync(guard, { recursive: true, force: true });
  }
}

function own(root: string, socket: string, server: net.Server, owner: DataDirOwner): Held {
  const entry: Held = { owner, server, socket, inode: fs.statSync(socket).ino, holders: 1 };
  held.set(root, entry);
  const file = path.join(root, OWNER_FILE);
  fs.writeFileSync(`${file}.${process.pid}.tmp`, `${JSON.stringify(owner)}\n`);
  fs.renameSync(`${file}.${process.pid}.tmp`, file);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // However the process ends but SIGKILL, the lock goes with it (a killed owner's is taken over).
    process.on('exit', () => {
      for (const [dir, h] of held) removeFiles(dir, h);
    });
  }
  return entry;
}

function handle(root: string, entry: Held): DataDirLock {
  let released = false;
  return {
    dataDir: root,
    owner: entry.owner,
    async release() {
      if (released) return;
      released = true;
      if (--entry.holders > 0 || held.get(root) !== entry) return;
      held.delete(root);
      removeFiles(root, entry);
      await new Promise<void>((resolve) => entry.server.close(() => resolve()));
    },
  };
}

/** The owner file first (a new owner may write its own right after the socket goes), then the socket. */
function removeFiles(root: string, entry: Held): void {
  try {
    const file = path.join(root, OWNER_FILE);
    if (parseOwner(fs.readFileSync(file, 'utf8'))?.pid === entry.owner.pid) fs.rmSync(file, { force: true });
  } catch {
    // already gone
  }
  try {
    if (fs.statSync(entry.socket).ino === entry.inode) fs.rmSync(entry.socket, { force: true });
  } catch {
    // already gone
  }
}

function readOwnerFile(root: string): DataDirOwner | undefined {
  try {
    return parseOwner(fs.readFileSync(path.join(root, OWNER_FILE), 'utf8'));
  } catch {
    return undefined;
  }
}

function parseOwner(text: string): DataDirOwner | undefined {
  try {
    const o = JSON.parse(text) as Partial<DataDirOwner>;
    return typeof o.pid === 'number' && typeof o.since === 'string' ? { pid: o.pid, host: String(o.host ?? ''), command: String(o.command ?? 'a process'), since: o.since } : undefined;
  } catch {
    return undefined;
  }
}
