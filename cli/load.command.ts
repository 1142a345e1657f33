import fs from 'node:fs';
import { SingleBar, Presets } from 'cli-progress';
import type { Config } from '../shared/config/config';
import type { Database } from '../shared/db/database';
import { databaseModule } from '../shared/db/database.module';
import { createKeywordIndex } from '../shared/keyword-index/keyword-index.factory';
import type { Logger } from '../shared/logging/logger';
import { readJsonLines } from '../shared/papers/json-lines';
import { loadPapers } from '../shared/papers/paper-loader';
import { PaperRepository } from '../shared/papers/paper.repository';
import { Runtime } from '../shared/runtime/runtime';

/**
 * `gx load papers FILE`: upserts into Postgres and, batch by batch, into a shared search engine.
 * Running processes with an embedded index follow the change through Postgres notifications.
 * Exit code 0 when every line loaded, 2 when some lines were rejected (the good ones are loaded).
 */
export async function loadCommand(config: Config, logger: Logger, file: string, batchSize: number): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`no such file: ${file}`);
  const runtime = await Runtime.start(['database'], new Map([[databaseModule.name, databaseModule]]), config, logger);
  const index = createKeywordIndex(config);
  const shared = !index.processLocal;
  const bar = process.stderr.isTTY
    ? new SingleBar({ format: 'papers |{bar}| {percentage}% | {value}/{total} bytes | line {line}', stream: process.stderr }, Presets.shades_classic)
    : undefined;
  try {
    if (shared) await index.init();
    bar?.start(fs.statSync(file).size, 0, { line: 0 });
    const report = await loadPapers(readJsonLines(file), new PaperRepository(runtime.value<Database>('database')), {
      batchSize,
      indexes: shared ? [index] : [],
      onProgress: ({ lines, bytes }) => bar?.update(bytes, { line: lines }),
    });
    bar?.stop();
    for (const { line, error } of report.rejected) process.stderr.write(`line ${line}: ${error}\n`);
    process.stdout.write(
      `${file}: ${report.read} lines read, ${report.inserted} inserted, ${report.updated} updated, ` +
        `${report.unchanged} unchanged, ${report.repeated} repeated in the file, ${report.rejected.length} rejected\n`,
    );
    if (report.rejected.length > 0) process.exitCode = 2;
  } finally {
    bar?.stop();
    await index.close();
    await runtime.stop();
  }
}
