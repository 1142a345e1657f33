import fs from 'node:fs';
import path from 'node:path';

/** The parts of a V8 `.cpuprofile` (written by `node --cpu-prof`) that the summary reads. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileEntry {
  name: string;
  ms: number;
  /** Share of the busy time (all samples except `(idle)`). */
  share: number;
}

export interface CpuProfileSummary {
  file: string;
  /** Sampled time, idle included. */
  totalMs: number;
  /** Sampled time outside `(idle)`: the process was running JavaScript, native code or GC. */
  busyMs: number;
  /** Self time by package or area: `pg`, `express`, `node internals`, `gx: shared/…`, `(garbage collector)`, … */
  selfByArea: ProfileEntry[];
  /** Self time by function. */
  selfByFunction: ProfileEntry[];
  /** Time with the function anywhere on the stack (counted once per sample even when recursive). */
  inclusiveByFunction: ProfileEntry[];
}

/** The profile a `node --cpu-prof --cpu-prof-dir=dir` process with this pid wrote (file names carry the pid). */
export function findCpuProfile(dir: string, pid: number): string | undefined {
  if (!fs.existsSync(dir)) return undefined;
  const name = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile') && f.split('.').includes(String(pid))).sort().pop();
  return name && path.join(dir, name);
}

const SPECIAL = new Set(['(root)', '(idle)', '(program)', '(garbage collector)']);

function areaOf(url: string, functionName: string): string {
  if (!url) return SPECIAL.has(functionName) ? functionName : '(native / V8 builtins)';
  const nm = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (nm) return nm[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const dist = /\/dist\/(.+?)\/[^/]+$/.exec(url);
  if (dist) return `gx: ${dist[1]}`;
  return url;
}

function functionKey(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const file = frame.url.replace(/^file:\/\//, '');
  const nm = /\/node_modules\/(.+)$/.exec(file);
  const dist = /\/dist\/(.+)$/.exec(file);
  const short = nm ? nm[1] : dist ? dist[1] : file.replace(/^node:/, 'node:');
  return `${name} ${short}:${frame.lineNumber + 1}`;
}

/** Self and inclusive time of a profile, by area and by function; the `top` largest of each. */
export function summariseCpuProfile(file: string, top = 15): CpuProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const selfArea = new Map<string, number>();
  const selfFn = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let totalUs = 0;
  let idleUs = 0;
  const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);

  profile.samples.forEach((id, i) => {
    // A sample's time is the gap to the next one (the last sample gets the previous gap).
    const us = Math.max(0, profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0);
    const node = byId.get(id);
    if (!node) return;
    totalUs += us;
    const { functionName, url } = node.callFrame;
    if (functionName === '(idle)') {
      idleUs += us;
      return;
    }
    add(selfArea, areaOf(url, functionName), us);
    add(selfFn, functionKey(node.callFrame), us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.functionName === '(root)') continue;
      const key = functionKey(frame);
      if (!seen.has(key)) {
        seen.add(key);
        add(inclusive, key, us);
      }
    }
  });

  const busyUs = totalUs - idleUs;
  const ranked = (m: Map<string, number>): ProfileEntry[] =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: busyUs > 0 ? us / busyUs : 0 }));
  return {
    file,
    totalMs: totalUs / 1000,
    busyMs: busyUs / 1000,
    selfByArea: ranked(selfArea),
    selfByFunction: ranked(selfFn),
    inclusiveByFunction: ranked(inclusive),
  };
}
