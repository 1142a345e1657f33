import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

/** What the deployment tests read: the repository, its YAML files and the configuration schema. */
export const ROOT = path.resolve(__dirname, '..', '..');
export const CONFIG_FILE = path.join(ROOT, 'shared', 'config', 'config.ts');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;

/** Every YAML document of a file; fails on any syntax error. `<<` merge keys are resolved (compose uses them). */
export function loadYaml(file: string): Obj[] {
  const docs = parseAllDocuments(fs.readFileSync(file, 'utf8'), { merge: true, prettyErrors: true });
  const list = Array.isArray(docs) ? docs : [docs];
  const errors = list.flatMap((d) => d.errors.map((e) => `${path.relative(ROOT, file)}: ${e.message}`));
  if (errors.length) throw new Error(errors.join('\n'));
  return list.map((d) => d.toJS() as Obj | null).filter((d): d is Obj => d !== null && typeof d === 'object');
}

/** The keys of `const schema = z.object({ ... })` in the config module, with the raw text of each. */
export function configSchema(): Map<string, string> {
  const src = fs.readFileSync(CONFIG_FILE, 'utf8');
  const start = src.search(/\bschema\s*=\s*z\s*\.\s*object\s*\(\s*\{/);
  if (start < 0) throw new Error('no `schema = z.object({` in shared/config/config.ts');
  const open = src.indexOf('{', start);
  let depth = 0;
  let end = -1;
  for (let i = open; i < src.length; i++) {
    if (src[i] === '{') depth++;
    else if (src[i] === '}' && --depth === 0) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('unbalanced braces in the config schema');
  const body = src.slice(open + 1, end);
  const keys = new Map<string, string>();
  // Top-level keys only: a key at the start of a line, followed by its definition up to the next key.
  const re = /^\s*([A-Z][A-Z0-9_]*)\s*:(.*)$/gm;
  for (let m = re.exec(body); m; m = re.exec(body)) keys.set(m[1], m[2]);
  return keys;
}
