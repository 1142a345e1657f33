import { randomBytes } from 'node:crypto';
import { spawnGx, type GxChild } from '../lifecycle/gx-child';
import { freePort } from './services';
import { createTestDatabase, type TestDatabase } from './test-database';
import { freshRedisUrl } from './test-redis';
import { newDataDirPath, removeDir } from './test-run';
import { waitFor } from './wait-for';

/** `all`: one OS process; `split`: every target in its own OS process, the gateway proxying to them. */
export type FleetShape = 'all' | 'split';

/** The targets a split fleet runs, one OS process each (`all` runs them in one). */
export const SPLIT_FLEET = ['gateway', 'public-search', 'events-keys', 'company-data', 'semantic-search', 'ingest-worker'] as const;

/** A process of the fleet, named by its target: `all`, or one of SPLIT_FLEET. */
export type FleetTarget = 'all' | (typeof SPLIT_FLEET)[number];

export interface FleetOptions {
  shape: FleetShape;
  /** Added to (and overriding) every process's environment. DATABASE_URL or REDIS_URL given here are used instead of the fleet's own. */
  env?: Record<string, string>;
  /** Added to one process's environment, after `env` (its ports and *_URL wiring still win). */
  perTargetEnv?: (target: FleetTarget) => Record<string, string>;
}

export interface Fleet {
  shape: FleetShape;
  /** The gateway's public door and data-API door. */
  publicUrl: string;
  apiUrl: string;
  /** Each process's own listener: the gateway's (and `all`'s) public door, a service's SERVICE_PORT. */
  urls: Partial<Record<FleetTarget, string>>;
  /** The processes, in start order. */
  targets: FleetTarget[];
  /** The environment every process shares (DATABASE_URL, REDIS_URL, SERVICE_TOKEN, INGEST_QUEUE_PREFIX, …), e.g. for `testConfig`. */
  env: Record<string, string>;
  /** The fleet's database (its own, created and dropped by the fleet, unless `env.DATABASE_URL` was given: then undefined). */
  database?: TestDatabase;
  /** The running child of a target (undefined while it is killed). */
  child(target: FleetTarget): GxChild | undefined;
  /** Ends a target's process (SIGKILL unless told otherwise) and waits until it has exited. */
  kill(target: FleetTarget, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a target's process again (ending it first if it runs) with the same ports, env and DATA_DIR; resolves once it is ready. */
  restart(target: FleetTarget): Promise<void>;
  /** Every process's stderr and warning log lines so far: for a failing test's message. */
  output(): string;
  /** Ends every process (SIGTERM), removes their DATA_DIRs, drops the fleet's database. */
  stop(): Promise<void>;
}

interface Member {
  target: FleetTarget;
  env: Record<string, string>;
  dataDir: string;
  /** The listener `/readyz` is asked on. */
  url: string;
  gx?: GxChild;
  /** Output of earlier runs of this target (before a kill or restart). */
  history: string[];
}

// A child a failed suite could not stop is killed when the jest worker exits, never left running.
const live = new Set<GxChild>();
process.once('exit', () => {
  for (const gx of live) gx.child.kill('SIGKILL');
});

/**
 * Starts `gx start --target …` children (`node bin/gx.js`, as operators run it) sharing one Postgres
 * database and one Redis, each on free loopback ports with a DATA_DIR of its own in the test run
 * directory, and resolves once each answers `/readyz` with 200 and nothing still starting (the
 * vector index built). Output is kept, not printed: `output()` gives it for a failure message. The
 * processes that load the demo data (public-search: papers; company-data: companies) start before
 * the others, so two processes never load it at once.
 */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const ownDatabase = options.env?.DATABASE_URL ? undefined : await createTestDatabase();
  const members = new Map<FleetTarget, Member>();
  let stopped = false;
  try {
    const env: Record<string, string> = {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      SERVICE_TOKEN: `fleet-${randomBytes(12).toString('hex')}`,
      INGEST_QUEUE_PREFIX: `fleet${randomBytes(4).toString('hex')}`,
      // Tests poll and repeat requests from one address: no per-IP limit or edge cache in the way.
      PUBLIC_RATE_LIMIT: '0',
      RESPONSE_CACHE_TTL_SECONDS: '0',
      PLAN_BURST_PER_SECOND: 'trial=1000,demo=1000,researcher=1000,paid=1000,internal=1000',
      SHUTDOWN_TIMEOUT_MS: '2000',
      ...options.env,
    };
    env.DATABASE_URL ??= ownDatabase!.url;
    env.REDIS_URL ??= await freshRedisUrl();

    const targets: FleetTarget[] = options.shape === 'all' ? ['all'] : [...SPLIT_FLEET];
    const ports = await distinctFreePorts(targets.length * 3);
    const portsOf = (i: number) => ({ PUBLIC_PORT: String(ports[3 * i]), API_PORT: String(ports[3 * i + 1]), SERVICE_PORT: String(ports[3 * i + 2]) });
    const serviceUrl = (target: FleetTarget) => `http://127.0.0.1:${portsOf(targets.indexOf(target)).SERVICE_PORT}`;
    targets.forEach((target, i) => {
      const own = portsOf(i);
      const wiring: Record<string, string> =
        target === 'gateway'
          ? { PUBLIC_SEARCH_URL: serviceUrl('public-search'), EVENTS_KEYS_URL: serviceUrl('events-keys'), COMPANY_DATA_URL: serviceUrl('company-data'), SEMANTIC_SEARCH_URL: serviceUrl('semantic-search') }
          : {};
      const gatewayHere = target === 'all' || target === 'gateway';
      members.set(target, {
        target,
        // METRICS_PORT=0: an ephemeral port for the metrics listener, where the configuration has one.
        env: { ...env, METRICS_PORT: '0', ...options.perTargetEnv?.(target), ...own, ...wiring },
        dataDir: newDataDirPath(`fleet-${target}`),
        url: gatewayHere ? `http://127.0.0.1:${own.PUBLIC_PORT}` : `http://127.0.0.1:${own.SERVICE_PORT}`,
        history: [],
      });
    });

    const launch = async (m: Member): Promise<void> => {
      const gx = spawnGx(['start', '--target', m.target], { ...m.env, DATA_DIR: m.dataDir });
      m.gx = gx;
      live.add(gx);
      void gx.exited.then(({ code, signal }) => {
        live.delete(gx);
        if (!stopped && m.gx === gx) m.history.push(`[${m.target} exited on its own: ${code ?? signal}]`);
      });
      await waitFor(`gx start --target ${m.target} to be ready`, async () => {
        if (gx.child.exitCode !== null || gx.child.signalCode !== null) throw new Error(`gx start --target ${m.target} exited before it was ready:\n${outputOf(m)}`);
        return isReady(m.url);
      }, 50);
    };
    const end = async (m: Member, signal: NodeJS.Signals): Promise<void> => {
      const gx = m.gx;
      if (!gx) return;
      m.gx = undefined;
      if (gx.child.exitCode === null && gx.child.signalCode === null) gx.child.kill(signal);
      const { code, signal: by } = await gx.exited;
      m.history.push(`${output(m.target, gx)}[${m.target} ended by ${signal}: ${code ?? by}]`);
    };

    // Demo data first (papers by public-search, companies by company-data), then everything else.
    const first = targets.filter((t) => ['all', 'public-search', 'company-data'].includes(t));
    await Promise.all(first.map((t) => launch(members.get(t)!)));
    await Promise.all(targets.filter((t) => !first.includes(t)).map((t) => launch(members.get(t)!)));

    const front = members.get(options.shape === 'all' ? 'all' : 'gateway')!;
    return {
      shape: options.shape,
      publicUrl: front.url,
      apiUrl: `http://127.0.0.1:${front.env.API_PORT}`,
      urls: Object.fromEntries(targets.map((t) => [t, members.get(t)!.url])),
      targets,
      env,
      database: ownDatabase,
      child: (target) => members.get(target)?.gx,
      kill: (target, signal = 'SIGKILL') => end(memberOf(members, target), signal),
      async restart(target) {
        const m = memberOf(members, target);
        await end(m, 'SIGTERM');
        await launch(m);
      },
      output: () => [...members.values()].map(outputOf).filter(Boolean).join('\n'),
      stop: () => stopAll(),
    };
  } catch (err) {
    await stopAll();
    throw err;
  }

  async function stopAll(): Promise<void> {
    stopped = true;
    await Promise.all(
      [...members.values()].map(async (m) => {
        const gx = m.gx;
        if (gx && gx.child.exitCode === null && gx.child.signalCode === null) gx.child.kill('SIGTERM');
        await gx?.exited;
      }),
    );
    for (const m of members.values()) removeDir(m.dataDir);
    await ownDatabase?.drop();
  }
}

function memberOf(members: Map<FleetTarget, Member>, target: FleetTarget): Member {
  const m = members.get(target);
  if (!m) throw new Error(`this fleet has no process "${target}"; it has ${[...members.keys()].join(', ')}`);
  return m;
}

/** Ready: `/readyz` answers 200 and no check is still starting (a vector index being built). */
async function isReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/readyz`);
    if (res.status !== 200) return false;
    const checks = ((await res.json()) as { checks?: Record<string, unknown> }).checks ?? {};
    return !Object.values(checks).some((c) => typeof c === 'object' && c !== null && (c as { state?: string }).state === 'starting');
  } catch {
    return false; // not listening yet
  }
}

function output(target: string, gx: GxChild): string {
  const logs = gx.logs.filter((l) => l.level !== 'info' && l.level !== 'debug' && l.level !== 'trace').map((l) => JSON.stringify(l));
  const text = [gx.stderr().trim(), ...logs].filter(Boolean).join('\n');
  return text ? `--- ${target} ---\n${text}\n` : '';
}

function outputOf(m: Member): string {
  return [...m.history, m.gx ? output(m.target, m.gx) : ''].join('');
}

async function distinctFreePorts(n: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < n) ports.add(await freePort());
  return [...ports];
}
