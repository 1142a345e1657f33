import type { Database } from '../../shared/db/database';
import type { IntelligenceEvent } from './event.schema';
import type { EventCursor, EventStatus, EventSummary, EvidenceRef, NewEvent } from './event-params';

export type { IntelligenceEvent };

interface EventRow {
  id: string;
  event_type: string;
  status: EventStatus;
  subject_kind: string;
  subject_id: string;
  occurred_at: Date;
  evidence_refs: EvidenceRef[];
  summary: EventSummary;
  created_at: Date;
  updated_at: Date;
}

/** What a list asks of storage; `status` is already narrowed to what the caller may see. */
export interface EventCriteria {
  eventType?: string;
  status?: EventStatus;
  subjectKind?: string;
  subjectId?: string;
  occurredFrom?: Date;
  occurredTo?: Date;
  /** Only events after this one in the newest-first order. */
  after?: EventCursor;
  limit: number;
}

export type TransitionOutcome =
  | { outcome: 'applied'; from: EventStatus; event: IntelligenceEvent }
  | { outcome: 'refused'; from: EventStatus }
  | { outcome: 'not_found' };

const COLUMNS = 'id, event_type, status, subject_kind, subject_id, occurred_at, evidence_refs, summary, created_at, updated_at';

function toEvent(row: EventRow): IntelligenceEvent {
  return {
    id: row.id,
    event_type: row.event_type,
    status: row.status,
    subject_kind: row.subject_kind,
    subject_id: row.subject_id,
    occurred_at: row.occurred_at.toISOString(),
    // Rebuilt so every ref reads kind-then-ref; jsonb keeps its own key order.
    evidence_refs: row.evidence_refs.map(({ kind, ref }) => ({ kind, ref })),
    summary: row.summary,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Storage of intelligence events in Postgres (infra/migrations/003_intelligence_events.sql). */
export class EventRepository {
  constructor(private readonly db: Database) {}

  async insert(id: string, event: NewEvent): Promise<IntelligenceEvent> {
    const { rows } = await this.db.query<EventRow>(
      `INSERT INTO intelligence_events (id, event_type, subject_kind, subject_id, occurred_at, evidence_refs, summary)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb) RETURNING ${COLUMNS}`,
      // pg would send a JS array as a Postgres array, so the JSON columns get JSON text.
      [id, event.eventType, event.subjectKind, event.subjectId, event.occurredAt, JSON.stringify(event.evidenceRefs), JSON.stringify(event.summary)],
    );
    return toEvent(rows[0]!);
  }

  /** One event, or null when absent or not in `statuses` (when given). */
  async find(id: string, statuses?: readonly EventStatus[]): Promise<IntelligenceEvent | null> {
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${COLUMNS} FROM intelligence_events WHERE id = $1 AND ($2::text[] IS NULL OR status = ANY($2::text[]))`,
      [id, statuses ?? null],
    );
    return rows[0] ? toEvent(rows[0]) : null;
  }

  /** Newest first: occurred_at descending, then id descending, from just after the cursor. */
  async list(c: EventCriteria): Promise<IntelligenceEvent[]> {
    const where: string[] = [];
    const values: unknown[] = [];
    const add = (sql: (n: string) => string, ...v: unknown[]) => {
      const refs = v.map((x) => `$${values.push(x)}`);
      where.push(sql(refs.join(', ')));
    };
    if (c.eventType !== undefined) add((p) => `event_type = ${p}`, c.eventType);
    if (c.status !== undefined) add((p) => `status = ${p}`, c.status);
    if (c.subjectKind !== undefined) add((p) => `subject_kind = ${p}`, c.subjectKind);
    if (c.subjectId !== undefined) add((p) => `subject_id = ${p}`, c.subjectId);
    if (c.occurredFrom !== undefined) add((p) => `occurred_at >= ${p}`, c.occurredFrom);
    if (c.occurredTo !== undefined) add((p) => `occurred_at <= ${p}`, c.occurredTo);
    // A row comparison, so the indexes ending in (occurred_at DESC, id DESC) serve it as a range.
    if (c.after !== undefined) add((p) => `(occurred_at, id) < (${p})`, c.after.occurredAt, c.after.id);
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${COLUMNS} FROM intelligence_events ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY occurred_at DESC, id DESC LIMIT $${values.push(c.limit)}`,
      values,
    );
    return rows.map(toEvent);
  }

  /**
   * Moves an event to `to` if `allowed(from)` says so. The row is locked (SELECT … FOR UPDATE) from
   * the check to the write, so of two concurrent transitions the second sees the first's result.
   */
  async transition(id: string, to: EventStatus, allowed: (from: EventStatus) => boolean): Promise<TransitionOutcome> {
    return this.db.transaction(async (tx) => {
      const current = await tx.query<{ status: EventStatus }>('SELECT status FROM intelligence_events WHERE id = $1 FOR UPDATE', [id]);
      const from = current.rows[0]?.status;
      if (from === undefined) return { outcome: 'not_found' };
      if (!allowed(from)) return { outcome: 'refused', from };
      const { rows } = await tx.query<EventRow>(
        `UPDATE intelligence_events SET status = $2, updated_at = clock_timestamp() WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, to],
      );
      return { outcome: 'applied', from, event: toEvent(rows[0]!) };
    });
  }

  /**
   * Records each event once per dedupe key (a key seen before is left as it is), then moves those
   * still `observed` to `verified` and those `verified` to `published`, in one transaction: a retried
   * producer finds its earlier events and finishes their way. Returns how many were new.
   */
  async recordOnceAndPublish(events: readonly { id: string; dedupeKey: string; event: NewEvent }[]): Promise<number> {
    if (events.length === 0) return 0;
    const keys = events.map((e) => e.dedupeKey);
    return this.db.transaction(async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO intelligence_events (id, dedupe_key, event_type, subject_kind, subject_id, occurred_at, evidence_refs, summary)
         SELECT id, dedupe_key, event_type, subject_kind, subject_id, occurred_at, evidence_refs, summary
         FROM jsonb_to_recordset($1::jsonb) AS r(id text, dedupe_key text, event_type text, subject_kind text, subject_id text,
           occurred_at timestamptz, evidence_refs jsonb, summary jsonb)
         ON CONFLICT (dedupe_key) DO NOTHING`,
        [
          JSON.stringify(
            events.map(({ id, dedupeKey, event }) => ({
              id,
              dedupe_key: dedupeKey,
              event_type: event.eventType,
              subject_kind: event.subjectKind,
              subject_id: event.subjectId,
              occurred_at: event.occurredAt.toISOString(),
              evidence_refs: event.evidenceRefs,
              summary: event.summary,
            })),
          ),
        ],
      );
      // The lifecycle's two steps (observed → verified → published), never skipping one.
      for (const [from, to] of [['observed', 'verified'], ['verified', 'published']] as const) {
        await tx.query(
          `UPDATE intelligence_events SET status = $3, updated_at = clock_timestamp() WHERE dedupe_key = ANY($1::text[]) AND status = $2`,
          [keys, from, to],
        );
      }
      return inserted.rowCount ?? 0;
    });
  }
}
