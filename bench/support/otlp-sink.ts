import http from 'node:http';
import zlib from 'node:zlib';

/**
 * A stand-in OTLP/HTTP collector for the telemetry benchmark: answers 200 `{}` to every
 * POST /v1/traces (the OTLP/JSON success answer) and counts the spans in it; GET /count answers the
 * tallies as JSON. Run as a child process: `node otlp-sink.js <port>`.
 *
 * Spans are counted as occurrences of `"spanId":` (one a span; `parentSpanId` does not match and the
 * server sends no links), much cheaper than parsing: the sink shares the machine with the server
 * under test and should cost it as little as possible. The first batch is also parsed, to check it.
 */
const portArg = process.argv[2];
if (!portArg) {
  process.stderr.write('usage: otlp-sink <port>\n');
  process.exit(2);
}

const SPAN_ID = Buffer.from('"spanId":');
const tally = { spans: 0, batches: 0, bytes: 0, rejected: 0, countChecked: false, countAgrees: true };

function countSpanIds(body: Buffer): number {
  let n = 0;
  for (let at = body.indexOf(SPAN_ID); at >= 0; at = body.indexOf(SPAN_ID, at + SPAN_ID.length)) n++;
  return n;
}

type TracesRequest = { resourceSpans?: { scopeSpans?: { spans?: unknown[] }[] }[] };
function parsedSpanCount(body: Buffer): number {
  const doc = JSON.parse(body.toString('utf8')) as TracesRequest;
  return (doc.resourceSpans ?? []).flatMap((r) => r.scopeSpans ?? []).reduce((n, s) => n + (s.spans?.length ?? 0), 0);
}

function receive(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer): void {
  let body = raw;
  try {
    if (req.headers['content-encoding'] === 'gzip') body = zlib.gunzipSync(raw);
    const spans = countSpanIds(body);
    if (!tally.countChecked) {
      tally.countChecked = true;
      tally.countAgrees = parsedSpanCount(body) === spans;
    }
    tally.spans += spans;
    tally.batches++;
    tally.bytes += raw.length;
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  } catch {
    tally.rejected++;
    res.writeHead(400, { 'Content-Type': 'application/json' }).end('{}');
  }
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/count') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(tally));
    return;
  }
  if (req.method !== 'POST' || req.url !== '/v1/traces') {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => receive(req, res, Buffer.concat(chunks)));
});
server.keepAliveTimeout = 65_000;
server.listen(Number(portArg), '127.0.0.1');

process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
