import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Validates live response bodies against the schemas of the served OpenAPI document, so the
 * document and the behaviour cannot drift apart.
 */
export function schemaValidator(openApiDocument: object) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(openApiDocument, 'openapi');
  return (schemaName: string, body: unknown): string[] => {
    const validate = ajv.getSchema(`openapi#/components/schemas/${schemaName}`);
    if (!validate) throw new Error(`no schema ${schemaName} in the document`);
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}

/** A response as the client saw it. */
export interface ObservedResponse {
  method: string;
  /** The request path without the query string. */
  path: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The raw body, to tell "no body" from an empty one. */
  text?: string;
}

/**
 * Headers every HTTP response may carry whatever the document says: connection management and
 * framing (RFC 9110/9112), and Content-Type, which the document states per media type.
 */
export const TRANSPORT_HEADERS = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'content-type'];

type Json = Record<string, unknown>;
type Operation = { responses?: Record<string, Json> };

const escape = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/**
 * An independent check of live responses against an OpenAPI 3.1 document: the path and method are
 * documented, the status is documented for that operation, the body is valid against the schema of
 * its media type (objects closed by `additionalProperties: false` reject any field they do not
 * name), every required header is there, every header sent is documented (or a transport header
 * or in `allowed`) and its value fits its schema. Returns what is wrong, or nothing.
 */
export function responseValidator(doc: Json, allowed: readonly string[] = []) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi');
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  const components = (doc.components ?? {}) as Record<string, Record<string, Json>>;
  // Literal segments win over templated ones (`/keys/{id}/limits` before `/keys/{id}/{action}`).
  const templates = Object.keys(paths)
    .map((template) => ({ template, pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`) }))
    .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  const ignored = new Set([...TRANSPORT_HEADERS, ...allowed.map((h) => h.toLowerCase())]);

  /** The object at a local `$ref`, and the JSON pointer it lives at. */
  const resolve = (value: Json, pointer: string): { value: Json; pointer: string } => {
    const ref = value.$ref;
    if (typeof ref !== 'string') return { value, pointer };
    const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(ref) ?? [];
    return resolve(components[kind!]![name!]!, `#/components/${escape(kind!)}/${escape(name!)}`);
  };
  const check = (pointer: string, value: unknown, what: string): string[] => {
    const validate = ajv.getSchema(`openapi${pointer}`);
    if (!validate) return [`${what}: no schema at ${pointer}`];
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${what}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  };

  return (res: ObservedResponse): string[] => {
    const at = `${res.method} ${res.path} → ${res.status}`;
    const match = templates.find((t) => t.pattern.test(res.path));
    if (!match) return [`${at}: no documented path`];
    const method = res.method.toLowerCase();
    const operation = paths[match.template]![method];
    if (!operation) return [`${at}: method not documented for ${match.template}`];
    const base = `#/paths/${escape(match.template)}/${method}/responses/${res.status}`;
    const documented = operation.responses?.[String(res.status)];
    if (!documented) return [`${at}: status ${res.status} is not documented for ${res.method} ${match.template}`];
    const { value: response, pointer } = resolve(documented, base);
    const problems: string[] = [];

    const type = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
    const content = (response.content ?? {}) as Record<string, Json>;
    if (type) {
      if (!content[type]) problems.push(`${at}: media type ${type} is not documented`);
      else problems.push(...check(`${pointer}/content/${escape(type)}/schema`, res.body, `${at} body`));
    } else if (Object.keys(content).length > 0 && res.text) {
      problems.push(`${at}: a body without Content-Type`);
    }

    const headers = (response.headers ?? {}) as Record<string, Json>;
    const byName = new Map(Object.entries(headers).map(([name, h]) => [name.toLowerCase(), { name, ...resolve(h, `${pointer}/headers/${escape(name)}`) }]));
    for (const [name, header] of byName) {
      if (header.value.required === true && res.headers[name] === undefined) problems.push(`${at}: required header ${header.name} is missing`);
    }
    for (const [name, raw] of Object.entries(res.headers)) {
      if (raw === undefined || ignored.has(name)) continue;
      const header = byName.get(name);
      if (!header) {
        problems.push(`${at}: header ${name} is not documented`);
        continue;
      }
      const schema = header.value.schema as Json | undefined;
      const numeric = schema && (schema.type === 'integer' || schema.type === 'number');
      for (const value of Array.isArray(raw) ? raw : [raw]) {
        problems.push(...check(`${header.pointer}/schema`, numeric && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value, `${at} header ${header.name}`));
      }
    }
    return problems;
  };
}
