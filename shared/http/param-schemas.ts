import { z } from 'zod';
import type {} from 'zod-openapi'; // the OpenAPI keys of .meta() (override, param, header, id)
import { isStorableText } from '../text/storable-text';
import { ERROR_CODE, MISSING_CODE } from './request-schema';

/** Building blocks of the request schemas (see `request-schema.ts` for how their errors become problems). */

type Payload<T> = z.core.ParsePayload<T>;

/** What a rule found wrong: the message, and the code when it is not the field's own. */
export interface RuleProblem {
  message: string;
  code?: string;
  /** Members the problem carries besides its detail (the positions of the items at fault). */
  members?: Record<string, unknown>;
}

/** A check that reports what `problem` finds, as one issue that ends the field's other checks. */
export function check<T>(problem: (value: T) => RuleProblem | undefined) {
  return (payload: Payload<T>): void => {
    const found = problem(payload.value);
    if (!found) return;
    const params = { ...(found.code ? { code: found.code } : {}), ...(found.members ? { members: found.members } : {}) };
    payload.issues.push({ code: 'custom', input: payload.value, message: found.message, ...(Object.keys(params).length > 0 ? { params } : {}) });
  };
}

/**
 * A rule of a field as a zod check: when `ok` fails, one issue that ends the field's other checks.
 * `code` when the rule has a code of its own (else the field's `x-error-code` applies).
 */
export function rule<T>(ok: (value: T) => boolean, message: string | ((value: T) => string), code?: string) {
  return check<T>((value) => (ok(value) ? undefined : { message: typeof message === 'string' ? message : message(value), code }));
}

/**
 * A rule over several fields of an object, reported at `field` (with the field's code unless the
 * problem names one). It runs once the fields it reads are valid, whatever the others are, so its
 * problem takes `field`'s place in the order of fields.
 */
export function crossRule<T extends object>(reads: (keyof T & string)[], field: keyof T & string, problem: (value: T) => RuleProblem | undefined) {
  return z.superRefine<T>(
    (value, ctx) => {
      const found = problem(value);
      if (found) ctx.addIssue({ code: 'custom', path: [field], message: found.message, ...(found.code ? { params: { code: found.code } } : {}), input: value });
    },
    { when: (payload) => !payload.issues.some((issue) => reads.includes(issue.path?.[0] as keyof T & string)) },
  );
}

const TEXT_RULE = '{path} holds a NUL character or an unpaired surrogate.';

/** The one rule for text on both doors: no NUL character, no unpaired surrogate. */
export const text = (params?: z.core.$ZodStringParams) => z.string(params).check(rule<string>(isStorableText, TEXT_RULE));

/** One of `values`; `message` words a wrong value (the common sentence otherwise). */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, message?: (given: string) => string) {
  return z.enum(values, {
    error: (issue) => (typeof issue.input === 'string' && isStorableText(issue.input) && message ? message(issue.input) : undefined),
  });
}

/**
 * How the OpenAPI document shows a value sent as text but read as something else (a number): the
 * given JSON Schema in place of the string's.
 */
export const documentedAs = (jsonSchema: Record<string, unknown>) => ({
  override: ({ jsonSchema: rendered }: { jsonSchema: Record<string, unknown> }) => {
    delete rendered.pattern;
    Object.assign(rendered, jsonSchema);
  },
});

/** A whole number sent as text (a query parameter): digits only, from `min` to `max`; documented as an integer. */
export function wholeNumber(min: number, max: number) {
  return text()
    .check(rule<string>((v) => /^\d{1,9}$/.test(v) && Number(v) >= min && Number(v) <= max, `{path} must be a whole number from ${min} to ${max}.`))
    .transform(Number)
    .meta(documentedAs({ type: 'integer', minimum: min, maximum: max }));
}

/** `schema`, or `value` when absent; the document states the default even where the schema reads text as a number. */
export const withDefault = <T extends z.ZodType>(schema: T, value: z.core.util.NoUndefined<z.output<T>>) =>
  // zod leaves the default out of an input schema whose value is transformed; the document shows it all the same.
  schema.default(value).meta({ override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => void (jsonSchema.default = value) });

/** A field with the code of its errors, and what the OpenAPI document says of it. */
export function coded<T extends z.ZodType>(schema: T, code: string, meta: { description?: string; missing?: string; [key: string]: unknown } = {}): T {
  const { missing, ...rest } = meta;
  return schema.meta({ [ERROR_CODE]: code, ...(missing ? { [MISSING_CODE]: missing } : {}), ...rest }) as T;
}

/** A JSON body field `name`: absent or null is `missing_field:name`, anything else wrong `invalid_field:name`. */
export const bodyField = <T extends z.ZodType>(name: string, schema: T, meta: { description?: string; [key: string]: unknown } = {}): T =>
  coded(schema, `invalid_field:${name}`, { missing: `missing_field:${name}`, ...meta });
