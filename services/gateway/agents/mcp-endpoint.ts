import { type Request, type Response, type Router, Router as createRouter } from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ProblemError } from '../../../shared/errors/problem';
import type { Logger } from '../../../shared/logging/logger';
import { READ_ONLY, type AgentTool } from '../../../shared/agents/agent-tool';
import type { DoorDispatch } from './door-dispatch';
import { RATE_LIMIT_HEADERS, toToolResult } from './tool-result';

export const MCP_PATH = '/mcp';
/** JSON-RPC messages are small; anything larger is refused with 413 before it is parsed. */
const MAX_MCP_BODY_BYTES = 64 * 1024;

/** What the tools of one `/mcp` request send with their requests, decided once per request. */
export interface McpCaller {
  /** Headers for every tool's request (the caller's Authorization on the data-API door). */
  headers?: Record<string, string>;
  /**
   * How many tool calls of this `/mcp` request its own per-IP count already covers (public door: 1,
   * so a request carrying one tool call counts once, as the GET it stands for; a batch of calls pays
   * for every further call). 0 on the data-API door: there only the tools' requests are charged.
   */
  prepaidCalls: number;
}

export interface McpEndpointOptions {
  server: { name: string; title: string; version: string; instructions: string };
  tools: readonly AgentTool[];
  /** The door's own request handler, in process. */
  dispatch: () => DoorDispatch;
  /** Checks the `/mcp` request before any message is read; throws a ProblemError to refuse it. */
  caller(req: Request): Promise<McpCaller>;
  logger: Logger;
}

/**
 * A stateless MCP server (Streamable HTTP, JSON responses, no sessions) at `POST /mcp`: a new server
 * for every request, whose tools each make the GET they stand for through the door itself (see
 * `door-dispatch.ts`). The door's policies therefore apply to every tool call exactly as to the
 * HTTP request, and its answer (JSON, or problem+json as a tool error) is the tool's result. Other
 * methods get 405: without sessions there is no stream to open (GET) or close (DELETE).
 */
export function mcpEndpoint(options: McpEndpointOptions): Router {
  const router = createRouter();
  const { tools, logger } = options;

  router.post(MCP_PATH, async (req: Request, res: Response) => {
    const caller = await options.caller(req);
    const dispatch = options.dispatch();
    let prepaid = caller.prepaidCalls;
    const clientIp = req.ip ?? req.socket.remoteAddress ?? '0.0.0.0';

    const call = async (tool: AgentTool, args: Record<string, unknown>): Promise<CallToolResult> => {
      const { path, query } = tool.request(args);
      const alreadyCounted = prepaid > 0;
      prepaid -= 1;
      try {
        const answer = await dispatch({ path, query, headers: caller.headers, clientIp, parentRequestId: req.requestId, alreadyCounted });
        // The quota state after the latest call, on the /mcp response too (when it is still to be written).
        if (!res.headersSent) {
          for (const name of RATE_LIMIT_HEADERS) if (answer.headers[name] !== undefined) res.setHeader(name, String(answer.headers[name]));
        }
        return toToolResult(answer);
      } catch (err) {
        logger.error({ err, request_id: req.requestId, tool: tool.name }, 'MCP tool failed');
        return toToolResult({ status: 500, headers: {}, body: JSON.stringify({ status: 500, code: 'internal_error', detail: 'The tool failed unexpectedly.' }) });
      }
    };

    const server = new McpServer(
      { name: options.server.name, title: options.server.title, version: options.server.version },
      { instructions: options.server.instructions },
    );
    for (const tool of tools) {
      server.registerTool(
        tool.name,
        { title: tool.title, description: tool.description, inputSchema: tool.input, annotations: READ_ONLY },
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
    await transport.handleRequest(req, res);
  });

  router.all(MCP_PATH, () => {
    throw new ProblemError(405, 'method_not_allowed', 'The MCP endpoint is stateless: send JSON-RPC messages with POST (Streamable HTTP, no sessions).', {}, { Allow: 'POST' });
  });

  return router;
}
