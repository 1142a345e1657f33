import { z } from 'zod';
import { coded, text, wholeNumber, withDefault } from '../../shared/http/param-schemas';
import { parseQuery, type RawQuery } from '../../shared/http/request-schema';

/**
 * The query of `GET /api/v1/papers/changes`: where to read from (`since`) and how much (`limit`).
 * The schema validates the request and renders the OpenAPI document (`shared/http/request-schema.ts`).
 */

export const CHANGE_LIMITS = { limitMin: 1, limitMax: 500, limitDefault: 100 } as const;

/**
 * A place in the feed: the log position read to, and the latest pruning pass of the log when the
 * cursor was issued (so a pass made later that dropped a removal the reader has not read is told
 * apart from the passes it has seen). Written `<position>.<run>`, opaque to clients; `0` alone is the
 * beginning.
 */
export interface FeedCursor {
  position: string;
  run: string;
}

export const FEED_START: Readonly<FeedCursor> = { position: '0', run: '0' };

/** Postgres bigint: positions and pass numbers never exceed it. */
const MAX_BIGINT = 9_223_372_036_854_775_807n;
const CURSOR = /^(0|[1-9]\d{0,18})\.(0|[1-9]\d{0,18})$/;

export const encodeCursor = (c: FeedCursor): string => `${c.position}.${c.run}`;

/** The cursor a client sent back, or undefined when it is not one this API writes. */
export function decodeCursor(value: string): FeedCursor | undefined {
  if (value === '0') return { ...FEED_START };
  const m = CURSOR.exec(value);
  if (!m || BigInt(m[1]!) > MAX_BIGINT || BigInt(m[2]!) > MAX_BIGINT) return undefined;
  return { position: m[1]!, run: m[2]! };
}

const SINCE_RULE = 'must be 0 (the beginning) or a cursor from a previous answer (`next_cursor` or an item\'s `cursor`), unchanged';

export const changesQuerySchema = z.object({
  since: coded(
    text()
      .transform((value, ctx) => {
        const cursor = decodeCursor(value);
        if (cursor) return cursor;
        ctx.issues.push({ code: 'custom', input: value, message: `since ${SINCE_RULE}; got "${value.slice(0, 100)}".` });
        return z.NEVER;
      })
      .optional(),
    'invalid_since',
    {
      description:
        'Where to continue: the `next_cursor` of the previous answer (or the `cursor` of the last item applied), unchanged. Absent or `0`: from the beginning of the log, which holds every paper that exists. Opaque: do not build or compare cursors.',
      example: '0',
    },
  ),
  limit: coded(withDefault(wholeNumber(CHANGE_LIMITS.limitMin, CHANGE_LIMITS.limitMax), CHANGE_LIMITS.limitDefault), 'invalid_limit', {
    description: `Changes per answer, ${CHANGE_LIMITS.limitMin} to ${CHANGE_LIMITS.limitMax}.`,
  }),
});

export interface ChangesParams {
  since: FeedCursor;
  limit: number;
}

export function parseChangesParams(query: RawQuery): ChangesParams {
  const p = parseQuery(changesQuerySchema, query);
  return { since: p.since ?? { ...FEED_START }, limit: p.limit };
}
