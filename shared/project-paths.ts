import fs from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

/**
 * The project root: the nearest directory above this file holding `infra/`. Works both from the
 * TypeScript sources and from the compiled `dist/` tree.
 */
export function projectRoot(): string {
  if (cached) return cached;
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'infra', 'migrations'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the project root (a directory holding infra/) above ${__dirname}`);
    dir = parent;
  }
  cached = dir;
  return dir;
}

export const infraPath = (...parts: string[]) => path.join(projectRoot(), 'infra', ...parts);
