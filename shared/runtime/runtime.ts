import type { Config } from '../config/config';
import type { ReadinessCheck } from '../http/health.routes';
import type { Logger } from '../logging/logger';
import type { ModuleDefinition, ModuleInstance, RouteMount } from './module';

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
    private readonly started: { def: ModuleDefinition; instance: ModuleInstance }[],
    private readonly logger: Logger,
  ) {}

  static async start(names: string[], registry: ReadonlyMap<string, ModuleDefinition>, config: Config, logger: Logger): Promise<Runtime> {
    const defs = resolveModules(names, registry);
    const running = new Set(defs.map((d) => d.name));
    const values = new Map<string, unknown>();
    const started: { def: ModuleDefinition; instance: ModuleInstance }[] = [];
    const runtime = new Runtime(started, logger);
    try {
      for (const def of defs) {
        const t0 = Date.now();
        const instance = await def.init({
          config,
          logger: logger.child({ module: def.name }),
          running,
          get: <T>(name: string) => {
            if (!values.has(name)) throw new Error(`module "${def.name}" asked for "${name}", which is not among its dependencies`);
            return values.get(name) as T;
          },
        });
        values.set(def.name, instance.value);
        started.push({ def, instance });
        logger.debug({ module: def.name, ms: Date.now() - t0 }, 'module started');
      }
    } catch (err) {
      await runtime.stop();
      throw err;
    }
    return runtime;
  }

  get moduleNames(): string[] {
    return this.started.map((s) => s.def.name);
  }

  routes(): RouteMount[] {
    return this.started.flatMap((s) => s.instance.routes ?? []);
  }

  readiness(): Record<string, ReadinessCheck> {
    return Object.fromEntries(this.started.filter((s) => s.instance.ready).map((s) => [s.def.name, s.instance.ready!]));
  }

  value<T>(name: string): T {
    const found = this.started.find((s) => s.def.name === name);
    if (!found) throw new Error(`module "${name}" is not running`);
    return found.instance.value as T;
  }

  /** Closes every module in reverse start order; a failing close does not stop the others. */
  async stop(): Promise<void> {
    for (const { def, instance } of [...this.started].reverse()) {
      try {
        await instance.close?.();
      } catch (err) {
        this.logger.warn({ module: def.name, err: (err as Error).message }, 'module did not close cleanly');
      }
    }
    this.started.length = 0;
  }
}
