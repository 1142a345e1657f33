import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { apiKeySchema, KEY_STATUSES, PLANS } from '../../modules/api-keys';
import { apiOperation, listEnvelope } from '../../shared/openapi/data-api-operation';
import { cacheControl } from '../../shared/openapi/headers';
import { keyActionPathSchema, keyCreateBodySchema, keyLimitsBodySchema, keyListQuerySchema, keyPathSchema } from './admin-key-params';
import { keyApplicationSchema } from './key-application';

const timestamp = z.string().meta({ format: 'date-time' });
const secret = z.string().meta({ description: 'The key itself: shown only in this answer; keep it now.' });

const withSecret = apiKeySchema.extend({ key: secret }).meta({ id: 'ApiKeyWithSecret' });
const auditEntry = z.object({ action: z.string(), actor: z.string(), detail: z.record(z.string(), z.unknown()), at: timestamp });

export const keyApplicationAnswerSchema = z
  .object({
    key: secret,
    key_id: z.string(),
    key_hint: z.string(),
    plan: z.enum(PLANS),
    status: z.enum(KEY_STATUSES),
    created_at: timestamp,
    detail: z.string(),
  })
  .meta({ id: 'KeyApplicationAnswer' });

const noStore = { 'Cache-Control': cacheControl('no-store') };
const badId = { invalid_id: 'not "key_" and 12 characters' };
const unknownKey = { not_found: 'no key with this id' };

/** Key applications (spec 001 §4.9) and the operators' key management, in the data API's OpenAPI document. */
export function keyPaths(): ZodOpenApiPathsObject {
  const tags = ['Keys'];
  return {
    '/api/keys/applications': {
      post: apiOperation({
        operationId: 'applyForKey',
        summary: 'Apply for a key (no key needed; limited per client IP)',
        description: 'The answer holds a Researcher key in state `pending`: it answers 403 `key_not_approved` until an operator approves it.',
        tags,
        access: 'none',
        body: keyApplicationSchema,
        success: { status: 201, description: 'The application and its key, shown only this once.', schema: keyApplicationAnswerSchema, headers: noStore },
        errors: {
          400: { 'missing_field:*': 'a field is absent, null or blank', 'invalid_field:*': 'a field is not a string or too long', invalid_email: 'the e-mail address is not valid' },
          409: { duplicate_pending_application: 'the same e-mail (any case) has a pending application within 30 days' },
        },
      }),
    },
    '/api/v1/admin/keys': {
      get: apiOperation({
        operationId: 'listKeys',
        summary: 'List keys (Internal keys)',
        tags,
        access: 'internal',
        requestParams: { query: keyListQuerySchema },
        success: { status: 200, description: 'A page of keys, oldest first.', schema: listEnvelope(apiKeySchema) },
        errors: { 400: { invalid_limit: 'limit is not 1 to 500', invalid_offset: 'offset is not a whole number from 0', invalid_status: 'not a key state', invalid_plan: 'not a plan' } },
      }),
      post: apiOperation({
        operationId: 'createKey',
        summary: 'Issue a key directly, active at once (Internal keys)',
        tags,
        access: 'internal',
        body: keyCreateBodySchema,
        success: { status: 201, description: 'The key, with its secret shown only this once.', schema: withSecret, headers: noStore },
        errors: { 400: { 'missing_field:*': 'plan is absent', 'invalid_field:*': 'plan or a limit is wrong' } },
      }),
    },
    '/api/v1/admin/keys/{id}': {
      get: apiOperation({
        operationId: 'getKey',
        summary: 'One key with its audit trail (Internal keys)',
        tags,
        access: 'internal',
        requestParams: { path: keyPathSchema },
        success: { status: 200, description: 'The key and every operator action on it.', schema: apiKeySchema.extend({ audit: z.array(auditEntry) }) },
        errors: { 400: badId, 404: unknownKey },
      }),
    },
    '/api/v1/admin/keys/{id}/{action}': {
      post: apiOperation({
        operationId: 'actOnKey',
        summary: 'Approve, reject, revoke, expire or reissue a key (Internal keys)',
        tags,
        access: 'internal',
        requestParams: { path: keyActionPathSchema },
        success: { status: 200, description: 'The key after the action (with its new secret after reissue).', schema: apiKeySchema.extend({ key: secret.optional() }), headers: noStore },
        errors: { 400: badId, 404: { not_found: 'no key with this id, or not an action' }, 409: { invalid_key_transition: "the key's state does not allow the action" } },
      }),
    },
    '/api/v1/admin/keys/{id}/limits': {
      patch: apiOperation({
        operationId: 'setKeyLimits',
        summary: "Set a key's daily and monthly limits (Internal keys)",
        tags,
        access: 'internal',
        requestParams: { path: keyPathSchema },
        body: keyLimitsBodySchema,
        success: { status: 200, description: 'The key with its new limits.', schema: apiKeySchema },
        errors: { 400: { ...badId, 'invalid_field:*': 'a limit is not a whole number from 0, or null' }, 404: unknownKey },
      }),
    },
  };
}
