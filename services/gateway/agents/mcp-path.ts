import type { IncomingMessage } from 'node:http';

export const MCP_PATH = '/mcp';

/** True for a request express routes to the MCP endpoint (its routing ignores case and a trailing slash). */
export function isMcpRequest(req: IncomingMessage): boolean {
  const path = (req.url ?? '').split('?')[0]!.toLowerCase();
  return path === MCP_PATH || path === `${MCP_PATH}/`;
}
