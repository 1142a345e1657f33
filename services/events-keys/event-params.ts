import { randomBytes } from 'node:crypto';
import { badRequest } from '../../shared/errors/problem';
import { singleParam as single, type RawQuery } from '../../shared/http/query-params';

/**
 * Validation of intelligence events (spec 001 §2.5, §3, §4.8): the list query, the ids, the bodies
 * of POST and PATCH, and the keyset cursor. Conventions as in public-search/search-params.ts: a
 * parameter given empty counts as absent, one given twice is an error with its own code, unknown
 * query parameters are ignored.
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

const EVENT_ID = /^evt_[A-Za-z0-9_-]{20}$/;
/** Open-ended dotted lowercase names: `gap.emission_computed`, `paper.published`. */
const EVENT_TYPE = /^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$/;
/** subject_kind and an evidence ref's kind: `company`, `paper`, `emission_record`. */
const KIND = /^[a-z][a-z0-9_]{0,39}$/;
/** Identifiers and URLs: any printable characters but white space. */
const OPAQUE = /^[^\s\p{Cc}]+$/u;

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

const chars = (s: string) => [...s].length;
const isEventType = (s: string) => s.length <= EVENT_LIMITS.eventTypeMaxChars && EVENT_TYPE.test(s);
const isSubjectId = (s: string) => chars(s) <= EVENT_LIMITS.subjectIdMaxChars && OPAQUE.test(s);

/** What each field must be, shared by the query's and the bodies' error details. */
const RULES = {
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

function decodeCursor(value: string): EventCursor {
  const bad = badRequest('invalid_cursor', 'cursor must be a next_cursor value from a previous page, unchanged.');
  if (value.length > 200 || !/^[A-Za-z0-9_-]+$/.test(value)) throw bad;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw bad;
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) throw bad;
  const [time, id] = decoded as unknown[];
  if (typeof time !== 'string' || typeof id !== 'string' || !EVENT_ID.test(id)) throw bad;
  const occurredAt = parseInstant(time);
  if (!occurredAt || occurredAt.toISOString() !== time) throw bad;
  return { occurredAt, id };
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

function checked<T>(query: RawQuery, name: string, parse: (v: string) => T | undefined, rule: string): T | undefined {
  const code = `invalid_${name}`;
  const value = single(query, name, code);
  if (value === undefined) return undefined;
  const parsed = parse(value);
  if (parsed === undefined) throw badRequest(code, `${name} ${rule}; got "${value.slice(0, 100)}".`);
  return parsed;
}

const wholeNumber = (min: number, max: number) => (v: string) => (/^\d{1,9}$/.test(v) && +v >= min && +v <= max ? +v : undefined);
const when = <T extends string>(ok: (v: string) => boolean) => (v: string) => (ok(v) ? (v as T) : undefined);

/** Validates the list query. Both time bounds are inclusive. */
export function parseListParams(query: RawQuery): EventListParams {
  const L = EVENT_LIMITS;
  const params: EventListParams = {
    eventType: checked(query, 'event_type', when(isEventType), RULES.eventType),
    status: checked(query, 'status', when<EventStatus>(isEventStatus), RULES.status),
    subjectKind: checked(query, 'subject_kind', when((v) => KIND.test(v)), RULES.kind),
    subjectId: checked(query, 'subject_id', when(isSubjectId), RULES.subjectId),
    occurredFrom: checked(query, 'occurred_from', parseInstant, RULES.time),
    occurredTo: checked(query, 'occurred_to', parseInstant, RULES.time),
    limit: checked(query, 'limit', wholeNumber(L.limitMin, L.limitMax), RULES.limit) ?? L.limitDefault,
  };
  const cursor = single(query, 'cursor', 'invalid_cursor');
  if (cursor !== undefined) params.cursor = decodeCursor(cursor);
  if (params.occurredFrom && params.occurredTo && params.occurredFrom > params.occurredTo) {
    throw badRequest('invalid_time_range', 'occurred_from must not be later than occurred_to.');
  }
  return params;
}

export function parseEventId(value: unknown): string {
  if (typeof value !== 'string' || !EVENT_ID.test(value)) {
    throw badRequest('invalid_id', 'An event id is "evt_" followed by 20 letters, digits, "-" or "_".');
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Bodies: POST (record) and PATCH (transition)

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

const missing = (name: string) => badRequest(`missing_field:${name}`, `${name} is required.`);
const invalid = (name: string, rule: string) => badRequest(`invalid_field:${name}`, `${name} ${rule}.`);

function asObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('invalid_body', 'The body must be a JSON object sent with Content-Type: application/json.');
  }
  return body as Record<string, unknown>;
}

function rejectUnknown(body: Record<string, unknown>, known: readonly string[]): void {
  const extra = Object.keys(body).find((k) => !known.includes(k));
  if (extra !== undefined) throw invalid(extra.slice(0, 64), `is not a field of an intelligence event (fields: ${known.join(', ')})`);
}

/** A required field: absent and null count as missing; otherwise `parse` decides. */
function required<T>(body: Record<string, unknown>, name: string, parse: (v: unknown) => T | undefined, rule: string): T {
  const value = body[name];
  if (value === undefined || value === null) throw missing(name);
  const parsed = parse(value);
  if (parsed === undefined) throw invalid(name, rule);
  return parsed;
}

const instant = (v: unknown) => (typeof v === 'string' || typeof v === 'number' || v instanceof Date ? parseInstant(v) : undefined);
const string = (ok: (s: string) => boolean) => (v: unknown) => (typeof v === 'string' && ok(v) ? v : undefined);

function evidenceRefs(value: unknown): EvidenceRef[] {
  const L = EVENT_LIMITS;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid('evidence_refs', 'must be an array of {kind, ref} objects');
  if (value.length > L.maxEvidenceRefs) throw invalid('evidence_refs', `may hold at most ${L.maxEvidenceRefs} references`);
  const seen = new Set<string>();
  return value.map((item: unknown, i) => {
    const at = `evidence_refs[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw invalid('evidence_refs', `${at} must be an object {kind, ref}`);
    const { kind, ref, ...rest } = item as Record<string, unknown>;
    if (Object.keys(rest).length > 0) throw invalid('evidence_refs', `${at} may hold only kind and ref (references, never copies of the data)`);
    if (typeof kind !== 'string' || !KIND.test(kind)) throw invalid('evidence_refs', `${at}.kind must be a lowercase name such as paper, article or url`);
    if (typeof ref !== 'string' || chars(ref) > L.refMaxChars || !OPAQUE.test(ref)) {
      throw invalid('evidence_refs', `${at}.ref must be an identifier or URL of 1 to ${L.refMaxChars} characters without white space`);
    }
    if (kind === 'url' && !/^https?:\/\/[^/]/i.test(ref)) throw invalid('evidence_refs', `${at}.ref must be an http(s) URL when kind is url`);
    const key = JSON.stringify([kind, ref]);
    if (seen.has(key)) throw invalid('evidence_refs', `${at} repeats an earlier reference`);
    seen.add(key);
    return { kind, ref };
  });
}

function summary(value: unknown): EventSummary {
  const L = EVENT_LIMITS;
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('summary', 'must be a JSON object');
  const out: EventSummary = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (key === '' || chars(key) > L.summaryKeyMaxChars) throw invalid('summary', `keys must have 1 to ${L.summaryKeyMaxChars} characters`);
    const flat = v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
    if (!flat) throw invalid('summary', `"${key.slice(0, 64)}" must be a string, number, boolean or null (a display aggregate, not raw data)`);
    out[key] = v as EventSummary[string];
  }
  if (Buffer.byteLength(JSON.stringify(out)) > L.summaryMaxBytes) throw invalid('summary', `must be at most ${L.summaryMaxBytes} bytes as JSON`);
  return out;
}

const RECORD_FIELDS = ['event_type', 'status', 'subject_kind', 'subject_id', 'occurred_at', 'evidence_refs', 'summary'] as const;

/** Validates a new event, whoever sends it; throws 400 problems (`missing_field:*`, `invalid_field:*`, `invalid_body`). */
export function parseRecordInput(input: unknown): NewEvent {
  const body = asObject(input);
  const event: NewEvent = {
    eventType: required(body, 'event_type', string(isEventType), RULES.eventType),
    subjectKind: required(body, 'subject_kind', string((v) => KIND.test(v)), RULES.kind),
    subjectId: required(body, 'subject_id', string(isSubjectId), RULES.subjectId),
    occurredAt: required(body, 'occurred_at', instant, RULES.time),
    evidenceRefs: evidenceRefs(body.evidence_refs),
    summary: summary(body.summary),
  };
  if (body.status !== undefined && body.status !== null && body.status !== 'observed') {
    throw invalid('status', 'of a new event must be observed (move it on with PATCH)');
  }
  rejectUnknown(body, RECORD_FIELDS);
  return event;
}

/** Validates a PATCH body: `{ "status": "verified" }`. */
export function parseTransitionBody(input: unknown): EventStatus {
  const body = asObject(input);
  const to = required(body, 'status', (v) => (isEventStatus(v) ? v : undefined), RULES.status);
  rejectUnknown(body, ['status']);
  return to;
}
