import { badRequest } from '../errors/problem';
import { isStorableText } from '../text/storable-text';

/** A parsed query string: plain values, or arrays for repeated keys (express `query parser: simple`). */
export type RawQuery = Record<string, unknown>;

/**
 * The one rule for every query parameter of both doors: absent or empty means not given; given more
 * than once (or as a structure), or holding a NUL character or an unpaired surrogate, is an error
 * with the parameter's own code.
 */
export function singleParam(query: RawQuery, name: string, code: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(code, `${name} must be given once, as a plain value.`);
  if (!isStorableText(value)) throw badRequest(code, `${name} holds a NUL character or an unpaired surrogate.`);
  return value === '' ? undefined : value;
}

/** A whole number from `min` to `max`, or `fallback` when not given. */
export function integerParam(query: RawQuery, name: string, code: string, fallback: number, min: number, max: number): number {
  const value = singleParam(query, name, code);
  if (value === undefined) return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw badRequest(code, `${name} must be a whole number from ${min} to ${max}.`);
  }
  return Number(value);
}

/** One of `allowed`, or undefined when not given. */
export function enumParam<T extends string>(query: RawQuery, name: string, code: string, allowed: readonly T[]): T | undefined {
  const value = singleParam(query, name, code);
  if (value !== undefined && !(allowed as readonly string[]).includes(value)) {
    throw badRequest(code, `${name} must be one of ${allowed.join(', ')}; got "${value}".`);
  }
  return value as T | undefined;
}
