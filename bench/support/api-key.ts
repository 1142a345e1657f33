import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../shared/project-paths';

const run = promisify(execFile);

export interface IssuedKey {
  /** The key's id (`key_…`), as the server names it in its counters. */
  id: string;
  /** The Bearer token, shown once by `gx keys create`. */
  token: string;
}

/**
 * Issues an active key the way an operator does: `node bin/gx.js keys create` as a child process
 * against `databaseUrl` (which it migrates first, like any start), reading the key from its output.
 */
export async function createApiKey(databaseUrl: string, options: { plan: string; daily?: number; monthly?: number }): Promise<IssuedKey> {
  const root = projectRoot();
  const args = [path.join(root, 'bin', 'gx.js'), 'keys', 'create', '--plan', options.plan, '--name', 'benchmark'];
  if (options.daily !== undefined) args.push('--daily', String(options.daily));
  if (options.monthly !== undefined) args.push('--monthly', String(options.monthly));
  const { stdout } = await run(process.execPath, args, {
    cwd: root,
    env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  const token = /gxk_[A-Za-z0-9_-]{43}/.exec(stdout)?.[0];
  const id = /"id":\s*"(key_[A-Za-z0-9_-]{12})"/.exec(stdout)?.[1];
  if (!token || !id) throw new Error(`gx keys create printed no key:\n${stdout.slice(0, 2_000)}`);
  return { id, token };
}
