import fs from 'node:fs';
import http from 'node:http';

/**
 * The baseline: a bare Node `http` server answering every request with one fixed JSON body.
 * Run as a child process: `node bare-server.js <body file> <port> [plain|hooks]`.
 *
 * `hooks` adds the per-request telemetry hooks every gx request passes with tracing off: the access
 * log (`accessLog(logger)` at `warn`, as the benchmarks run gx: the request-duration histogram,
 * `trace.getSpan(context.active())`, a `close` listener; no log line) and the edge cache's hit/miss
 * counter. They are loaded only then, so `plain` carries neither them nor prom-client's collectors.
 */
const [bodyFile, portArg, mode = 'plain'] = process.argv.slice(2);
if (!bodyFile || !portArg || (mode !== 'plain' && mode !== 'hooks')) {
  process.stderr.write('usage: bare-server <body file> <port> [plain|hooks]\n');
  process.exit(2);
}
const body = fs.readFileSync(bodyFile);
const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length) };

type Hook = (req: http.IncomingMessage, res: http.ServerResponse) => void;
function telemetryHooks(): Hook {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only in `hooks` mode */
  const { accessLog } = require('../../shared/http/access-log') as typeof import('../../shared/http/access-log');
  const { createLogger } = require('../../shared/logging/logger') as typeof import('../../shared/logging/logger');
  const { counter } = require('../../shared/telemetry/metrics') as typeof import('../../shared/telemetry/metrics');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const log = accessLog(createLogger({ level: 'warn' }));
  // The same metric services/gateway/edge-cache.ts counts each lookup on.
  const lookups = counter('gx_edge_cache_requests_total', 'GET requests the edge cache looked up, by result: hit or miss', ['result']);
  return (req, res) => {
    log(req, res);
    lookups.inc({ result: 'hit' });
  };
}
const hook = mode === 'hooks' ? telemetryHooks() : undefined;

const server = http.createServer((req, res) => {
  hook?.(req, res);
  res.writeHead(200, headers);
  res.end(body);
});
// Same keep-alive setting as the gateway, so neither side reconnects more than the other.
server.keepAliveTimeout = 65_000;
server.listen(Number(portArg), '127.0.0.1');

process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
