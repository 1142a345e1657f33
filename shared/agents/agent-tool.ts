import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** The request a tool stands for: a GET of a path of the door with its query parameters, or a POST of a JSON body to it. */
export interface ToolRequest {
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON body: the request is a POST (a read whose input is a body, such as recommendations). Undefined members are left out. */
  body?: Record<string, unknown>;
}

/** A read a tool makes through its door beyond the one it stands for: its answer's body, as text. */
export type ToolRead = (request: ToolRequest) => Promise<string>;

/** What `present` is given besides the endpoint's answer. */
export interface ToolContext<A = Record<string, unknown>> {
  /** The tool's arguments, as its input schema parsed them. */
  args: A;
  /**
   * Makes a further GET through the same door with the same caller (covered by the tool call's own
   * count: the per-IP limit counts a tool call once). An answer from 400 up ends the call: the tool's
   * result is then that answer's problem, as a tool error.
   */
  read: ToolRead;
}

/**
 * An MCP tool that is a thin adapter over one HTTP endpoint of a door: its input schema mirrors the
 * endpoint's parameters and `request` says which GET (or, for a read taking a body, POST) it makes. The schema checks JSON types only;
 * ranges, lengths and allowed values are documented in it (`doc`), and enforced by the HTTP layer,
 * so a value out of range gets the same error code through MCP as over HTTP.
 *
 * `output` is the tool's structured result (its MCP `outputSchema`, which the SDK client checks every
 * result against): the endpoint's response schema, or derived from it (`outputOf`, `compact.ts`) when
 * `present` reshapes the answer for agents. Without `present`, the result is the answer as it is.
 */
export interface AgentTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodRawShape;
  output: z.ZodObject;
  request(args: Record<string, unknown>): ToolRequest;
  present?(answer: Record<string, unknown>, context: ToolContext): Promise<Record<string, unknown>> | Record<string, unknown>;
}

/** Every tool here only reads: the same call gives the same answer, and nothing outside the service is touched. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export function defineTool<S extends z.ZodRawShape>(tool: {
  name: string;
  title: string;
  description: string;
  input: S;
  output: z.ZodObject;
  request(args: z.infer<z.ZodObject<S>>): ToolRequest;
  present?(answer: Record<string, unknown>, context: ToolContext<z.infer<z.ZodObject<S>>>): Promise<Record<string, unknown>> | Record<string, unknown>;
}): AgentTool {
  return tool as unknown as AgentTool;
}

/**
 * A response schema as a tool's output schema: the same object without its OpenAPI component id (a
 * schema with an `id` renders as a `$ref`, and MCP wants an output schema whose top level is
 * `type: object`). Its fields, and the components they use, are the response schema's own.
 */
export const outputOf = <S extends z.ZodObject>(response: S): z.ZodObject<S['shape']> => z.object(response.shape);

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
  minItems?: number;
  maxItems?: number;
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
  /** A list of strings (ids), for a tool whose request takes a JSON body. */
  textList: (doc: ParamDoc) => documented(z.array(z.string()), doc),
  optionalTextList: (doc: ParamDoc) => documented(z.array(z.string()).optional(), doc),
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

