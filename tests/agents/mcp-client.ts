import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { waitFor } from '../support/wait-for';

/** One HTTP exchange the MCP client made. */
export interface Exchange {
  method: string;
  status: number;
  headers: Headers;
}

/**
 * A fetch for the SDK's transport that records every exchange and can wait until none is in flight
 * (the client opens its optional GET stream in the background after initialising).
 */
export function trackingFetch() {
  const pending = new Set<Promise<unknown>>();
  const exchanges: Exchange[] = [];
  const tracked = (url: string | URL, init?: RequestInit): Promise<Response> => {
    const p = fetch(url, init).then((res) => {
      exchanges.push({ method: init?.method ?? 'GET', status: res.status, headers: res.headers });
      return res;
    });
    pending.add(p);
    void p.then(
      () => pending.delete(p),
      () => pending.delete(p),
    );
    return p;
  };
  return {
    fetch: tracked,
    exchanges,
    /** The last POST's exchange (a tool call, a listing). */
    lastPost: () => [...exchanges].reverse().find((e) => e.method === 'POST'),
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export type McpConnection = Awaited<ReturnType<typeof connectMcp>>;

/** The SDK's own client over Streamable HTTP, at `{baseUrl}/mcp`, sending `headers` with every request. */
export async function connectMcp(baseUrl: string, headers: Record<string, string> = {}) {
  const http = trackingFetch();
  const client = new Client({ name: 'gx-agents-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), { requestInit: { headers }, fetch: http.fetch });
  await client.connect(transport);
  return {
    client,
    http,
    /** Calls a tool; the result as the protocol gives it. */
    call: (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    close: () => client.close(),
  };
}

/**
 * The problem body of a tool error: `_meta.problem`, the same as its text content (JSON). A tool
 * error carries no structured content (that is the tool's output, which its output schema describes).
 */
export const problemOf = (result: CallToolResult) => {
  if (result.isError !== true) throw new Error(`expected a tool error, got ${JSON.stringify(result).slice(0, 500)}`);
  if (result.structuredContent !== undefined) throw new Error('a tool error carries no structured content');
  const problem = (result._meta as { problem: { code: string; status: number; detail: string } }).problem;
  const text = (result.content[0] as { type: string; text: string }).text;
  if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(problem)) throw new Error(`the text content is not the problem: ${text}`);
  return problem;
};

/** A search record as an agent gets it (compact): `title_ja` / `title_en` left out when equal to `title`, with their highlights. */
export function compactOf(record: Record<string, unknown>): Record<string, unknown> {
  const repeated = ['title_ja', 'title_en'].filter((k) => k in record && record[k] === record.title);
  const out = Object.fromEntries(Object.entries(record).filter(([k]) => !repeated.includes(k)));
  if (Array.isArray(record.highlights)) out.highlights = (record.highlights as Array<{ field: string }>).filter((h) => !repeated.includes(h.field));
  return out;
}

/** A search answer as an agent gets it: its records (`key`) compact (a null, a batch's paper not found, stays null). */
export const compactAnswerOf = (answer: Record<string, unknown>, key: string) => ({
  ...answer,
  [key]: (answer[key] as Array<Record<string, unknown> | null>).map((record) => (record === null ? null : compactOf(record))),
});

/** A paper as `getPaper` gives its record fields: compact, and without `abstract_ja` (its `ai_summary_ja` is that text in full). */
export const agentRecordOf = (record: Record<string, unknown>) => {
  const { abstract_ja: _abstractJa, ...rest } = compactOf(record);
  return rest;
};

/** The HTTP status and headers the tool's own request was answered with (`_meta.http`). */
export const httpOf = (result: CallToolResult) => (result._meta as { http: { status: number; headers: Record<string, string> } }).http;

/**
 * Waits until a started process reports every part ready: the demo corpus's vector index is built in
 * the background, and while it is, the event loop can stall long enough for Redis commands (quotas,
 * rate limits) to time out, which the doors answer with 503 `auth_unavailable` or let through.
 */
export function everyPartReady(baseUrl: string): Promise<true> {
  return waitFor(`${baseUrl} to be ready`, async () => {
    const res = await fetch(`${baseUrl}/readyz`);
    return res.status === 200 && ((await res.json()) as { status: string }).status === 'ready' ? true : undefined;
  }, 50);
}
