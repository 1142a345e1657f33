import fs from 'node:fs';
import http from 'node:http';

/**
 * The baseline: a bare Node `http` server answering every request with one fixed JSON body.
 * Run as a child process: `node bare-server.js <body file> <port>`.
 */
const [bodyFile, portArg] = process.argv.slice(2);
if (!bodyFile || !portArg) {
  process.stderr.write('usage: bare-server <body file> <port>\n');
  process.exit(2);
}
const body = fs.readFileSync(bodyFile);
const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length) };

const server = http.createServer((_req, res) => {
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
