import type { ProcessMemory } from './server-process';
import { startGxServer, type GxSetting } from './gx-server';

/** One JSON log line of the server (pino): its message and fields. */
export type LogLine = { msg?: string; level?: number; [field: string]: unknown };

/**
 * A `gx start --target all` whose stdout is read line by line, so a benchmark can take figures the
 * server logs (e.g. the `ms` of `vector index built from Postgres`). Readiness is `/readyz` 200 on
 * the data-API door.
 */
export interface LoggedGxServer {
  readonly pid: number;
  readonly apiUrl: string;
  /** Spawn until /readyz first answered 200. */
  readonly startupMs: number;
  /** Every JSON line logged so far. */
  readonly lines: LogLine[];
  /** The first line with this message, waiting up to `timeoutMs` for it. */
  waitFor(msg: string, timeoutMs?: number): Promise<LogLine>;
  memory(): ProcessMemory;
  /** SIGTERM (graceful: the embedded vector index is saved), SIGKILL after `graceMs`; answers the time to exit. */
  stop(graceMs?: number): Promise<number>;
}

export async function startLoggedGxServer(options: {
  databaseUrl: string;
  dataDir: string;
  settings: readonly GxSetting[];
  name: string;
  timeoutMs?: number;
}): Promise<LoggedGxServer> {
  const lines: LogLine[] = [];
  const waiters: { msg: string; resolve: (l: LogLine) => void }[] = [];
  const onStdoutLine = (raw: string) => {
    let line: LogLine;
    try {
      line = JSON.parse(raw) as LogLine;
    } catch {
      return;
    }
    lines.push(line);
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i]!.msg === line.msg) waiters.splice(i, 1)[0]!.resolve(line);
    }
  };
  const server = await startGxServer({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    settings: options.settings,
    door: 'api',
    name: options.name,
    timeoutMs: options.timeoutMs ?? 300_000,
    onStdoutLine,
  });
  const waitFor = (msg: string, waitMs = 10_000): Promise<LogLine> => {
    const found = lines.find((l) => l.msg === msg);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${options.name} logged no "${msg}" within ${waitMs} ms`)), waitMs);
      waiters.push({ msg, resolve: (l) => { clearTimeout(timer); resolve(l); } });
    });
  };
  return {
    pid: server.pid,
    apiUrl: server.apiUrl,
    startupMs: server.startupMs,
    lines,
    waitFor,
    memory: () => server.memory(),
    stop: (graceMs = 60_000) => server.stop(graceMs),
  };
}
