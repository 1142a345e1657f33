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

export function parseObject(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** `_meta.http` of a result: the status and the headers above of the door's answer. */
export const httpMeta = (answer: DoorAnswer) => ({ status: answer.status, headers: passedHeaders(answer) });

/** A tool's result from its structured content (the tool's output, which its output schema describes), as text too. */
export function toToolSuccess(answer: DoorAnswer, content: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(content) }], structuredContent: content, _meta: { http: httpMeta(answer) } };
}

/**
 * A tool error from the door's answer (any status from 400): the problem+json body the same request
 * gets over HTTP (`code`, `detail`, `status`, …), as the text content (JSON) and as `_meta.problem`.
 * It carries no `structuredContent`: that is the tool's output, whose schema describes a success (the
 * SDK client checks any structured content against it, an error's too). An answer that is not a
 * problem body becomes `internal_error`.
 */
export function toToolError(answer: DoorAnswer): CallToolResult {
  const body = parseObject(answer.body);
  const problem = body && typeof body.code === 'string' ? body : { status: answer.status >= 400 ? answer.status : 500, code: 'internal_error', detail: 'The service gave an answer that could not be read.' };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(problem) }], _meta: { http: httpMeta(answer), problem } };
}
