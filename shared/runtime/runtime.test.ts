import pino from 'pino';
import { testConfig } from '../../tests/support/test-run';
import { createLogger } from '../logging/logger';
import type { ModuleDefinition } from './module';
import { Runtime } from './runtime';

/** A module whose start waits for `release()`; it records what happened, in order, in `log`. */
function gatedModule(name: string, dependsOn: string[], log: string[], options: { fail?: boolean } = {}) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const def: ModuleDefinition<string> = {
    name,
    dependsOn,
    async init({ get }) {
      log.push(`start ${name}`);
      for (const dep of dependsOn) get({ name: dep } as ModuleDefinition);
      await gate;
      if (options.fail) throw new Error(`${name} failed`);
      log.push(`started ${name}`);
      return { value: name, routes: [], close: async () => void log.push(`close ${name}`) };
    },
  };
  return { def, release };
}

const config = testConfig({});
const logger = createLogger({ level: 'silent', name: 'test' });
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Runtime.start', () => {
  it('starts independent modules together, and a module only after all of its dependencies', async () => {
    const log: string[] = [];
    const base = gatedModule('base', [], log);
    const left = gatedModule('left', ['base'], log);
    const right = gatedModule('right', ['base'], log);
    const top = gatedModule('top', ['left', 'right'], log);
    const registry = new Map([base, left, right, top].map((m) => [m.def.name, m.def as ModuleDefinition]));
    const starting = Runtime.start(['top'], registry, config, logger);

    await tick();
    expect(log).toEqual(['start base']);
    base.release();
    await tick();
    expect(log).toEqual(['start base', 'started base', 'start left', 'start right']);
    right.release();
    await tick();
    expect(log).not.toContain('start top');
    left.release();
    await tick();
    expect(log.slice(-1)).toEqual(['start top']);
    top.release();
    const runtime = await starting;
    expect(runtime.moduleNames).toEqual(['base', 'left', 'right', 'top']);

    log.length = 0;
    await runtime.stop();
    // Reverse of the order they finished starting: right finished before left.
    expect(log).toEqual(['close top', 'close left', 'close right', 'close base']);
  });

  it('a failing module: the others finish starting, everything started is closed, and the error is thrown', async () => {
    const log: string[] = [];
    const base = gatedModule('base', [], log);
    const broken = gatedModule('broken', ['base'], log, { fail: true });
    const slow = gatedModule('slow', ['base'], log);
    const above = gatedModule('above', ['broken'], log);
    const registry = new Map([base, broken, slow, above].map((m) => [m.def.name, m.def as ModuleDefinition]));
    const starting = Runtime.start(['above', 'slow'], registry, config, logger);
    base.release();
    await tick();
    broken.release();
    await tick();
    slow.release();
    await expect(starting).rejects.toThrow('broken failed');
    expect(log).not.toContain('start above');
    expect(log.filter((l) => l.startsWith('close')).sort()).toEqual(['close base', 'close slow']);
  });

  it('refuses a module that asks for something it does not depend on', async () => {
    const log: string[] = [];
    const a = gatedModule('a', [], log);
    const sneaky: ModuleDefinition = { name: 'sneaky', dependsOn: [], init: async ({ get }) => ({ value: get(a.def) }) };
    a.release();
    const registry = new Map<string, ModuleDefinition>([['a', a.def as ModuleDefinition], ['sneaky', sneaky]]);
    await expect(Runtime.start(['a', 'sneaky'], registry, config, logger)).rejects.toThrow(/asked for "a", which is not among its dependencies/);
  });
});

describe('Runtime.stop with a deadline (the shutdown budget)', () => {
  /** A module whose close waits for `finish()` (never called: a close that hangs) or closes at once. */
  const moduleClosing = (name: string, dependsOn: string[], log: string[], how: 'at once' | 'never' | 'fails') => {
    const def: ModuleDefinition<string> = {
      name,
      dependsOn,
      async init() {
        return {
          value: name,
          close: async (shutdown) => {
            log.push(`close ${name} (deadline ${shutdown?.deadline === undefined ? 'none' : 'given'})`);
            if (how === 'never') await new Promise(() => undefined);
            if (how === 'fails') throw new Error(`${name} could not close`);
          },
        };
      },
    };
    return def;
  };

  it('abandons a close still running at the deadline, names it, and leaves the modules below it unclosed', async () => {
    const log: string[] = [];
    const entries: { module?: string; msg: string }[] = [];
    const recording = pino({ level: 'warn' }, { write: (line: string) => void entries.push(JSON.parse(line)) });
    const registry = new Map<string, ModuleDefinition>(
      [
        moduleClosing('database', [], log, 'at once'),
        moduleClosing('slow-index', ['database'], log, 'never'),
        moduleClosing('broken', ['slow-index'], log, 'fails'),
        moduleClosing('routes', ['broken'], log, 'at once'),
      ].map((d) => [d.name, d as ModuleDefinition]),
    );
    const runtime = await Runtime.start(['routes'], registry, config, recording);
    const { abandoned } = await runtime.stop({ deadline: Date.now() + 200 });

    // routes closed; broken's failure did not stop the others; slow-index hung and was abandoned
    // once the deadline came; database, below it, was not closed (the caller stops what must stop).
    expect(log).toEqual(['close routes (deadline given)', 'close broken (deadline given)', 'close slow-index (deadline given)']);
    expect(abandoned).toEqual(['slow-index', 'database']);
    expect(entries.map((e) => [e.msg, e.module])).toEqual([
      ['module did not close cleanly', 'broken'],
      ['module did not close within the shutdown budget: abandoned', 'slow-index'],
      ['module not closed: the shutdown budget is spent', 'database'],
    ]);
    expect(runtime.moduleNames).toEqual([]);
  });

  it('without a deadline (a one-shot command), every close is waited for and told no deadline', async () => {
    const log: string[] = [];
    const registry = new Map<string, ModuleDefinition>([moduleClosing('database', [], log, 'at once'), moduleClosing('index', ['database'], log, 'at once')].map((d) => [d.name, d]));
    const runtime = await Runtime.start(['index'], registry, config, logger);
    expect(await runtime.stop()).toEqual({ abandoned: [] });
    expect(log).toEqual(['close index (deadline none)', 'close database (deadline none)']);
  });
});
