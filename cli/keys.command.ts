import os from 'node:os';
import { InvalidArgumentError, type Command } from 'commander';
import { ApiKeyRepository, type KeyStatus, type Plan } from '../modules/api-keys';
import type { Config } from '../shared/config/config';
import type { Database } from '../shared/db/database';
import { databaseModule } from '../shared/db/database.module';
import { ProblemError } from '../shared/errors/problem';
import type { Logger } from '../shared/logging/logger';
import { Runtime } from '../shared/runtime/runtime';
import { ApiKeyService, type KeyAction, type Limits } from '../services/events-keys';

/** Operators act under their login name; the audit trail records it. */
const actor = () => `cli:${os.userInfo().username}`;

const limitOption = (v: string): number | null => {
  if (v === 'none') return null;
  if (!/^\d+$/.test(v)) throw new Error(`"${v}" is not a whole number or "none"`);
  return Number(v);
};

async function withService<T>(config: Config, logger: Logger, fn: (s: ApiKeyService) => Promise<T>): Promise<T> {
  const runtime = await Runtime.start(['database'], new Map([[databaseModule.name, databaseModule]]), config, logger);
  try {
    return await fn(new ApiKeyService(new ApiKeyRepository(runtime.value<Database>('database')), config.apiKeys.prefix));
  } catch (err) {
    if (err instanceof ProblemError) throw new Error(`${err.code}: ${err.detail}`);
    throw err;
  } finally {
    await runtime.stop();
  }
}

const positiveWholeNumber = (v: string): number => {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidArgumentError('a positive whole number');
  return Number(v);
};

const print = (value: unknown): void => void process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
const printKey = (token: string) => process.stdout.write(`\nAPI key (shown once, store it now):\n${token}\n`);

/** `gx keys …`: the operators' key management, the same operations as `/api/v1/admin/keys`. */
export function registerKeyCommands(program: Command, config: Config, logger: Logger): void {
  const keys = program.command('keys').description('manage data-API keys (every action is recorded)');

  keys
    .command('list')
    .option('--status <status>', 'pending, active, rejected, revoked or expired')
    .option('--plan <plan>', 'trial, demo, researcher, paid or internal')
    .option('--limit <n>', 'at most this many', positiveWholeNumber, 100)
    .option('--json', 'print { data, count, limit, offset, total } as JSON (nothing else on stdout)')
    .action((opts: { status?: KeyStatus; plan?: Plan; limit: number; json?: boolean }) =>
      withService(config, logger, async (s) => {
        const { rows, total } = await s.list({ status: opts.status, plan: opts.plan, limit: opts.limit, offset: 0 });
        if (opts.json) return print({ data: rows, count: rows.length, limit: opts.limit, offset: 0, total });
        for (const k of rows) {
          process.stdout.write(`${k.id}  ${k.status.padEnd(8)} ${k.plan.padEnd(10)} ${k.key_hint}  ${k.email ?? ''}  ${k.organization ?? ''}\n`);
        }
        process.stdout.write(`${rows.length} of ${total} keys\n`);
      }),
    );

  keys.command('show <id>').description('a key and its audit trail').action((id: string) => withService(config, logger, async (s) => print(await s.get(id))));

  for (const action of ['approve', 'reject', 'revoke', 'expire', 'reissue'] as KeyAction[]) {
    keys
      .command(`${action} <id>`)
      .description(action === 'reissue' ? 'replace the key: the old one stops working, the new one is shown once' : `${action} a key`)
      .action((id: string) =>
        withService(config, logger, async (s) => {
          const { record, token } = await s.act(id, action, actor());
          print(record);
          if (token) printKey(token);
        }),
      );
  }

  keys
    .command('set-limits <id>')
    .description('set the daily and/or monthly allowance of a Demo or Paid key ("none" removes one)')
    .option('--daily <n>', 'requests per UTC day', limitOption)
    .option('--monthly <n>', 'requests per UTC calendar month', limitOption)
    .action((id: string, opts: { daily?: number | null; monthly?: number | null }) =>
      withService(config, logger, async (s) => {
        const limits: Limits = { daily_limit: opts.daily, monthly_limit: opts.monthly };
        print(await s.setLimits(id, limits, actor()));
      }),
    );

  keys
    .command('create')
    .description('issue an active key directly (e.g. --plan internal); the key is shown once')
    .requiredOption('--plan <plan>', 'trial, demo, researcher, paid or internal')
    .option('--email <email>')
    .option('--name <name>')
    .option('--organization <organization>')
    .option('--daily <n>', 'daily allowance (Demo, Paid)', limitOption)
    .option('--monthly <n>', 'monthly allowance (Paid, Researcher)', limitOption)
    .action((opts: { plan: Plan; email?: string; name?: string; organization?: string; daily?: number | null; monthly?: number | null }) =>
      withService(config, logger, async (s) => {
        const { record, token } = await s.create(
          { plan: opts.plan, email: opts.email, name: opts.name, organization: opts.organization, daily_limit: opts.daily, monthly_limit: opts.monthly },
          actor(),
        );
        print(record);
        printKey(token);
      }),
    );
}
