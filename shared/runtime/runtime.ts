import type { Config } from '../config/config';
import type { Readiness } from '../http/health.routes';
import type { Logger } from '../logging/logger';
import type { ModuleDefinition, ModuleInstance, RouteMount } from './module';
import { remainingMs, untilDeadline } from './shutdown';

/** Orders the named modules and all their dependencies so that every dependency comes first. */
export function resolveModules(names: string[], registry: ReadonlyMap<string, ModuleDefinition>): ModuleDefinition[] {
  const ordered: ModuleDefinition[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    const def = registry.get(name);
    if (!def) throw new Error(`unknown module "${name}"${path.length ? ` (needed by ${path.join(' → ')})` : ''}`);
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`dependency cycle: ${[...path, name].join(' → ')}`);
    state.set(name, 'visiting');
    for (const dep of def.dependsOn) visit(dep, [...path, name]);
    state.set(name, 'done');
    ordered.push(def);
  };
  for (const name of names) visit(name, []);
  return ordered;
}

/** The started modules of one process. */
export class Runtime {
  private constructor(
    /** In the order they finished starting: every module after its dependencies. */
    private readonly started: { def: ModuleDefinition; instance: ModuleInstance }[],
    /** Every module of the process, dependencies first, in a stable order (routes are mounted in it). */
    private readonly order: readonly string[],
    private readonly logger: Logger,
  ) {}

  /**
   * Starts every module as soon as its own dependencies have started, so independent slow starts
   * (the keyword index built from Postgres, the vector index reopened from disk) overlap. If one
   * fails, the others are allowed to finish starting and then everything started is closed.
   */
  static async start(names: string[], registry: ReadonlyMap<string, ModuleDefinition>, config: Config, logger: Logger): Promise<Runtime> {
    const defs = resolveModules(names, registry);
    const running = new Set(defs.map((d) => d.name));
    const values = new Map<string, unknown>();
    const started: { def: ModuleDefinition; instance: ModuleInstance }[] = [];
    const runtime = new Runtime(started, defs.map((d) => d.name), logger);
    const starting = new Map<string, Promise<void>>();
    const reachable = new Map<string, Set<string>>();
    for (const def of defs) {
      // A module may use any module it depends on, directly or through another.
      reachable.set(def.name, new Set(def.dependsOn.flatMap((name) => [name, ...reachable.get(name)!])));
      const dependencies = def.dependsOn.map((name) => starting.get(name)!);
      starting.set(
        def.name,
        Promise.all(dependencies).then(async () => {
          const t0 = Date.now();
          const instance = await def.init({
            config,
            logger: logger.child({ module: def.name }),
            running,
            get: <T>({ name }: ModuleDefinition<T>) => {
              if (!reachable.get(def.name)!.has(name)) throw new Error(`module "${def.name}" asked for "${name}", which is not among its dependencies`);
              return values.get(name) as T;
            },
          });
          values.set(def.name, instance.value);
          started.push({ def, instance });
          logger.debug({ module: def.name, ms: Date.now() - t0 }, 'module started');
        }),
      );
    }
    const outcomes = await Promise.allSettled(starting.values());
    const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failure) {
      await runtime.stop();
      throw failure.reason;
    }
    return runtime;
  }

  /** The started modules in dependency order. */
  private inOrder(): { def: ModuleDefinition; instance: ModuleInstance }[] {
    return this.order.flatMap((name) => this.started.filter((s) => s.def.name === name));
  }

  get moduleNames(): string[] {
    return this.inOrder().map((s) => s.def.name);
  }

  routes(): RouteMount[] {
    return this.inOrder().flatMap((s) => s.instance.routes ?? []);
  }

  readiness(): Record<string, Readiness> {
    return Object.fromEntries(
      this.inOrder()
        .filter((s) => s.instance.ready)
        .map((s) => [s.def.name, { check: s.instance.ready!, shared: s.instance.sharedBackend === true }]),
    );
  }

  value<T>(name: string): T {
    const found = this.started.find((s) => s.def.name === name);
    if (!found) throw new Error(`module "${name}" is not running`);
    return found.instance.value as T;
  }

  /**
   * Closes every module in reverse start order; a failing close does not stop the others. With a
   * deadline (a `gx start` shutdown), a close still running at the deadline is abandoned and logged,
   * and the modules not closed by then are left as they are (named in the log): the caller then
   * stops what must always stop (the embedded PostgreSQL) and exits.
   */
  async stop(options: { deadline?: number } = {}): Promise<{ abandoned: string[] }> {
    const { deadline } = options;
    const abandoned: string[] = [];
    for (const { def, instance } of [...this.started].reverse()) {
      if (!instance.close) continue;
      if (remainingMs(deadline) === 0) {
        abandoned.push(def.name);
        this.logger.warn({ module: def.name }, 'module not closed: the shutdown budget is spent');
        continue;
      }
      const t0 = Date.now();
      try {
        const outcome = await untilDeadline(Promise.resolve().then(() => instance.close!({ deadline })), deadline);
        if (outcome.timedOut) {
          abandoned.push(def.name);
          this.logger.warn({ module: def.name, ms: Date.now() - t0 }, 'module did not close within the shutdown budget: abandoned');
        }
      } catch (err) {
        this.logger.warn({ module: def.name, err: (err as Error).message }, 'module did not close cleanly');
      }
    }
    this.started.length = 0;
    return { abandoned };
  }
}
