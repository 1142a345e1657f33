import type { Command } from 'commander';
import type { Config } from '../shared/config/config';
import type { Database } from '../shared/db/database';
import { databaseModule } from '../shared/db/database.module';
import type { Logger } from '../shared/logging/logger';
import { cutDatasetRelease } from '../modules/releases';
import { Runtime } from '../shared/runtime/runtime';

/**
 * `gx release create [--id <id>]`: cuts a dataset release of the corpus as it is in Postgres now
 * (after a load, say): answers can then be asked `as_of` it, and answers without `as_of` carry its
 * id. Running processes learn of it by notification. Nothing changed since the latest release: no
 * new one (it says which is current).
 */
export async function releaseCreateCommand(config: Config, logger: Logger, options: { id?: string }): Promise<void> {
  const runtime = await Runtime.start(['database'], new Map([[databaseModule.name, databaseModule]]), config, logger);
  try {
    const outcome = await cutDatasetRelease(runtime.value<Database>('database'), config.releases, { id: options.id });
    if (!outcome) process.stdout.write('no release cut: the corpus is empty\n');
    else if (!outcome.cut) process.stdout.write(`no release cut: nothing changed since release ${outcome.release} (${outcome.papers} papers)\n`);
    else process.stdout.write(`cut release ${outcome.release}: ${outcome.papers} papers (${outcome.added} added, ${outcome.changed} changed, ${outcome.removed} removed since the previous release)\n`);
  } finally {
    await runtime.stop();
  }
}

export function registerReleaseCommands(program: Command, config: Config, logger: Logger): void {
  const release = program.command('release').description('dataset releases: named, immutable states of the corpus that answers can be asked as of');
  release
    .command('create')
    .description('cut a release of the corpus as it is now (the daily ingest cuts one by itself)')
    .option('--id <id>', 'the release id (default: the UTC date, with .2, .3… for a second cut that day; the first release is named DATASET_VERSION)')
    .action((opts: { id?: string }) => releaseCreateCommand(config, logger, opts));
}
