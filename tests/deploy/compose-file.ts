import { COMPOSE_FILE, loadYaml, type Obj } from './deploy-files';

/** docker-compose.yml as compose reads it (`<<` merges resolved), and how the tests look into its services. */
export const compose: Obj = loadYaml(COMPOSE_FILE)[0];
export const composeServices: Record<string, Obj> = compose.services ?? {};

/** Services that run the project image (they have `build`, or the same image as one that has). */
const builtImages = new Set(Object.values(composeServices).filter((s) => s.build).map((s) => s.image));
export const gxServices: [string, Obj][] = Object.entries(composeServices).filter(([, s]) => s.build || builtImages.has(s.image));

export function envOf(s: Obj): Record<string, string> {
  const env = s.environment ?? {};
  if (!Array.isArray(env)) return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
  return Object.fromEntries(env.map((e: string) => [e.split('=')[0], e.slice(e.indexOf('=') + 1)]));
}

export const commandOf = (s: Obj): string[] => (Array.isArray(s.command) ? s.command.map(String) : String(s.command ?? '').split(/\s+/).filter(Boolean));

/** The value after a flag in a command (`--target x`, `--model-id x`, or `--flag=x`). */
export function flagValue(command: string[], flag: string): string | undefined {
  const i = command.indexOf(flag);
  if (i >= 0) return command[i + 1];
  return command.find((w) => w.startsWith(`${flag}=`))?.slice(flag.length + 1);
}

export const targetIn = (s: Obj): string | undefined => (commandOf(s)[0] === 'start' ? flagValue(commandOf(s), '--target') : undefined);

/** The value compose would use with nothing set in the shell or `.env`: `${X:-default}` gives the default. */
export const interpolated = (v: string) => v.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*(?::?[-?]([^}]*))?\}/g, (_m, def?: string) => def ?? '');

/** A compose duration (`20s`, `1m30s`, `30m`, `500ms`) in seconds. */
export function durationSeconds(d: string): number {
  const parts = [...String(d).matchAll(/(\d+(?:\.\d+)?)(ms|us|ns|h|m|s)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== String(d)) throw new Error(`unparsed duration ${d}`);
  const unit: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 1e-3, us: 1e-6, ns: 1e-9 };
  return parts.reduce((sum, p) => sum + Number(p[1]) * unit[p[2]], 0);
}

/** A service's volume mounts in long form: { type, source, target, read_only }. */
export function mountsOf(s: Obj): { type: string; source: string; target: string; readOnly: boolean }[] {
  return (s.volumes ?? []).map((v: string | Obj) => {
    if (typeof v !== 'string') return { type: v.type, source: v.source, target: v.target, readOnly: v.read_only === true };
    const [source, target, mode] = v.split(':');
    const type = /^[./~]/.test(source) ? 'bind' : 'volume';
    return { type, source, target, readOnly: (mode ?? '').split(',').includes('ro') };
  });
}

/** Published ports: host address (if any), host port, container port. */
export function publishedPorts(s: Obj): { hostIp?: string; published: string; target: number }[] {
  return (s.ports ?? []).map((p: string | number | Obj) => {
    if (typeof p === 'object') return { hostIp: p.host_ip, published: String(p.published ?? ''), target: Number(p.target) };
    const parts = String(p).split('/')[0].split(':');
    const target = Number(parts.pop());
    const published = parts.pop() ?? '';
    return { hostIp: parts.pop(), published, target };
  });
}
