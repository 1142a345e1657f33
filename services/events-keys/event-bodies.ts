import { z } from 'zod';
import { bodyField, check, coded, oneOf, rule, text } from '../../shared/http/param-schemas';
import { ERROR_CODE, parseBody, UNKNOWN_FIELD_CODE } from '../../shared/http/request-schema';
import {
  chars,
  EVENT_LIMITS as L,
  EVENT_STATUSES,
  EVENT_TYPE,
  isEventType,
  isSubjectId,
  KIND,
  parseInstant,
  RULES,
  type EventStatus,
  type EventSummary,
  type EvidenceRef,
  type NewEvent,
} from './event-params';

/**
 * The bodies of `POST /api/v1/intelligence-events` (record) and `PATCH …/{id}` (transition), for
 * HTTP and for in-process producers alike. Absent or null required fields are `missing_field:*`,
 * wrong ones `invalid_field:*`, fields an event does not have `invalid_field:<name>`.
 */

const FIELDS = ['event_type', 'status', 'subject_kind', 'subject_id', 'occurred_at', 'evidence_refs', 'summary'];
const rulesOf = (name: string, rule: string) => `${name} ${rule}.`;
/** A message for a value of the wrong kind, leaving absent values to the common "is required". */
const wrong = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? undefined : message);

const kindText = (message: string) => text({ error: wrong(message) }).check(rule<string>((v) => KIND.test(v), message));

const evidenceRef = z
  .strictObject(
    {
      kind: kindText('{path} must be a lowercase name such as paper, article or url.').meta({ pattern: KIND.source }),
      ref: text({ error: wrong('{path} must be a string.') })
        .check(rule<string>((v) => chars(v) <= L.refMaxChars && /^[^\s\p{Cc}]+$/u.test(v), `{path} must be an identifier or URL of 1 to ${L.refMaxChars} characters without white space.`))
        .meta({ maxLength: L.refMaxChars, description: 'An identifier or a URL of the original data.' }),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? '{path}: a reference holds only kind and ref (references, never copies of the data).' : undefined) },
  )
  .check(rule<{ kind: string; ref: string }>((r) => r.kind !== 'url' || /^https?:\/\/[^/]/i.test(r.ref), '{path}.ref must be an http(s) URL when kind is url.'))
  .meta({ description: 'A reference to the original data: its kind (`paper`, `article`, `company`, `url`, …) and an identifier or URL.' });

const flatValue = z.union([z.string(), z.number(), z.boolean(), z.null()], {
  error: '{path} must be a string, number, boolean or null (a display aggregate, not raw data).',
});

/** Validated fields of a new event; the OpenAPI document shows the same schema. */
export const recordEventBodySchema = z
  .strictObject(
    {
      event_type: bodyField('event_type', text({ error: wrong(rulesOf('event_type', RULES.eventType)) }).check(rule<string>(isEventType, rulesOf('{path}', RULES.eventType))), {
        description: 'Dotted lowercase event type, e.g. `paper.published`.',
        pattern: EVENT_TYPE.source,
        maxLength: L.eventTypeMaxChars,
      }),
      subject_kind: bodyField('subject_kind', kindText(rulesOf('{path}', RULES.kind)), { description: 'Kind of subject, e.g. `company`, `paper`.', pattern: KIND.source }),
      subject_id: bodyField('subject_id', text({ error: wrong(rulesOf('subject_id', RULES.subjectId)) }).check(rule<string>(isSubjectId, rulesOf('{path}', RULES.subjectId))), {
        description: 'Identifier of the subject.',
        maxLength: L.subjectIdMaxChars,
      }),
      occurred_at: bodyField(
        'occurred_at',
        z.union([z.string(), z.number()], { error: wrong(rulesOf('occurred_at', RULES.time)) }).transform((value, ctx) => {
          const at = parseInstant(value);
          if (at) return at;
          ctx.issues.push({ code: 'custom', input: value, message: rulesOf('occurred_at', RULES.time) });
          return z.NEVER;
        }),
        { description: 'When it happened: ISO 8601 or Unix epoch seconds.' },
      ),
      evidence_refs: coded(
        z
          .array(evidenceRef, { error: wrong('{path} must be an array of {kind, ref} objects.') })
          .max(L.maxEvidenceRefs, { error: `{path} may hold at most ${L.maxEvidenceRefs} references.` })
          .check(check<EvidenceRef[]>((refs) => repeated(refs)))
          .nullish()
          .transform((v) => v ?? []),
        'invalid_field:evidence_refs',
        { description: 'References to the original data (never copies of it); distinct.' },
      ),
      summary: coded(
        z
          .record(z.string(), flatValue, { error: wrong('{path} must be a JSON object.') })
          .check(check<EventSummary>(summaryProblem))
          .nullish()
          .transform((v) => v ?? {}),
        'invalid_field:summary',
        { description: `A small display aggregate (flat values only, keys of 1 to ${L.summaryKeyMaxChars} characters, at most ${L.summaryMaxBytes} bytes as JSON); raw readings are never copied here.` },
      ),
      status: bodyField('status', z.literal('observed', { error: wrong('status of a new event must be observed (move it on with PATCH).') }).nullish(), {
        description: 'New events always start `observed`; move them on with PATCH.',
      }),
    },
    { error: unknownField },
  )
  .meta({ [ERROR_CODE]: 'invalid_body', [UNKNOWN_FIELD_CODE]: 'invalid_field:{field}' });

function unknownField(issue: { code?: string; input?: unknown }): string | undefined {
  if (issue.code === 'unrecognized_keys') return `{path} is not a field of an intelligence event (fields: ${FIELDS.join(', ')}).`;
  return issue.code === 'invalid_type' ? 'The body must be a JSON object sent with Content-Type: application/json.' : undefined;
}

function repeated(refs: EvidenceRef[]) {
  const seen = new Set<string>();
  for (const [i, { kind, ref }] of refs.entries()) {
    const key = JSON.stringify([kind, ref]);
    if (seen.has(key)) return { message: `evidence_refs[${i}] repeats an earlier reference.` };
    seen.add(key);
  }
  return undefined;
}

function summaryProblem(summary: EventSummary) {
  if (Object.keys(summary).some((key) => key === '' || chars(key) > L.summaryKeyMaxChars)) return { message: `summary keys must have 1 to ${L.summaryKeyMaxChars} characters.` };
  if (Buffer.byteLength(JSON.stringify(summary)) > L.summaryMaxBytes) return { message: `summary must be at most ${L.summaryMaxBytes} bytes as JSON.` };
  return undefined;
}

/** Validates a new event, whoever sends it; throws 400 problems (`missing_field:*`, `invalid_field:*`, `invalid_body`). */
export function parseRecordInput(input: unknown): NewEvent {
  // In-process producers may give a Date; over HTTP it is text or epoch seconds.
  const given = isObject(input) && input.occurred_at instanceof Date ? { ...input, occurred_at: input.occurred_at.getTime() / 1000 } : input;
  const body = parseBody(recordEventBodySchema, given);
  return {
    eventType: body.event_type,
    subjectKind: body.subject_kind,
    subjectId: body.subject_id,
    occurredAt: body.occurred_at,
    evidenceRefs: body.evidence_refs,
    summary: body.summary,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body of PATCH: `{ "status": "verified" }`. */
export const transitionBodySchema = z
  .strictObject(
    { status: bodyField('status', oneOf(EVENT_STATUSES, () => rulesOf('status', RULES.status)), { description: 'The state to move the event to.' }) },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? '{path} is not a field of a transition (fields: status).' : unknownField(issue)) },
  )
  .meta({ [ERROR_CODE]: 'invalid_body', [UNKNOWN_FIELD_CODE]: 'invalid_field:{field}' });

export const parseTransitionBody = (input: unknown): EventStatus => parseBody(transitionBodySchema, input).status;
