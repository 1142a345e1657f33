import fs from 'node:fs';
import path from 'node:path';

// A PostgreSQL server's process, read from its lock file and /proc: whether it runs, and signals to it.

/** The postmaster's pid from the first line of its lock file. */
export function postmasterPid(databaseDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process exists and is not a zombie (a postmaster nobody reaped is gone all the same). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return true; // no /proc (macOS): kill(0) is all there is
  }
}

/** Whether the process is alive and a PostgreSQL one (so a pid reused by another program after a reboot is never signalled). */
export function isPostgres(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return /postgres|postmaster/.test(fs.readFileSync(`/proc/${pid}/comm`, 'utf8'));
  } catch {
    return true; // no /proc: trust the lock file
  }
}

export function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}
