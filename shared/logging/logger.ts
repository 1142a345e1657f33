import pino, { type Logger } from 'pino';

export type { Logger };

/** Fields that must never reach a log line (API keys arrive in these). */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', '*.apiKey', '*.password'];

/** Structured JSON logs on stdout, one object a line. */
export function createLogger(options: { level: string; name?: string }): Logger {
  return pino({
    level: options.level,
    name: options.name ?? 'gx',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT, censor: '[redacted]' },
    formatters: { level: (label) => ({ level: label }) },
  });
}
