import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** The GET a tool stands for: a path of the door and its query parameters. */
export interface ToolRequest {
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
}

/**
 * An MCP tool that is a thin adapter over one HTTP endpoint of a door: its input schema mirrors the
 * endpoint's parameters and `request` says which GET it makes. The schema checks JSON types only;
 * ranges, lengths and allowed values are documented in it (`doc`), and enforced by the HTTP layer,
 * so a value out of range gets the same error code through MCP as over HTTP.
 */
export interface AgentTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodRawShape;
  request(args: Record<string, unknown>): ToolRequest;
}

/** Every tool here only reads: the same call gives the same answer, and nothing outside the service is touched. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export function defineTool<S extends z.ZodRawShape>(tool: {
  name: string;
  title: string;
  description: string;
  input: S;
  request(args: z.infer<z.ZodObject<S>>): ToolRequest;
}): AgentTool {
  return tool as unknown as AgentTool;
}

/**
 * JSON Schema keywords a parameter is documented with (they appear in `tools/list`) without being
 * checked here: `.meta()` adds them to the generated JSON Schema only.
 */
export interface ParamDoc {
  description: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  enum?: readonly (string | number)[];
  default?: string | number | boolean;
  pattern?: string;
}

const documented = <T extends z.ZodType>(schema: T, doc: ParamDoc, extra: Record<string, unknown> = {}) =>
  schema.meta({ ...doc, ...(doc.enum ? { enum: [...doc.enum] } : {}), ...extra });

/** Parameters by JSON type; everything but the type is documentation (see above). */
export const param = {
  text: (doc: ParamDoc) => documented(z.string(), doc),
  optionalText: (doc: ParamDoc) => documented(z.string().optional(), doc),
  /** A whole number in the JSON Schema; any number passes here, so 2.5 gets the HTTP layer's code. */
  optionalInteger: (doc: ParamDoc) => documented(z.number().optional(), doc, { type: 'integer' }),
  optionalNumber: (doc: ParamDoc) => documented(z.number().optional(), doc),
  optionalBoolean: (doc: ParamDoc) => documented(z.boolean().optional(), doc),
  /** An ISO 8601 time or Unix epoch seconds. */
  optionalInstant: (doc: ParamDoc) => documented(z.union([z.string(), z.number()]).optional(), doc),
};

/** Every data-API tool's note on what a call costs (the gateway charges a tool call like its HTTP request). */
export const CHARGED_LIKE_HTTP =
  'Each call is charged to the API key exactly like the HTTP request it makes (burst limit, daily/monthly allowance); errors come back as tool errors with the HTTP error code.';

/** A record's fields as an agent reads them in a description: `a`, `b`, … */
export const fieldList = (shape: Record<string, unknown>) => Object.keys(shape).map((k) => `\`${k}\``).join(', ');

/** The search tools' `highlight`, on by default for agents: what a record's `highlights` give them. */
export const HIGHLIGHT_FOR_AGENTS =
  'Add to each record `highlights`: each match of a query word in the record (field, UTF-16 `start`/`end` into that field as returned, the term, a short quotable `snippet`). On unless false.';

