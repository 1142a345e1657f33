import { type Request, type Response, type Router, Router as createRouter } from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ProblemError } from '../../../shared/errors/problem';
import type { Logger } from '../../../shared/logging/logger';
import { READ_ONLY, type AgentTool, type ToolRequest } from '../../../shared/agents/agent-tool';
import { bufferedResponse, type DoorAnswer, type DoorDispatch } from './door-dispatch';
import { MCP_PATH } from './mcp-path';
import { parseObject, RATE_LIMIT_HEADERS, toToolError, toToolSuccess } from './tool-result';

export { MCP_PATH };
/** JSON-RPC messages are small; anything larger is refused with 413 before it is parsed. */
const MAX_MCP_BODY_BYTES = 64 * 1024;

/** What the tools of one `/mcp` request send with their requests, decided once per request. */
export interface McpCaller {
  /** Headers for every tool's request (the caller's Authorization on the data-API door). */
  headers?: Record<string, string>;
}

export interface McpEndpointOptions {
  server: { name: string; title: string; version: string; instructions: string };
  tools: readonly AgentTool[];
  /** The door's own request handler, in process. */
  dispatch: () => DoorDispatch;
  /** Checks the `/mcp` request before any message is read; throws a ProblemError to refuse it. */
  caller(req: Request): Promise<McpCaller>;
  /**
   * A tool's answer that refuses the client rather than the call (the public door's per-IP limit):
   * when every tool call of a `/mcp` request gets one, the `/mcp` request is answered with it over
   * HTTP (429 and its Retry-After), where MCP clients expect a refusal; else each is a tool error.
   */
  refusesTheClient?(answer: DoorAnswer): boolean;
  logger: Logger;
}

/** A further read of a tool call that was answered with an error: the call's result is that error. */
class FailedRead extends Error {
  constructor(readonly answer: DoorAnswer) {
    super(`a tool's read was answered ${answer.status}`);
  }
}

/** The headers of a refusal the `/mcp` response repeats (not the tool request's own id, CORS or caching). */
const REFUSAL_HEADERS = ['content-type', 'retry-after', ...RATE_LIMIT_HEADERS];

/** Headers of the MCP transport's answer that belong to its connection, not to the answer. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/**
 * A stateless MCP server (Streamable HTTP, JSON responses, no sessions) at `POST /mcp`: a new server
 * for every request, whose tools each make the GET (or POST) they stand for through the door itself (see
 * `door-dispatch.ts`). The door's policies therefore apply to every tool call exactly as to the
 * HTTP request, and its answer (JSON, or problem+json as a tool error, see `tool-result.ts`) is the
 * tool's result, after the tool's `present` (compact records, further reads) when it has one; each
 * tool declares its result's schema (`outputSchema`). Other methods get 405: without sessions there
 * is no stream to open (GET) or close (DELETE).
 *
 * The transport answers into memory (`bufferedResponse`); the endpoint then sends that answer, with
 * the quota state of the latest tool call's request, or the refusal of `refusesTheClient`.
 */
export function mcpEndpoint(options: McpEndpointOptions): Router {
  const router = createRouter();
  const { tools, logger } = options;

  router.post(MCP_PATH, async (req: Request, res: Response) => {
    const caller = await options.caller(req);
    const dispatch = options.dispatch();
    const clientIp = req.ip ?? req.socket.remoteAddress ?? '0.0.0.0';
    const send = (request: ToolRequest, alreadyCounted: boolean) =>
      dispatch({ path: request.path, query: request.query, body: request.body, headers: caller.headers, clientIp, parentRequestId: req.requestId, alreadyCounted });
    let calls = 0;
    const refusals: DoorAnswer[] = [];
    let latest: DoorAnswer | undefined;

    const call = async (tool: AgentTool, args: Record<string, unknown>): Promise<CallToolResult> => {
      calls += 1;
      try {
        const answer = await send(tool.request(args), false);
        latest = answer;
        if (answer.status >= 400) {
          if (options.refusesTheClient?.(answer)) refusals.push(answer);
          return toToolError(answer);
        }
        const body = parseObject(answer.body);
        if (!body) return toToolError(answer);
        if (!tool.present) return toToolSuccess(answer, body);
        // Further reads are part of this call: covered by its count on the public door.
        const read = async (request: ToolRequest) => {
          const further = await send(request, true);
          if (further.status >= 400) throw new FailedRead(further);
          return further.body;
        };
        try {
          return toToolSuccess(answer, await tool.present(body, { args, read }));
        } catch (err) {
          if (err instanceof FailedRead) return toToolError(err.answer);
          throw err;
        }
      } catch (err) {
        logger.error({ err, request_id: req.requestId, tool: tool.name }, 'MCP tool failed');
        return toToolError({ status: 500, headers: {}, body: JSON.stringify({ status: 500, code: 'internal_error', detail: 'The tool failed unexpectedly.' }) });
      }
    };

    const server = new McpServer(
      { name: options.server.name, title: options.server.title, version: options.server.version },
      { instructions: options.server.instructions },
    );
    for (const tool of tools) {
      server.registerTool(
        tool.name,
        { title: tool.title, description: tool.description, inputSchema: tool.input, outputSchema: tool.output, annotations: READ_ONLY },
        (args: Record<string, unknown>) => call(tool, args),
      );
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_MCP_BODY_BYTES });
    res.once('close', () => {
      void transport.close();
      void server.close();
    });
    // Answers differ by caller and by call: no browser or shared cache may keep them.
    res.setHeader('Cache-Control', 'no-store');
    req.routeLabel = MCP_PATH;
    await server.connect(transport);
    const buffered = bufferedResponse(req);
    await transport.handleRequest(req, buffered.res);
    const answer = await buffered.answer;

    if (calls > 0 && refusals.length === calls) {
      // Every call was refused for the client's sake: the request itself is refused, as over HTTP.
      const refusal = refusals[refusals.length - 1]!;
      const headers = Object.fromEntries(REFUSAL_HEADERS.map((name) => [name, refusal.headers[name]]));
      return sendAnswer(res, { ...refusal, headers });
    }
    // The quota state after the latest call, on the /mcp response too.
    for (const name of RATE_LIMIT_HEADERS) if (latest?.headers[name] !== undefined) answer.headers[name] = latest.headers[name];
    sendAnswer(res, answer);
  });

  router.all(MCP_PATH, () => {
    throw new ProblemError(405, 'method_not_allowed', 'The MCP endpoint is stateless: send JSON-RPC messages with POST (Streamable HTTP, no sessions).', {}, { Allow: 'POST' });
  });

  return router;
}

/** Sends an answer given in memory (the transport's, or a tool's refusal) as this request's response. */
function sendAnswer(res: Response, answer: DoorAnswer): void {
  if (res.headersSent) return void res.end();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !CONNECTION_HEADERS.has(name)) res.setHeader(name, value);
  }
  res.status(answer.status).end(answer.body);
}
