import { ConfigError, loadConfig } from '../shared/config/config';
import { startTracing } from '../shared/telemetry/tracing';

/**
 * `gx`'s entry point: configuration first, then tracing, and only then the program. The tracing
 * instrumentations patch http, express, pg and ioredis as they are first required, so nothing that
 * loads them may come before (which is why this file imports nothing else).
 */
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
  const tracing = startTracing(config.telemetry);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after tracing on purpose
  const { runProgram } = require('./gx-program') as typeof import('./gx-program');
  runProgram(config, tracing);
}

main();
