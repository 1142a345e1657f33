import { z } from 'zod';
import type { ZodOpenApiContentObject, ZodOpenApiOperationObject, ZodOpenApiParameters, ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import { cacheControl, headerSet, ipRateLimitHeaders, provenanceHeaders, quotaHeaders, requestIdHeaders, retryAfterHeaders, wwwAuthenticateHeaders } from './headers';
import { headLimitProblems, problemResponse, UNKNOWN_PARAMETER_400, type ErrorCodes } from './problem';

/**
 * One operation of the data-API door, with what the door adds to every route: the Bearer key, its
 * quota and burst limit, the provenance headers, the gateway's own failures. Services declare only
 * their parameters, their answer and their own error codes.
 */

/** Who may call: any valid key, Internal-plan keys only, or anyone (no key; limited per client IP). */
export type Access = 'key' | 'internal' | 'none';

export interface ApiOperationSpec {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  access: Access;
  requestParams?: ZodOpenApiParameters;
  /** A JSON object body (read whatever the Content-Type says). */
  body?: z.ZodType;
  /** The largest body the route reads (its `jsonObjectBody` limit), when not the usual 16 KiB. */
  bodyLimit?: string;
  /** The answer: JSON of `schema`, unless `content` names its media types (an operation answering in several formats, or a stream). */
  success: { status: 200 | 201; description: string; schema: z.ZodType; headers?: Record<string, z.ZodType>; content?: ZodOpenApiContentObject };
  /** The operation's own codes by status (400 codes of its parameters, 404, 409, 502, 503…). */
  errors?: Partial<Record<400 | 404 | 409 | 410 | 502 | 503, ErrorCodes>>;
}

export const BEARER_SCHEME = 'bearerAuth';

const door = { ...requestIdHeaders, ...provenanceHeaders };

const DOOR_400: ErrorCodes = {
  credentials_in_query: 'an API key or other credential was sent in the query string (send it in the Authorization header)',
  ...UNKNOWN_PARAMETER_400,
};
const body400 = (limit = '16 KiB'): ErrorCodes => ({
  invalid_body: `the body is not JSON, not an object, over ${limit}, or holds a NUL character or an unpaired surrogate (\`field\` names it)`,
});
const AUTH_401: ErrorCodes = {
  missing_bearer: 'no `Authorization: Bearer` credential',
  invalid_api_key: 'the key is malformed, unknown, rejected or revoked',
  key_expired: 'the key has expired',
};

/** Any route, and the key check and allowances kept in Postgres, when the database is down or stalled. */
const DATABASE_503: ErrorCodes = {
  database_unavailable: 'the database is down, restarting or did not answer in time; retry after Retry-After seconds',
};

/** The door's own answers are components (`#/components/responses/…`), one per variant, shared by every operation. */
const shared = new Map<string, ZodOpenApiResponseObject>();
function component(id: string, make: () => ZodOpenApiResponseObject): ZodOpenApiResponseObject {
  let response = shared.get(id);
  if (!response) shared.set(id, (response = { ...make(), id }));
  return response;
}

export function apiOperation(spec: ApiOperationSpec): ZodOpenApiOperationObject {
  const keyed = spec.access !== 'none';
  // Headers of an answer given once the key was charged (Internal keys have no allowance, hence optional).
  const charged = keyed ? { ...door, ...quotaHeaders } : { ...door, ...ipRateLimitHeaders('applications', 'an hour') };
  const variant = (name: string) => (keyed ? name : `${name}NoKey`);
  const errors = spec.errors ?? {};
  const responses: ZodOpenApiResponsesObject = {
    [String(spec.success.status)]: {
      description: spec.success.description,
      headers: headerSet(charged, spec.success.headers ?? {}),
      content: spec.success.content ?? { 'application/json': { schema: spec.success.schema } },
    },
    '400': problemResponse(400, 'The request is invalid.', { ...DOOR_400, ...(spec.body ? body400(spec.bodyLimit) : {}), ...errors[400] }, headerSet(charged)),
  };
  if (keyed) {
    responses['401'] = component('Unauthorized', () => problemResponse(401, 'No valid key.', AUTH_401, headerSet(door, wwwAuthenticateHeaders)));
    const forbidden: ErrorCodes = spec.access === 'internal' ? { forbidden: 'the key is not an Internal-plan key' } : {};
    responses['403'] = component(spec.access === 'internal' ? 'ForbiddenNotInternal' : 'Forbidden', () =>
      problemResponse(403, 'The key may not do this.', { key_not_approved: 'the key is pending approval', ...forbidden }, headerSet(charged)),
    );
  }
  // Answered by the listener before the door reads the request: no key, so no allowance headers.
  const headLimits = () => headLimitProblems(headerSet(door, { 'Cache-Control': cacheControl('no-store') }));
  responses['414'] = component('UriTooLong', () => headLimits()['414']);
  responses['431'] = component('HeadersTooLarge', () => headLimits()['431']);
  if (errors[404]) responses['404'] = problemResponse(404, 'Not found.', errors[404], headerSet(charged));
  if (errors[409]) responses['409'] = problemResponse(409, 'Conflict.', errors[409], headerSet(charged));
  if (errors[410]) responses['410'] = problemResponse(410, 'Gone.', errors[410], headerSet(charged));
  responses['429'] = component(variant('TooManyRequests'), () =>
    problemResponse(
      429,
      keyed ? "The key's allowance or per-second burst limit is used up (`violated-policies`: `daily`, `monthly` or `burst`)." : 'Too many applications from this client IP (`violated-policies`: `["applications"]`).',
      { rate_limit_exceeded: 'a limit is used up; retry after Retry-After seconds' },
      headerSet(charged, retryAfterHeaders(false)),
    ),
  );
  responses['500'] = component(variant('InternalError'), () => problemResponse(500, 'Unexpected fault; no internals are disclosed.', { internal_error: 'an unexpected fault' }, headerSet(charged)));
  const upstreamFailed = { upstream_failed: 'a backend service did not answer within 10 seconds or answered something that is not HTTP' };
  const bad502 = () => problemResponse(502, 'A service behind the gateway failed.', { ...upstreamFailed, ...errors[502] }, headerSet(charged));
  responses['502'] = errors[502] ? bad502() : component(variant('BadGateway'), bad502);
  const unavailable = () =>
    problemResponse(
      503,
      'Temporarily unavailable; retry after Retry-After seconds when given.',
      {
        upstream_unavailable: 'a backend service cannot be reached (with Retry-After)',
        ...(keyed ? { auth_unavailable: 'keys or allowances cannot be checked right now' } : {}),
        ...DATABASE_503,
        ...errors[503],
      },
      headerSet(charged, retryAfterHeaders(true)),
    );
  responses['503'] = errors[503] ? unavailable() : component(variant('ServiceUnavailable'), unavailable);
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags,
    security: keyed ? [{ [BEARER_SCHEME]: [] }] : [],
    ...(spec.requestParams ? { requestParams: spec.requestParams } : {}),
    ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: spec.body } } } } : {}),
    responses,
  };
}

/** The project's one list envelope (DESIGN §5) around `item`. */
export const listEnvelope = (item: z.ZodType, extra: { total?: boolean; offset?: boolean } = { total: true, offset: true }) =>
  z.object({
    data: z.array(item),
    count: z.int().min(0).meta({ description: 'Records in this response.' }),
    limit: z.int().min(1).meta({ description: 'The applied limit.' }),
    ...(extra.offset ? { offset: z.int().min(0).meta({ description: 'The applied offset.' }) } : {}),
    ...(extra.total ? { total: z.int().min(0).meta({ description: 'Matching records before limit and offset.' }) } : {}),
  });
