import { z } from 'zod';
import { paperSchema, type Paper } from '../../shared/papers/paper.schema';

/**
 * What the change feed serves. A pipeline that follows the corpus keeps its own copy of it, so the
 * record is the whole stored paper (every field of `shared/papers/paper.schema.ts`, with its types and
 * descriptions, a new stored field included), not the search record: `updated_at`, `year`,
 * `venue_type`, `source` and `cited_by_count` are there too, and no scores. The topic is named
 * `primary_topic`, as in the data API's search record.
 */
type Stored = typeof paperSchema.shape;
type Renamed = { [K in keyof Stored as K extends 'topic' ? 'primary_topic' : K]: Stored[K] };

const renamed = (key: string) => (key === 'topic' ? 'primary_topic' : key);
const STORED_KEYS = Object.keys(paperSchema.shape) as (keyof Paper)[];

export const paperRecordSchema = z
  .object(Object.fromEntries(Object.entries(paperSchema.shape).map(([key, field]) => [renamed(key), field])) as Renamed)
  .meta({ id: 'PaperRecord', description: 'A paper as stored: every field, in the stored order; the topic is `primary_topic`.' });

export type PaperRecord = z.output<typeof paperRecordSchema>;

export function toPaperRecord(p: Paper): PaperRecord {
  const record: Record<string, unknown> = {};
  for (const key of STORED_KEYS) record[renamed(key)] = p[key];
  return record as PaperRecord;
}

export const paperChangeSchema = z
  .object({
    cursor: z.string().meta({ description: 'Where this change ends: pass it as `since` to continue right after it (e.g. a checkpoint in the middle of a page).' }),
    op: z.enum(['upsert', 'delete']).meta({
      description:
        '`upsert`: the paper was added or changed; `paper` is its record as it is now. `delete`: it was removed; `paper` is null. An upsert of a paper that has been removed since is given as `delete` (the removal itself follows later).',
    }),
    paper_id: z.string().meta({ description: 'The paper the change is about.' }),
    changed_at: z.string().meta({ format: 'date-time', description: 'When the change was made (UTC).' }),
    paper: paperRecordSchema.nullable().meta({ description: 'The paper as it is now (it may already hold later changes, which follow in the feed); null for `delete`.' }),
  })
  .meta({ id: 'PaperChange' });

export type PaperChangeItem = z.output<typeof paperChangeSchema>;

export const paperChangePageSchema = z
  .object({
    data: z.array(paperChangeSchema).meta({ description: 'Changes in commit order.' }),
    count: z.int().min(0).meta({ description: 'Changes in this answer.' }),
    limit: z.int().min(1).meta({ description: 'The applied limit.' }),
    next_cursor: z.string().meta({
      description: 'Pass as `since` for what follows: never null (a feed has no last page); with `has_more` false, ask again later with it.',
    }),
    has_more: z.boolean().meta({ description: 'More changes are already waiting after `next_cursor`.' }),
  })
  .meta({ id: 'PaperChangePage' });

export type PaperChangePage = z.output<typeof paperChangePageSchema>;
