import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Router, type Response } from 'express';
import type { KeyVerifier } from '../../../modules/api-keys';
import type { Config } from '../../../shared/config/config';
import { ProblemError, serviceUnavailable } from '../../../shared/errors/problem';
import { noQueryParams, parseQuery, type RawQuery } from '../../../shared/http/request-schema';
import type { Logger } from '../../../shared/logging/logger';
import type { DoorContribution } from '../../../shared/runtime/module';
import { PUBLIC_CORS_HEADERS } from '../cors';
import { inProcess } from './door-dispatch';
import { apiLlmsTxt, LLMS_TXT_CACHE_CONTROL, LLMS_TXT_CONTENT_TYPE, LLMS_TXT_PATH, publicLlmsTxt } from './llms-txt';
import { MCP_PATH, mcpEndpoint } from './mcp-endpoint';

const VERSION = '1.0.0';

const toolsOf = (contributions: DoorContribution[]) => contributions.flatMap((c) => c.tools ?? []);

function llmsTxtRoute(text: string): Router {
  const router = Router();
  router.get(LLMS_TXT_PATH, (req, res: Response) => {
    parseQuery(noQueryParams, req.query as RawQuery);
    res.setHeader('Cache-Control', LLMS_TXT_CACHE_CONTROL);
    res.setHeader('Content-Type', LLMS_TXT_CONTENT_TYPE);
    res.send(text);
  });
  return router;
}

/**
 * The public door's agent routes: `/llms.txt` and the MCP server (no key). `door` is the door's own
 * request handler, which the tools send their searches through with the client's address.
 */
export function publicAgentRoutes(deps: { config: Config; logger: Logger; door: () => RequestListener; contributions: DoorContribution[] }): Router {
  const router = Router();
  router.use(llmsTxtRoute(publicLlmsTxt(deps.config, deps.contributions)));
  router.use(
    mcpEndpoint({
      server: {
        name: 'gx-paper-search',
        title: 'GX Research Paper Search',
        version: VERSION,
        instructions: `Keyword search over GX, ESG and climate research papers (Japanese, English, Chinese). Use searchPapers to find papers, getPaper for one record by id. Cite papers by citation_url. Details: ${deps.config.publicBaseUrl}${LLMS_TXT_PATH}`,
      },
      tools: toolsOf(deps.contributions),
      dispatch: () => inProcess(deps.door()),
      // The /mcp request is not counted against the client's per-IP limit (door-dispatch.ts
      // `wasCounted`): each tool call is, as the GET it makes through the door. A request whose
      // every call the limit refused is answered 429 itself.
      caller: async () => ({}),
      refusesTheClient: (answer) => answer.status === 429,
      logger: deps.logger,
    }),
  );
  return router;
}

/** CORS preflight of `/mcp` on the public door, which (unlike the rest of the door) takes POST. */
export function answerMcpPreflight(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'OPTIONS' || (req.url ?? '').split('?')[0] !== MCP_PATH) return false;
  for (const [name, value] of Object.entries(PUBLIC_CORS_HEADERS)) res.setHeader(name, value);
  res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'Content-Type, Accept, Mcp-Protocol-Version');
  res.setHeader('Access-Control-Max-Age', '86400');
  res.statusCode = 204;
  res.end();
  return true;
}

/**
 * The data-API door's agent routes: `/llms.txt` (no key) and the MCP server. Every `/mcp` request
 * must carry a valid key (checked, not charged: 401/403 exactly as on `/api/v1/*`); each tool call
 * then makes its `/api/v1/*` request through the door with that same Authorization header, so the
 * guard charges it to the key like the HTTP request (burst, allowance, headers, 5xx given back).
 */
export function apiAgentRoutes(deps: {
  config: Config;
  logger: Logger;
  verifier: KeyVerifier;
  door: () => RequestListener;
  keyApplicationsPath: string;
  contributions: DoorContribution[];
}): Router {
  const { config, logger } = deps;
  const router = Router();
  router.use(llmsTxtRoute(apiLlmsTxt(config, deps.contributions, { keyApplications: deps.keyApplicationsPath })));
  router.use(
    mcpEndpoint({
      server: {
        name: 'gx-data-api',
        title: 'GX Data API',
        version: VERSION,
        instructions: `Japanese listed companies' sustainability disclosures, decarbonisation metrics, paper search and intelligence events. Every tool call is charged to your API key like the HTTP request it makes. Figures are AI-extracted: verify against the source PDF before citing. Details: ${LLMS_TXT_PATH} on this host.`,
      },
      tools: toolsOf(deps.contributions),
      dispatch: () => inProcess(deps.door()),
      caller: async (req) => {
        const authorization = req.headers.authorization;
        if (!config.apiKeys.authDisabled) {
          try {
            await deps.verifier.verify(authorization);
          } catch (err) {
            if (err instanceof ProblemError) throw err;
            logger.error({ err: (err as Error)?.message ?? String(err) }, 'data-API key store failed');
            throw serviceUnavailable('auth_unavailable', 'Keys cannot be checked right now; retry in a moment.');
          }
        }
        return { headers: authorization ? { authorization } : undefined };
      },
      logger,
    }),
  );
  return router;
}
