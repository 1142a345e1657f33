import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { coded, oneOf, rule, text, wholeNumber, withDefault } from '../../shared/http/param-schemas';
import { parseQuery, type RawQuery } from '../../shared/http/request-schema';

/**
 * Validation of intelligence events (spec 001 §2.5, §3, §4.8): the list query, the id in a path and
 * the keyset cursor (the bodies of POST and PATCH are in `event-bodies.ts`). The schemas validate the
 * requests and render the OpenAPI document; conventions as in `shared/http/request-schema.ts`.
 */

export const EVENT_STATUSES = ['observed', 'verified', 'published', 'retracted'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const EVENT_LIMITS = {
  limitMin: 1,
  limitMax: 200,
  limitDefault: 50,
  eventTypeMaxChars: 100,
  subjectIdMaxChars: 200,
  maxEvidenceRefs: 20,
  refMaxChars: 500,
  /** Bytes of the summary serialised as compact JSON (UTF-8). */
  summaryMaxBytes: 2048,
  summaryKeyMaxChars: 64,
} as const;

export const EVENT_ID = /^evt_[A-Za-z0-9_-]{20}$/;
/** Open-ended dotted lowercase names: `gap.emission_computed`, `paper.published`. */
export const EVENT_TYPE = /^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$/;
/** subject_kind and an evidence ref's kind: `company`, `paper`, `emission_record`. */
export const KIND = /^[a-z][a-z0-9_]{0,39}$/;
/** Identifiers and URLs: any printable characters but white space. */
export const OPAQUE = /^[^\s\p{Cc}]+$/u;

export interface EvidenceRef {
  kind: string;
  /** An identifier or a URL of the original data. */
  ref: string;
}

/** Flat values only: raw readings (series, nested records) cannot be pasted into a summary. */
export type EventSummary = Record<string, string | number | boolean | null>;

export const isEventStatus = (value: unknown): value is EventStatus =>
  typeof value === 'string' && (EVENT_STATUSES as readonly string[]).includes(value);

/** 20 url-safe characters from 15 random bytes: 120 bits, never guessed, never repeated in practice. */
export const newEventId = (): string => `evt_${randomBytes(15).toString('base64url')}`;

export const chars = (s: string) => [...s].length;
export const isEventType = (s: string) => s.length <= EVENT_LIMITS.eventTypeMaxChars && EVENT_TYPE.test(s);
export const isSubjectId = (s: string) => chars(s) <= EVENT_LIMITS.subjectIdMaxChars && OPAQUE.test(s);

/** What each field must be, shared by the query's and the bodies' error details. */
export const RULES = {
  eventType: `must be a dotted lowercase name such as paper.published (at most ${EVENT_LIMITS.eventTypeMaxChars} characters)`,
  status: `must be one of ${EVENT_STATUSES.join(', ')}`,
  kind: 'must be a lowercase name such as company or paper (letters, digits and _, at most 40 characters)',
  subjectId: `must be an identifier of 1 to ${EVENT_LIMITS.subjectIdMaxChars} characters without white space`,
  time: 'must be an ISO 8601 time (e.g. 2025-04-01T00:00:00Z) or Unix epoch seconds, within years 0001 to 9999',
  limit: `must be a whole number from ${EVENT_LIMITS.limitMin} to ${EVENT_LIMITS.limitMax}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Times

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?([Zz]|[+\- ]\d{2}:?\d{2})?)?$/;
const EPOCH_SECONDS = /^-?\d{1,12}(?:\.\d{1,3})?$/;
/** Four-digit ISO years: what Postgres stores and toISOString writes without a sign. */
const MIN_TIME = new Date('0001-01-01T00:00:00.000Z').getTime();
const MAX_TIME = new Date('9999-12-31T23:59:59.999Z').getTime();

/**
 * An instant given as ISO 8601 (`2025-04-01`, `2025-04-01T09:30:00+09:00`, fractions to the
 * millisecond) or as Unix epoch seconds (`1743465600`). A date alone is midnight UTC; a time without
 * an offset is UTC. In a URL an unescaped `+` arrives as a space, so `T09:30:00 09:00` reads as +09:00.
 */
export function parseInstant(value: string | number | Date): Date | undefined {
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'number') ms = Number.isFinite(value) ? Math.round(value * 1000) : NaN;
  else if (EPOCH_SECONDS.test(value)) ms = Math.round(Number(value) * 1000);
  else ms = isoToMillis(value);
  return Number.isFinite(ms) && ms >= MIN_TIME && ms <= MAX_TIME ? new Date(ms) : undefined;
}

function isoToMillis(value: string): number {
  const m = ISO_TIME.exec(value);
  if (!m) return NaN;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => Number(v ?? 0));
  if (hour > 23 || minute > 59 || second > 59) return NaN;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC: it maps years 0–99 onto 1900–1999
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return NaN;
  date.setUTCHours(hour, minute, second, Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3)));
  return date.getTime() - offsetMinutes(m[8]) * 60_000;
}

function offsetMinutes(offset: string | undefined): number {
  if (offset === undefined || offset.toUpperCase() === 'Z') return 0;
  const hours = Number(offset.slice(1, 3));
  const minutes = Number(offset.slice(-2));
  if (hours > 23 || minutes > 59) return NaN;
  return (offset[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

// ---------------------------------------------------------------------------------------------
// The keyset cursor: opaque to clients, base64url of [occurred_at, id] of the last event served.

export interface EventCursor {
  occurredAt: Date;
  id: string;
}

export const encodeCursor = (c: EventCursor): string =>
  Buffer.from(JSON.stringify([c.occurredAt.toISOString(), c.id])).toString('base64url');

/** The cursor a client sent back, or undefined when it is not one we wrote. */
function decodeCursor(value: string): EventCursor | undefined {
  if (value.length > 200 || !/^[A-Za-z0-9_-]+$/.test(value)) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) return undefined;
  const [time, id] = decoded as unknown[];
  if (typeof time !== 'string' || typeof id !== 'string' || !EVENT_ID.test(id)) return undefined;
  const occurredAt = parseInstant(time);
  if (!occurredAt || occurredAt.toISOString() !== time) return undefined;
  return { occurredAt, id };
}

// ---------------------------------------------------------------------------------------------
// Bodies of POST and PATCH (validated in event-bodies.ts)

/** What a caller gives to record an event, over HTTP (JSON) or from code (ingest). */
export interface RecordEventInput {
  event_type: string;
  subject_kind: string;
  subject_id: string;
  occurred_at: string | number | Date;
  evidence_refs?: EvidenceRef[];
  summary?: EventSummary;
  /** New events always start observed; the field is accepted so a client may say so. */
  status?: 'observed';
}

export interface NewEvent {
  eventType: string;
  subjectKind: string;
  subjectId: string;
  occurredAt: Date;
  evidenceRefs: EvidenceRef[];
  summary: EventSummary;
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/intelligence-events and /{id}

export interface EventListParams {
  eventType?: string;
  status?: EventStatus;
  subjectKind?: string;
  subjectId?: string;
  occurredFrom?: Date;
  occurredTo?: Date;
  limit: number;
  cursor?: EventCursor;
}

const got = (v: string) => `; got "${v.slice(0, 100)}".`;

/** A query parameter `name` read by `read`, which answers undefined for a value it refuses. */
function filter<T>(name: string, read: (v: string) => T | undefined, rule: string, description: string, meta: object = {}) {
  return coded(
    text()
      .transform((value, ctx) => {
        const parsed = read(value);
        if (parsed !== undefined) return parsed;
        ctx.issues.push({ code: 'custom', input: value, message: `${name} ${rule}${got(value)}` });
        return z.NEVER;
      })
      .optional(),
    `invalid_${name}`,
    { description, ...meta },
  );
}

const matching = (ok: (v: string) => boolean) => (v: string) => (ok(v) ? v : undefined);
const TIME = 'ISO 8601 (`2025-04-01`, `2025-04-01T09:30:00+09:00`; a date alone is 00:00 UTC) or Unix epoch seconds; inclusive.';

/** The query of `GET /api/v1/intelligence-events`. Both time bounds are inclusive. */
export const eventListQuerySchema = z
  .object({
    event_type: filter('event_type', matching(isEventType), RULES.eventType, 'Dotted lowercase event type, e.g. `paper.published`, `gap.emission_computed`; the list is open-ended.', {
      pattern: EVENT_TYPE.source,
      maxLength: EVENT_LIMITS.eventTypeMaxChars,
    }),
    status: coded(oneOf(EVENT_STATUSES, (v) => `status ${RULES.status}${got(v)}`).optional(), 'invalid_status', {
      description: 'Only events in this state. A key that is not Internal sees only `published` events, whatever it asks for.',
    }),
    subject_kind: filter('subject_kind', matching((v) => KIND.test(v)), RULES.kind, 'Kind of subject, e.g. `company`, `paper`.', { pattern: KIND.source }),
    subject_id: filter('subject_id', matching(isSubjectId), RULES.subjectId, 'Identifier of the subject, e.g. a securities code or a paper id.', {
      maxLength: EVENT_LIMITS.subjectIdMaxChars,
    }),
    occurred_from: filter('occurred_from', parseInstant, RULES.time, `Earliest occurrence time: ${TIME}`),
    occurred_to: filter('occurred_to', parseInstant, RULES.time, `Latest occurrence time: ${TIME}`),
    limit: coded(withDefault(wholeNumber(EVENT_LIMITS.limitMin, EVENT_LIMITS.limitMax), EVENT_LIMITS.limitDefault), 'invalid_limit', {
      description: `Events per page, ${EVENT_LIMITS.limitMin} to ${EVENT_LIMITS.limitMax}.`,
    }),
    cursor: filter('cursor', decodeCursor, 'must be a next_cursor value from a previous page, unchanged', 'The `next_cursor` of the previous page, unchanged.'),
  })
  .superRefine((v, ctx) => {
    if (v.occurred_from && v.occurred_to && v.occurred_from > v.occurred_to) {
      ctx.addIssue({ code: 'custom', message: 'occurred_from must not be later than occurred_to.', params: { code: 'invalid_time_range' }, input: v });
    }
  });

/** Validates the list query. */
export function parseListParams(query: RawQuery): EventListParams {
  const p = parseQuery(eventListQuerySchema, query);
  return {
    eventType: p.event_type,
    status: p.status,
    subjectKind: p.subject_kind,
    subjectId: p.subject_id,
    occurredFrom: p.occurred_from,
    occurredTo: p.occurred_to,
    limit: p.limit,
    ...(p.cursor ? { cursor: p.cursor } : {}),
  };
}

/** `{id}` of `/api/v1/intelligence-events/{id}`. */
export const eventPathSchema = z.object({
  id: coded(text().check(rule<string>((v) => EVENT_ID.test(v), 'An event id is "evt_" followed by 20 letters, digits, "-" or "_".')), 'invalid_id', {
    description: 'Event id: `evt_` and 20 letters, digits, `-` or `_`.',
    pattern: EVENT_ID.source,
    example: 'evt_Qm9kZS1leGFtcGxlLTEx',
  }),
});
