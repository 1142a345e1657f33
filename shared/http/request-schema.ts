import { z } from 'zod';
import { badRequest, ProblemError } from '../errors/problem';
import { isStorableText } from '../text/storable-text';

/**
 * The one adapter between a request schema (zod) and the problem a client gets. Every query, path
 * and body of both doors is a zod schema; the same schema renders the OpenAPI document. Error codes
 * travel in the schema's metadata, so the document shows them too:
 *
 * - `x-error-code` on a field (or any schema on the way to it): the code of every issue at or under
 *   it, e.g. `invalid_limit`; the nearest one on the issue's path wins.
 * - `x-missing-code`: the code when the value is absent or null (`missing_field:email`).
 * - `x-unknown-field-code` on a strict object: the code of a field it does not know, `{field}` being
 *   replaced by its name (`invalid_field:{field}`).
 * - A rule that has a code of its own (`too_many_terms` inside `q`) puts it in the issue's `params.code`,
 *   and members the problem carries besides its detail in `params.members` (`invalid_positions`).
 *
 * When several fields are wrong, the problem names the first in the schema's field order (a check
 * of the whole object with a path counts as that field's); object-level issues without a path come
 * last. Messages may say `{name}` (the field) and `{path}` (`evidence_refs[2].kind`).
 */
export const ERROR_CODE = 'x-error-code';
export const MISSING_CODE = 'x-missing-code';
export const UNKNOWN_FIELD_CODE = 'x-unknown-field-code';

/** A parsed query string: plain values, or arrays for repeated keys (express `query parser: simple`). */
export type RawQuery = Record<string, unknown>;

type Issue = z.core.$ZodIssue & { input?: unknown; params?: { code?: string; members?: Record<string, unknown> } };
type Def = { type: string; innerType?: Schema; in?: Schema; shape?: Record<string, Schema>; element?: Schema; valueType?: Schema };
type Schema = { _zod: { def: Def }; meta?: () => Record<string, unknown> | undefined };

/**
 * The conventional cache-buster (`_=1700000000`, as jQuery and many clients add it): accepted by
 * every endpoint and read by none.
 */
export const CACHE_BUSTER = '_';

/** The query schema of an endpoint that takes no query parameters: any parameter is refused. */
export const noQueryParams = z.object({});

/**
 * The query of a request, validated: a parameter the schema does not name is refused first (400
 * `unknown_parameter`, naming it and the accepted ones: a typo such as `limt=5` or a filter that
 * does not exist must not pass for an unfiltered answer); then a parameter given empty (`topic=`)
 * counts as absent, one given twice is an error with its own code.
 */
export function parseQuery<S extends z.ZodType>(schema: S, query: RawQuery): z.output<S> {
  const accepted = Object.keys(objectShape(schema as unknown as Schema) ?? {});
  const unknown = Object.keys(query).filter((name) => name !== CACHE_BUSTER && !accepted.includes(name));
  if (unknown.length > 0) throw unknownParameters(unknown, accepted);
  const given = Object.fromEntries(Object.entries(query).filter(([name, value]) => value !== '' && name !== CACHE_BUSTER));
  return parse(schema, given, queryMessage);
}

export const UNKNOWN_PARAMETER = 'unknown_parameter';
/** How many unknown names a detail spells out, and how much of each: the detail stays short whatever the URL holds. */
const NAMES_SHOWN = 5;
const NAME_CHARS = 64;

/** 400 `unknown_parameter`: the names in `detail`, the accepted ones also in `accepted_parameters`. */
function unknownParameters(unknown: readonly string[], accepted: readonly string[]): ProblemError {
  const shown = unknown.slice(0, NAMES_SHOWN).map((name) => (name === '' ? '""' : name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS)}…` : name));
  const names = unknown.length > NAMES_SHOWN ? `${shown.join(', ')} and ${unknown.length - NAMES_SHOWN} more` : shown.join(', ');
  const verb = unknown.length === 1 ? 'is not a parameter' : 'are not parameters';
  const takes = accepted.length > 0 ? `accepted: ${accepted.join(', ')}` : 'it takes no query parameters';
  return new ProblemError(400, UNKNOWN_PARAMETER, `${names} ${verb} of this endpoint; ${takes}.`, { accepted_parameters: [...accepted] });
}

/** A JSON body (already read by `jsonObjectBody`) or the path parameters, validated. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  return parse(schema, body, bodyMessage);
}

export const parsePath = parseBody;

function parse<S extends z.ZodType>(schema: S, input: unknown, message: z.core.$ZodErrorMap): z.output<S> {
  const result = schema.safeParse(input, { error: message, reportInput: true });
  if (result.success) return result.data;
  throw problemOf(schema as unknown as Schema, result.error.issues as Issue[]);
}

/** The problem of the first issue, with the code its schema names. */
export function problemOf(schema: Schema, issues: readonly Issue[]): ProblemError {
  const fields = Object.keys(objectShape(schema) ?? {});
  const rank = (issue: Issue) => {
    const at = fields.indexOf(String(issue.path[0]));
    return issue.path.length === 0 || at < 0 ? fields.length : at;
  };
  const issue = [...issues].sort((a, b) => rank(a) - rank(b))[0]!;
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
  const levels = schemasAlong(schema, issue.path);
  const nodes = levels.flat();
  const absent = issue.input === undefined || issue.input === null;
  const unknownTemplate = issue.code === 'unrecognized_keys' ? nearest(levels.at(-1) ?? [], UNKNOWN_FIELD_CODE) : undefined;
  const code =
    issue.params?.code ??
    (unknownTemplate && unknownTemplate.replace('{field}', String(path.at(-1)))) ??
    (absent ? nearest(nodes, MISSING_CODE) : undefined) ??
    nearest(nodes, ERROR_CODE) ??
    'invalid_request';
  const detail = issue.message.replaceAll('{name}', String(path[0] ?? 'the request')).replaceAll('{path}', formatPath(path));
  return issue.params?.members ? new ProblemError(400, code, detail, issue.params.members) : badRequest(code, detail);
}

const formatPath = (path: readonly PropertyKey[]) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('') || 'the request';

/** The schema itself and each schema on `path` below it, each with the schemas it wraps (optional, default, pipe…). */
function schemasAlong(schema: Schema, path: readonly PropertyKey[]): Schema[][] {
  const out: Schema[][] = [];
  let node: Schema | undefined = schema;
  for (let i = 0; node; i++) {
    out.push(layers(node));
    if (i === path.length) break;
    const segment = path[i]!;
    const inner: Def = layers(node).at(-1)!._zod.def;
    node =
      inner.type === 'object' ? inner.shape?.[String(segment)] : inner.type === 'array' ? inner.element : inner.type === 'record' ? inner.valueType : undefined;
  }
  return out;
}

/** A schema and the schemas it wraps, outermost first. */
function layers(schema: Schema): Schema[] {
  const out = [schema];
  for (let def = schema._zod.def; ; ) {
    const inner: Schema | undefined = def.type === 'pipe' ? def.in : def.innerType;
    if (!inner) return out;
    out.push(inner);
    def = inner._zod.def;
  }
}

function objectShape(schema: Schema): Record<string, Schema> | undefined {
  return layers(schema).at(-1)!._zod.def.shape;
}

function nearest(nodes: Schema[], key: string): string | undefined {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const value = nodes[i]!.meta?.()?.[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** Words for the issues a schema leaves to zod: the same sentences on every endpoint. */
function commonMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const input = issue.input;
  if (typeof input === 'string' && !isStorableText(input)) return '{path} holds a NUL character or an unpaired surrogate.';
  if (issue.code === 'invalid_type' && (input === undefined || input === null)) return '{path} is required.';
  if (issue.code === 'invalid_value') return `{path} must be one of ${issue.values.map(String).join(', ')}; got ${JSON.stringify(input)}.`;
  if (issue.code === 'unrecognized_keys') return '{name} is not a known field.';
  return undefined;
}

const queryMessage: z.core.$ZodErrorMap = (issue) =>
  Array.isArray(issue.input) || (issue.code === 'invalid_type' && issue.input !== undefined) ? '{path} must be given once, as a plain value.' : commonMessage(issue);

const bodyMessage: z.core.$ZodErrorMap = (issue) =>
  commonMessage(issue) ?? (issue.code === 'invalid_type' ? `{path} must be ${article(issue.expected)}.` : undefined);

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
