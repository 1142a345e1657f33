import type { ApiCaller } from '../../modules/api-keys';
import { badRequest, notFound, ProblemError } from '../../shared/errors/problem';
import {
  encodeCursor,
  EVENT_STATUSES,
  isEventStatus,
  newEventId,
  type EventListParams,
  type EventStatus,
  type RecordEventInput,
} from './event-params';
import { parseRecordInput } from './event-bodies';
import type { EventRepository, IntelligenceEvent } from './event.repository';
import type { EventPage } from './event.schema';

/**
 * The list envelope (DESIGN §5). Cursor-paged lists carry `next_cursor` (null on the last page)
 * instead of `offset`: an offset over a feed that grows at the top would repeat or skip events.
 */
export type { EventPage };

/** Who is asking: only Internal-plan keys see events that are not published (spec 001 §3). */
export type EventReader = Pick<ApiCaller, 'internal'>;

/**
 * The lifecycle: observed → verified → published, and any state → retracted. Retracted is final,
 * and no state moves to itself, so a repeated or concurrent request is refused rather than replayed.
 */
const NEXT: Record<EventStatus, readonly EventStatus[]> = {
  observed: ['verified', 'retracted'],
  verified: ['published', 'retracted'],
  published: ['retracted'],
  retracted: [],
};

export const canTransition = (from: EventStatus, to: EventStatus): boolean => NEXT[from].includes(to);

/**
 * Intelligence events: recording, moving along the lifecycle, and reading with the visibility
 * rule. The HTTP routes and in-process producers (ingest's `paper.published`) both come here, so
 * the same validation and rules hold whoever writes.
 */
export class IntelligenceEventService {
  constructor(private readonly events: EventRepository) {}

  /** Records a new event, status observed. The input is validated here, whatever its static type. */
  async record(input: RecordEventInput): Promise<IntelligenceEvent> {
    return this.events.insert(newEventId(), parseRecordInput(input));
  }

  /**
   * Records events for an in-process producer (ingest's `paper.published`) and publishes them through
   * the lifecycle's steps, at most once per dedupe key: a retried job neither duplicates an event
   * nor leaves one half-way. A retracted event stays retracted. Returns how many were new.
   */
  async publishOnce(inputs: readonly { dedupeKey: string; input: RecordEventInput }[]): Promise<number> {
    return this.events.recordOnceAndPublish(inputs.map(({ dedupeKey, input }) => ({ id: newEventId(), dedupeKey, event: parseRecordInput(input) })));
  }

  /** Moves an event along; 404 `not_found` when absent, 409 `invalid_transition` when not allowed. */
  async transition(id: string, to: EventStatus): Promise<IntelligenceEvent> {
    if (!isEventStatus(to)) throw badRequest('invalid_field:status', `status must be one of ${EVENT_STATUSES.join(', ')}.`);
    const result = await this.events.transition(id, to, (from) => canTransition(from, to));
    if (result.outcome === 'applied') return result.event;
    if (result.outcome === 'not_found') throw notFound(`No intelligence event ${id}.`);
    const allowed = NEXT[result.from];
    throw new ProblemError(
      409,
      'invalid_transition',
      `Event ${id} cannot move from ${result.from} to ${to}; ` +
        (allowed.length ? `from ${result.from} it may move to ${allowed.join(' or ')}.` : `${result.from} is final.`),
      { from: result.from, to },
    );
  }

  /** A page of events, newest first. A normal key sees only published ones, whatever it filters on. */
  async list(params: EventListParams, caller: EventReader): Promise<EventPage> {
    if (!caller.internal && params.status !== undefined && params.status !== 'published') {
      return { data: [], count: 0, limit: params.limit, next_cursor: null };
    }
    const status = caller.internal ? params.status : 'published';
    // One more than asked tells whether another page exists, so the last page says null.
    const rows = await this.events.list({
      eventType: params.eventType,
      status,
      subjectKind: params.subjectKind,
      subjectId: params.subjectId,
      occurredFrom: params.occurredFrom,
      occurredTo: params.occurredTo,
      after: params.cursor,
      limit: params.limit + 1,
    });
    const data = rows.slice(0, params.limit);
    const last = data[data.length - 1];
    const more = rows.length > params.limit && last !== undefined;
    return {
      data,
      count: data.length,
      limit: params.limit,
      next_cursor: more ? encodeCursor({ occurredAt: new Date(last.occurred_at), id: last.id }) : null,
    };
  }

  /** One event; a hidden one is 404 like an absent one, so a normal key cannot learn that it exists. */
  async get(id: string, caller: EventReader): Promise<IntelligenceEvent> {
    const event = await this.events.find(id, caller.internal ? undefined : ['published']);
    if (!event) throw notFound(`No intelligence event ${id}.`);
    return event;
  }
}
