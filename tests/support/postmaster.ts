import fs from 'node:fs';
import path from 'node:path';

/** The embedded PostgreSQL's lock file under a DATA_DIR: present while its postmaster runs. */
export const pidFile = (dataDir: string) => path.join(dataDir, 'postgres', 'postmaster.pid');

/** The pid on the lock file's first line. */
export const postmasterPid = (dataDir: string) => Number(fs.readFileSync(pidFile(dataDir), 'utf8').split('\n')[0]);

/** Whether a process exists and is not a zombie (a postmaster nobody reaped is gone all the same). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return true;
  }
}
