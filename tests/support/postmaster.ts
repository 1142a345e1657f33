import fs from 'node:fs';
import path from 'node:path';

/** Whether a process exists and is not a zombie: the same check the supervisor makes. */
export { isAlive } from '../../shared/db/postmaster-process';

/** The embedded PostgreSQL's lock file under a DATA_DIR: present while its postmaster runs. */
export const pidFile = (dataDir: string) => path.join(dataDir, 'postgres', 'postmaster.pid');

/** The pid on the lock file's first line. */
export const postmasterPid = (dataDir: string) => Number(fs.readFileSync(pidFile(dataDir), 'utf8').split('\n')[0]);
