import type { Paper } from '../papers/paper.schema';

/**
 * The ordered log of changes to papers, as its followers see it (the papers module's PaperChangeLog
 * is the adapter, table `paper_changes`): every derived index follows it from a saved cursor.
 */

/**
 * A place in the change log: every change at or before this position has been applied. Positions
 * become visible in order (see infra/migrations/008_paper_change_log.sql), so nothing can appear
 * behind a cursor later. 64-bit, kept as a decimal string.
 */
export interface LogCursor {
  position: string;
}

/** Before the first change: replaying from here rebuilds an index from nothing. */
export const LOG_ORIGIN: Readonly<LogCursor> = { position: '0' };

export interface PaperChange {
  paperId: string;
  op: 'upsert' | 'delete';
}

export interface LogLag {
  /** Changes after the cursor that a reader could apply or will soon (their transactions ended or not). */
  changes: number;
  /** Age of the oldest of those changes; 0 when there are none. */
  seconds: number;
}

/** What a follower reads: the changes after a cursor, in order, and how far behind a cursor is. */
export interface FollowedLog {
  read(after: LogCursor, limit: number): Promise<{ changes: PaperChange[]; next: LogCursor }>;
  lag(after: LogCursor): Promise<LogLag>;
}

/** The papers as they are now, by id (those that no longer exist are left out). */
export interface PaperLookup {
  findByIds(ids: string[]): Promise<Paper[]>;
}
