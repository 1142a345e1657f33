import { Command } from 'commander';
import { ConfigError, loadConfig } from '../shared/config/config';
import { createLogger } from '../shared/logging/logger';
import { TARGETS } from '../services/registry';
import { registerKeyCommands } from '../cli/keys.command';
import { LOAD_KINDS, loadCommand, parseBatchSize, type LoadKind, type LoadKindName } from '../cli/load.command';
import { reindexCommand } from '../cli/reindex.command';
import { registerIngestCommands } from '../cli/ingest.command';
import { startCommand } from '../cli/start.command';
import { describeFailure } from '../cli/failure';

/** `gx`: the operators' command line. Configuration comes from the environment (see README). */
function main(): void {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  // A command's stdout is its answer (`gx keys list --json | jq`), so its log goes to stderr; a
  // server's stdout is its log (`gx start`, as containers and log shippers expect).
  const logger = createLogger({ level: config.logLevel, destination: 'stderr' });
  const program = new Command('gx').description('GX research search platform').showHelpAfterError();

  program
    .command('start')
    .description('start the services of a target')
    .option('-t, --target <name>', `one of: ${Object.keys(TARGETS).join(', ')}`, 'all')
    .action((opts: { target: string }) => startCommand(config, createLogger({ level: config.logLevel, destination: 'stdout' }), opts.target));

  const load = program
    .command('load')
    .description('load records from a JSON Lines file; bad lines are reported by number, the good ones loaded (exit code 2 when some were rejected)');
  for (const [kind, definition] of Object.entries(LOAD_KINDS) as [LoadKindName, LoadKind][]) {
    load
      .command(`${kind} <file>`)
      .description(definition.description)
      .option('--batch-size <n>', `${definition.unit} per database statement`, parseBatchSize, 500)
      .action((file: string, opts: { batchSize: number }) => loadCommand(config, logger, kind, file, opts.batchSize));
  }

  program
    .command('reindex')
    .description('rebuild the keyword index from Postgres and swap it in without downtime')
    .action(() => reindexCommand(config, logger));

  registerKeyCommands(program, config, logger);
  registerIngestCommands(program, config, logger);

  // Every failure: its cause in one line on stderr (the stack with LOG_LEVEL=debug), exit code 1.
  program.parseAsync(process.argv).catch((err: unknown) => {
    logger.debug({ err }, 'command failed');
    process.stderr.write(`gx: ${describeFailure(err)}\n`);
    process.exit(1);
  });
}

main();
