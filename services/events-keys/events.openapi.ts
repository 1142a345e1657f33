import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { cacheControl } from '../../shared/openapi/headers';
import { apiOperation } from '../../shared/openapi/data-api-operation';
import { recordEventBodySchema, transitionBodySchema } from './event-bodies';
import { eventListQuerySchema, eventPathSchema } from './event-params';
import { eventPageSchema, eventSchema } from './event.schema';


const noStore = { 'Cache-Control': cacheControl('private, no-store') };
const badId = { invalid_id: 'not "evt_" and 20 letters, digits, "-" or "_"' };
const bodyCodes = { 'missing_field:*': 'a required field is absent or null', 'invalid_field:*': 'a field is wrong, or is not a field of an event' };

/** Spec 001 §4.8 and the Internal-only writes, in the data API's OpenAPI document. */
export function eventPaths(): ZodOpenApiPathsObject {
  const tags = ['Intelligence events'];
  return {
    '/api/v1/intelligence-events': {
      get: apiOperation({
        operationId: 'listIntelligenceEvents',
        summary: 'Intelligence events, newest first',
        description: 'A key that is not Internal sees only `published` events; Internal keys see every status.',
        tags,
        access: 'key',
        requestParams: { query: eventListQuerySchema },
        success: { status: 200, description: 'A page of events.', schema: eventPageSchema, headers: noStore },
        errors: {
          400: {
            invalid_event_type: 'not a dotted lowercase name',
            invalid_status: 'not one of observed, verified, published, retracted',
            invalid_subject_kind: 'not a lowercase name',
            invalid_subject_id: 'not an identifier without white space',
            invalid_occurred_from: 'not ISO 8601 or epoch seconds',
            invalid_occurred_to: 'not ISO 8601 or epoch seconds',
            invalid_limit: 'limit is not 1 to 200',
            invalid_cursor: 'not a next_cursor of a previous page',
            invalid_time_range: 'occurred_from is later than occurred_to',
          },
        },
      }),
      post: apiOperation({
        operationId: 'recordIntelligenceEvent',
        summary: 'Record an event (Internal keys); it starts observed',
        tags,
        access: 'internal',
        body: recordEventBodySchema,
        success: {
          status: 201,
          description: 'The recorded event.',
          schema: eventSchema,
          headers: { ...noStore, Location: z.string().meta({ description: 'The address of the new event.' }) },
        },
        errors: { 400: bodyCodes },
      }),
    },
    '/api/v1/intelligence-events/{id}': {
      get: apiOperation({
        operationId: 'getIntelligenceEvent',
        summary: 'One event (404 when the key may not see it)',
        tags,
        access: 'key',
        requestParams: { path: eventPathSchema },
        success: { status: 200, description: 'The event.', schema: eventSchema, headers: noStore },
        errors: { 400: badId, 404: { not_found: 'no event with this id that the key may see' } },
      }),
      patch: apiOperation({
        operationId: 'transitionIntelligenceEvent',
        summary: 'Move an event along its lifecycle (Internal keys)',
        description: 'observed → verified → published, and to retracted from any state; retracted is final.',
        tags,
        access: 'internal',
        requestParams: { path: eventPathSchema },
        body: transitionBodySchema,
        success: { status: 200, description: 'The event in its new state.', schema: eventSchema, headers: noStore },
        errors: {
          400: { ...badId, ...bodyCodes },
          404: { not_found: 'no event with this id' },
          409: { invalid_transition: 'the lifecycle does not allow this move' },
        },
      }),
    },
  };
}
