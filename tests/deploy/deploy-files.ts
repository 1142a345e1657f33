import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { MODULES, TARGETS } from '../../services/registry';
import type { z } from 'zod';
import { environmentSchema, loadConfig } from '../../shared/config/config';

/** What the deployment tests read: the repository, its YAML files and the configuration schema. */
export const ROOT = path.resolve(__dirname, '..', '..');
export const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');

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

/** The environment variables the configuration schema reads, each with its schema. */
export function configSchema(): Map<string, z.ZodType> {
  return new Map(Object.entries(environmentSchema.shape));
}

// ------------------------------------------------------- targets and modules --

/** The schema's numeric default for a variable (`PUBLIC_PORT` → 8080), if it has one. */
export function schemaDefault(schema: Map<string, z.ZodType>, key: string): number | undefined {
  const parsed = schema.get(key)?.safeParse(undefined);
  return parsed?.success && typeof parsed.data === 'number' ? parsed.data : undefined;
}

/** Every target a deployment runs as its own workload (`all` is the single-process form). */
export const SPLIT_TARGETS = Object.keys(TARGETS).filter((t) => t !== 'all');

/** The modules a target starts: its services and everything they depend on. */
export function modulesOf(target: string): Set<string> {
  const out = new Set<string>();
  const visit = (name: string) => {
    if (out.has(name)) return;
    out.add(name);
    for (const dep of MODULES.get(name)?.dependsOn ?? []) visit(dep);
  };
  for (const name of TARGETS[target] ?? []) visit(name);
  return out;
}

/**
 * The secret variables a target cannot do without when it runs on its own: Postgres when it
 * uses the database (otherwise it would start an embedded one), Redis when it uses Redis (shared
 * quotas, rate limits and edge cache across replicas), and the service token when it is the
 * gateway or serves routes through it.
 */
export function requiredSecretsOf(target: string): string[] {
  const mods = modulesOf(target);
  const out: string[] = [];
  if (mods.has('database')) out.push('DATABASE_URL');
  if (mods.has('redis')) out.push('REDIS_URL');
  if (mods.has('gateway') || [...mods].some((m) => (MODULES.get(m)?.serves ?? []).length > 0)) out.push('SERVICE_TOKEN');
  return out;
}

/** Services the gateway reaches over HTTP when they run elsewhere, with the URL each is found at. */
export function remoteServices(gatewayEnv: Record<string, string>): { module: string; url: URL }[] {
  const config = loadConfig(gatewayEnv);
  const local = modulesOf('gateway');
  return [...MODULES.values()]
    .filter((m) => !local.has(m.name))
    .flatMap((m) => (m.serves ?? []).map((s) => ({ module: m.name, url: new URL(s.remoteUrl(config)) })));
}

export const urlPort = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));
