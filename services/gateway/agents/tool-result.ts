import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DoorAnswer } from './door-dispatch';

/**
 * Headers of the door's answer an agent needs and would not otherwise see (MCP carries no HTTP
 * headers of the tool's request): its request id, the rate-limit and quota state, Retry-After, and
 * the data API's provenance, which citations quote.
 */
const PASSED_HEADERS = [
  'x-request-id',
  'x-cache',
  'retry-after',
  'ratelimit',
  'ratelimit-policy',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-limit-month',
  'x-ratelimit-remaining-month',
  'x-dataset-version',
  'x-sne-framework-doi',
  'x-disclaimer',
] as const;

/** Quota and rate-limit headers, which the `/mcp` response repeats from its tools' requests. */
export const RATE_LIMIT_HEADERS = PASSED_HEADERS.filter((h) => h.includes('ratelimit'));

function passedHeaders(answer: DoorAnswer): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = answer.headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

function parseObject(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The door's answer as a tool result. A success is its JSON body, as `structuredContent` and as
 * text; a problem (any status from 400) is a tool error carrying the problem+json body (`code`,
 * `detail`, `status`, …) the same request gets over HTTP. `_meta.http` holds the status and the
 * headers above.
 */
export function toToolResult(answer: DoorAnswer): CallToolResult {
  const body = parseObject(answer.body);
  const _meta = { http: { status: answer.status, headers: passedHeaders(answer) } };
  if (answer.status < 400 && body) {
    return { content: [{ type: 'text', text: answer.body }], structuredContent: body, _meta };
  }
  const problem = body ?? { status: answer.status, code: 'internal_error', detail: 'The service gave an answer that could not be read.' };
  const retryAfter = _meta.http.headers['retry-after'];
  const text = `${String(problem.code)} (HTTP ${answer.status}): ${String(problem.detail ?? problem.title ?? '')}${retryAfter ? ` Retry after ${retryAfter} seconds.` : ''}`;
  return { isError: true, content: [{ type: 'text', text }], structuredContent: problem, _meta };
}
