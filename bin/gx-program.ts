import { Argument, Command } from 'commander';
import type { Config } from '../shared/config/config';
import type { Tracing } from '../shared/telemetry/tracing';
import { createLogger } from '../shared/logging/logger';
import { TARGETS } from '../services/registry';
import { registerKeyCommands } from '../cli/keys.command';
import { LOAD_KINDS, loadCommand, parseBatchSize, type LoadKind, type LoadKindName } from '../cli/load.command';
import { reindexCommand } from '../cli/reindex.command';
import { registerReleaseCommands } from '../cli/release.command';
import { migrateCommand } from '../cli/migrate.command';
import { registerIngestCommands } from '../cli/ingest.command';
import { startCommand } from '../cli/start.command';
import { OPENAPI_DOORS, openApiCommand, type OpenApiDoor } from '../cli/openapi.command';
import { describeFailure } from '../cli/failure';

/** `gx`: the operators' command line, once configuration and tracing are in place (gx-cli.ts). */
export function runProgram(config: Config, tracing: Tracing | undefined): void {
  // A command's stdout is its answer (`gx keys list --json | jq`), so its log goes to stderr; a
  // server's stdout is its log (`gx start`, as containers and log shippers expect).
  const logger = createLogger({ level: config.logLevel, destination: 'stderr' });
  let serving = false;
  const program = new Command('gx').description('GX research search platform').showHelpAfterError();

  program
    .command('start')
    .description('start the services of a target')
    .option('-t, --target <names>', `a target or a comma-separated list of them (gateway,public-search): ${Object.keys(TARGETS).join(', ')}`, 'all')
    .action((opts: { target: string }) => {
      serving = true; // its tracing stops at shutdown, not when start-up is done
      return startCommand(config, createLogger({ level: config.logLevel, destination: 'stdout' }), opts.target, tracing);
    });

  const load = program
    .command('load')
    .description('load records from a JSON Lines file; bad lines are reported by number, the good ones loaded (exit code 2 when some were rejected)');
  for (const [kind, definition] of Object.entries(LOAD_KINDS) as [LoadKindName, LoadKind][]) {
    const command = load
      .command(`${kind} <file>`)
      .description(definition.description)
      .option('--batch-size <n>', `${definition.unit} per database statement`, parseBatchSize, 500);
    if (definition.after) command.option('--index-files', definition.afterOption ?? '', false);
    command.action((file: string, opts: { batchSize: number; indexFiles?: boolean }) => loadCommand(config, logger, kind, file, opts.batchSize, { forceAfter: opts.indexFiles === true }));
  }

  program
    .command('reindex')
    .description('rebuild the keyword index from Postgres and swap it in without downtime')
    .action(() => reindexCommand(config, logger));

  program
    .command('migrate')
    .description("apply the pending database migrations and exit (the schema owner's step; services with DATABASE_MIGRATE=false only check)")
    .action(() => migrateCommand(config, logger));

  program
    .command('openapi')
    .description("print a door's OpenAPI 3.1 document (as it serves it at /openapi.json) without starting anything")
    .addArgument(new Argument('<door>', 'public: the public door; api: the data API').choices(OPENAPI_DOORS))
    .option('-o, --out <file>', 'write it to this file instead of stdout')
    .action((door: OpenApiDoor, opts: { out?: string }) => openApiCommand(config, door, opts.out));

  registerKeyCommands(program, config, logger);
  registerIngestCommands(program, config, logger);
  registerReleaseCommands(program, config, logger);

  // Every failure: its cause in one line on stderr (the stack with LOG_LEVEL=debug), exit code 1.
  // A one-shot command that returns sends its spans before the process ends.
  program.parseAsync(process.argv).then(
    () => (serving ? undefined : tracing?.stop()),
    (err: unknown) => {
      logger.debug({ err }, 'command failed');
      process.stderr.write(`gx: ${describeFailure(err)}\n`);
      process.exit(1);
    },
  );
}
