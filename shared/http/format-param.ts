import { coded, oneOf } from './param-schemas';

/**
 * `format`: which representation of the answer to send, one of `names`; it wins over `Accept`. Any
 * other value is 400 `invalid_format`, whose detail lists the allowed ones.
 */
export function formatParam<const T extends readonly [string, ...string[]]>(names: T, description: string) {
  return coded(oneOf(names, (v) => `format must be one of ${names.join(', ')}; got "${v}".`).optional(), 'invalid_format', { description });
}
