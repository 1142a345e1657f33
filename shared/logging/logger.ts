import pino, { type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** Fields that must never reach a log line (API keys arrive in these). */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', '*.apiKey', '*.password'];

/**
 * Structured JSON logs, one object a line: on stdout for a server (`gx start`: its output is its log),
 * on stderr for a command whose stdout is its answer (`gx keys list --json | jq`).
 */
export function createLogger(options: { level: string; name?: string; destination?: 'stdout' | 'stderr' }): Logger {
  const settings = {
    level: options.level,
    name: options.name ?? 'gx',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT, censor: '[redacted]' },
    formatters: { level: (label) => ({ level: label }) },
  } satisfies LoggerOptions;
  // stderr written synchronously, so a line logged just before process.exit is not lost.
  return options.destination === 'stderr' ? pino(settings, pino.destination({ dest: 2, sync: true })) : pino(settings);
}
