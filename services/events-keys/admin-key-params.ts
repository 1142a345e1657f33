import { z } from 'zod';
import { KEY_STATUSES, PLANS } from '../../modules/api-keys';
import { bodyField, coded, oneOf, rule, text, wholeNumber, withDefault } from '../../shared/http/param-schemas';
import type { KeyAction } from './api-key.service';

/** The request schemas of the operators' key management under `/api/v1/admin/keys` (validation and OpenAPI alike). */

export const KEY_ACTIONS = ['approve', 'reject', 'revoke', 'expire', 'reissue'] as const satisfies readonly KeyAction[];
const KEY_ID = /^key_[A-Za-z0-9_-]{12}$/;

/** GET /api/v1/admin/keys */
export const keyListQuerySchema = z.object({
  limit: coded(withDefault(wholeNumber(1, 500), 100), 'invalid_limit', { description: 'Keys per page, 1 to 500.' }),
  offset: coded(withDefault(wholeNumber(0, 1_000_000), 0), 'invalid_offset', { description: 'Keys to skip.' }),
  status: coded(oneOf(KEY_STATUSES).optional(), 'invalid_status', { description: 'Only keys in this state.' }),
  plan: coded(oneOf(PLANS).optional(), 'invalid_plan', { description: 'Only keys of this plan.' }),
});

/** `{id}` of a key. */
export const keyPathSchema = z.object({
  id: coded(text().check(rule<string>((v) => KEY_ID.test(v), 'A key id looks like key_ followed by 12 characters.')), 'invalid_id', {
    description: 'Key id: `key_` and 12 letters, digits, `-` or `_`.',
    pattern: KEY_ID.source,
    example: 'key_3fQ9xLm2Za7W',
  }),
});

/**
 * `{id}/{action}`: an action that is not one of these is no route (404), so only `{id}` is
 * validated by the schema; the document shows both.
 */
export const keyActionPathSchema = keyPathSchema.extend({
  action: oneOf(KEY_ACTIONS).meta({ description: 'approve / reject (pending keys), revoke, expire (active keys), reissue (a new secret, same state).' }),
});

const limit = (name: 'daily_limit' | 'monthly_limit', description: string) => {
  const message = `${name} must be a whole number from 0, or null.`;
  return coded(z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(1_000_000_000, { error: message }).nullable().optional(), `invalid_field:${name}`, {
    description,
  });
};

/** PATCH /api/v1/admin/keys/{id}/limits (absent: unchanged; null: none). */
export const keyLimitsBodySchema = z.object({
  daily_limit: limit('daily_limit', "Requests a UTC day (Demo: adjustable; Paid: the contract's); null for none."),
  monthly_limit: limit('monthly_limit', "Requests a UTC month (Paid: the contract's); null for none."),
});

/** Text that is kept when it is text and ignored otherwise. */
const optionalText = (description: string) => z.string().optional().catch(undefined).meta({ description });

/** POST /api/v1/admin/keys: a key the operator issues directly, active at once. */
export const keyCreateBodySchema = z.object({
  plan: bodyField(
    'plan',
    text().check(
      rule<string>((v) => v !== '', 'The field "plan" is required.', 'missing_field:plan'),
      rule<string>((v) => (PLANS as readonly string[]).includes(v), (v) => `plan must be one of ${PLANS.join(', ')}; got "${v}".`),
    ),
    { description: 'The plan of the key.', enum: [...PLANS] },
  ),
  ...keyLimitsBodySchema.shape,
  email: optionalText('Contact e-mail address.'),
  name: optionalText('Holder name.'),
  organization: optionalText('Holder organisation.'),
  purpose: optionalText('What the key is for.'),
});
