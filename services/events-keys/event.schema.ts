import { z } from 'zod';
import { EVENT_STATUSES } from './event-params';

const timestamp = (description: string) => z.string().meta({ format: 'date-time', description });

/** An intelligence event as the API serves it (spec 001 §2.5): a thin index entry pointing to the original data. */
export const eventSchema = z
  .object({
    id: z.string().meta({ example: 'evt_3q2x9Jm0bQ1aZk7L4pVwYc' }),
    event_type: z.string().meta({ example: 'paper.published' }),
    status: z.enum(EVENT_STATUSES),
    subject_kind: z.string(),
    subject_id: z.string(),
    occurred_at: timestamp('When it happened (UTC).'),
    evidence_refs: z.array(z.object({ kind: z.string(), ref: z.string() })).meta({ description: 'References to the original data, never copies of it.' }),
    summary: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).meta({ description: 'A small display aggregate.' }),
    created_at: timestamp('When it was recorded.'),
    updated_at: timestamp('Its last transition.'),
  })
  .meta({ id: 'IntelligenceEvent' });

export type IntelligenceEvent = z.output<typeof eventSchema>;

/** A page of the event index: keyset paging by `next_cursor` (an offset over a feed that grows at the top would repeat or skip events). */
export const eventPageSchema = z
  .object({
    data: z.array(eventSchema),
    count: z.int().min(0),
    limit: z.int().min(1),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
  })
  .meta({ id: 'IntelligenceEventPage' });

export type EventPage = z.output<typeof eventPageSchema>;
