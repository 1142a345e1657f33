import { z } from 'zod';
import type { ZodOpenApiResponseObject } from 'zod-openapi';
import { PROBLEM_CONTENT_TYPE, ProblemError } from '../errors/problem';
import { CACHE_BUSTER, UNKNOWN_PARAMETER } from '../http/request-schema';
import { HEAD_LIMIT_TEXT } from '../http/request-limits';

/** The error body of both doors (RFC 9457), as `ProblemError.toBody` writes it. */
export const problemSchema = z
  .object({
    type: z.string().meta({ format: 'uri', description: 'A URI naming the kind of problem (`…/problems/{code}`).' }),
    title: z.string().meta({ description: 'The HTTP status in words.' }),
    status: z.int().min(400).max(599),
    code: z.string().meta({ description: "Machine-readable error code (the specification's code, e.g. `missing_query`, `missing_field:email`)." }),
    detail: z.string().meta({ description: 'What was wrong, for a person.' }),
    instance: z.string().optional().meta({ description: 'The path of the request.' }),
    request_id: z.string().optional().meta({ description: 'Also sent as the X-Request-Id header; quote it when reporting a problem.' }),
    'violated-policies': z.array(z.string()).optional().meta({ description: 'On 429: the rate-limit policies that refused the request (`minute`, `daily`, `monthly`, `burst`, `applications`).' }),
    field: z.string().optional().meta({ description: 'On `invalid_body` for text that cannot be stored: the field holding it (`summary.note`).' }),
    from: z.string().optional().meta({ description: "On `invalid_transition`: the event's state." }),
    to: z.string().optional().meta({ description: 'On `invalid_transition`: the state asked for.' }),
    accepted_parameters: z
      .array(z.string())
      .optional()
      .meta({ description: 'On `unknown_parameter`: the query parameters the endpoint takes, in its order (empty when it takes none).' }),
    unknown_ids: z.array(z.string()).optional().meta({ description: 'On `unknown_paper`: the ids no paper has.' }),
    invalid_positions: z.array(z.int().min(0)).optional().meta({ description: 'On `invalid_ids`: the positions in `ids` (from 0) of every id at fault.' }),
    request_cost: z
      .int()
      .min(2)
      .optional()
      .meta({ description: "On 429 for a request that counts for more than one of the key's allowance (a batch lookup): how many it counts for." }),
  })
  .meta({ id: 'Problem', description: 'An RFC 9457 problem details object with a `code` member.' });

/**
 * Error codes of one response: code → when it is answered. A code ending in `:*` stands for a
 * family (`missing_field:*` is `missing_field:` and a field name).
 */
export type ErrorCodes = Readonly<Record<string, string>>;

/** The pattern of a family's codes (`missing_field` → `missing_field:` and a field name). */
const familyPattern = (family: string) => `^${family}:[a-z0-9_]+$`;

function codeSchema(codes: ErrorCodes) {
  const exact = Object.keys(codes).filter((c) => !c.endsWith(':*'));
  const families = Object.keys(codes).filter((c) => c.endsWith(':*')).map((c) => z.string().regex(new RegExp(familyPattern(c.slice(0, -2)))));
  const options = [...(exact.length ? [z.enum(exact as [string, ...string[]])] : []), ...families];
  return options.length === 1 ? options[0]! : z.union(options);
}

/** A problem+json response of `status` whose `code` is one of `codes`, each shown as an example. */
export function problemResponse(status: number, description: string, codes: ErrorCodes, headers?: z.ZodObject): ZodOpenApiResponseObject {
  const list = Object.entries(codes).map(([code, when]) => `\`${code}\` (${when})`).join('; ');
  return {
    description: `${description} Codes: ${list}.`,
    ...(headers ? { headers } : {}),
    content: {
      [PROBLEM_CONTENT_TYPE]: {
        schema: z.intersection(problemSchema, z.looseObject({ status: z.literal(status), code: codeSchema(codes) })),
        examples: Object.fromEntries(
          Object.entries(codes).map(([code, detail]) => {
            const example = code.replace(':*', ':email');
            return [example, { value: new ProblemError(status, example, `${detail}.`).toBody() }];
          }),
        ),
      },
    },
  };
}

/**
 * The 400 every endpoint of both doors gives for a query parameter it does not take (see
 * `parseQuery`): listed in each operation's 400 codes.
 */
export const UNKNOWN_PARAMETER_400: ErrorCodes = {
  [UNKNOWN_PARAMETER]: `a query parameter the endpoint does not take (a typo, a filter that does not exist): \`detail\` names it and the accepted ones, also listed in \`accepted_parameters\`; \`${CACHE_BUSTER}\` (a cache-buster) is accepted everywhere and ignored`,
};

/** Adds codes to a table, for responses assembled from several sources. */
export const withCodes = (...tables: ErrorCodes[]): ErrorCodes => Object.assign({}, ...tables);

type Json = { [key: string]: unknown };
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null;

/**
 * Adds the door's whole list of codes to its built document, read from the document's own problem
 * responses (so it lists exactly what they list): `ProblemCode`, every exact code, and
 * `ProblemCodeFamily`, the families of `<family>:<field>` codes (`missing_field` for
 * `missing_field:email`), when the door has any. Each response still states its own codes; these
 * two are for a client that switches on any code of the door (the typed client's `ProblemCode`).
 */
export function withProblemCodes<D extends object>(document: D): D {
  const exact = new Set<string>();
  const families = new Set<string>();
  const readCode = (schema: unknown): void => {
    if (!isObject(schema)) return;
    if (Array.isArray(schema.enum)) for (const code of schema.enum) exact.add(String(code));
    if (typeof schema.pattern === 'string') {
      const family = /^\^([a-z0-9_]+):/.exec(schema.pattern)?.[1];
      if (!family || familyPattern(family) !== schema.pattern) throw new Error(`a problem code pattern that is not a family's: ${schema.pattern}`);
      families.add(family);
    }
    if (Array.isArray(schema.anyOf)) schema.anyOf.forEach(readCode);
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    const problem = node[PROBLEM_CONTENT_TYPE];
    if (isObject(problem) && isObject(problem.schema)) {
      const parts = Array.isArray(problem.schema.allOf) ? problem.schema.allOf : [problem.schema];
      for (const part of parts) if (isObject(part) && isObject(part.properties)) readCode(part.properties.code);
    }
    Object.values(node).forEach(walk);
  };
  const doc = document as Json & { components?: { schemas?: Json; responses?: Json } };
  walk(doc.paths);
  walk(doc.components?.responses);
  if (exact.size === 0) throw new Error('a document without problem responses has no codes to list');
  const schemas = ((doc.components ??= {}).schemas ??= {});
  schemas.ProblemCode = {
    type: 'string',
    enum: [...exact].sort(),
    description:
      "Every code a problem answer of this door may carry (the `code` member of Problem), as its operations' responses list them; each response states its own." +
      (families.size ? ' Codes of the form `<family>:<field>` are listed in ProblemCodeFamily.' : ''),
  };
  if (families.size) {
    schemas.ProblemCodeFamily = {
      type: 'string',
      enum: [...families].sort(),
      description: 'The families of codes that name a field: `<family>:<field>` (`missing_field:email`, `invalid_field:plan`).',
    };
  }
  return document;
}

/**
 * The 414 and 431 of every operation of both doors: a request line or headers over the listeners'
 * limit, refused before the door reads the request (no key is checked, nothing is counted). `headers`
 * are the door's own (request id, dataset version, CORS or provenance) and `Cache-Control: no-store`.
 */
export const headLimitProblems = (headers: z.ZodObject) => ({
  '414': problemResponse(
    414,
    `The URL is too long: the request line and headers together may hold at most ${HEAD_LIMIT_TEXT}. A \`q\` that long is the search's own 400 \`query_too_long\` instead. The connection is closed after the answer.`,
    { uri_too_long: 'the request line alone passes the limit' },
    headers,
  ),
  '431': problemResponse(
    431,
    `The headers are too large: the request line and headers together may hold at most ${HEAD_LIMIT_TEXT}. The connection is closed after the answer.`,
    { headers_too_large: 'the request line and headers together pass the limit' },
    headers,
  ),
});
