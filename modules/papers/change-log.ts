import type { Database } from '../../shared/db/database';
import type { FollowedLog, LogCursor, LogLag, PaperChange } from '../../shared/indexing/change-log.port';

export { LOG_ORIGIN, type LogCursor, type LogLag, type PaperChange } from '../../shared/indexing/change-log.port';

/** One logged change as a reader outside the followers sees it (the data API's change feed). */
export interface LoggedChange {
  position: string;
  paperId: string;
  op: PaperChange['op'];
  /** When the change was made (its transaction's time), ISO 8601 UTC. */
  changedAt: string;
}

/**
 * A page of the log after a reader's cursor: the changes and whether more follow, with the latest
 * pruning pass (`run`) a cursor issued now should carry; or why the cursor no longer holds:
 * `expired` (a removal after it was pruned since it was issued) or `unknown` (ahead of this
 * database's log: not one of its cursors).
 */
export type LogPage = { state: 'ok'; changes: LoggedChange[]; more: boolean; run: string } | { state: 'expired' | 'unknown' };

/** What a pruning pass dropped: changes in all, and how many of them were removals. */
export interface PruneReport {
  dropped: number;
  removals: number;
}

/** Any constant works; every pruning process of this database takes the same one. */
const PRUNE_LOCK = 7_240_614;
/** The indexer's row of index_positions that holds a reindex request id, not a log position (REINDEX_MARK in services/indexer). */
const NOT_A_LOG_POSITION = 'reindex-request';

/** The durable, ordered log of changes to papers (table `paper_changes`, written by triggers). */
export class PaperChangeLog implements FollowedLog {
  constructor(private readonly db: Database) {}

  /** Up to `limit` changes after `after`, in order, and the cursor to continue from. */
  async read(after: LogCursor, limit: number): Promise<{ changes: PaperChange[]; next: LogCursor }> {
    // (`pos`, not `position`: ORDER BY must sort the bigint column, not its text.)
    const { rows } = await this.db.query<{ pos: string; paper_id: string; op: PaperChange['op'] }>(
      'SELECT position::text AS pos, paper_id, op FROM paper_changes WHERE position > $1::bigint ORDER BY position LIMIT $2',
      [after.position, limit],
    );
    const last = rows[rows.length - 1];
    return { changes: rows.map((r) => ({ paperId: r.paper_id, op: r.op })), next: last ? { position: last.pos } : after };
  }

  /**
   * Up to `limit` changes after `after` for a reader whose cursor was issued when `run` was the
   * latest pruning pass ('0': none yet), read in one snapshot with the passes, so a pass that commits
   * meanwhile is seen entirely or not at all. Position 0 is the beginning and always holds: the log
   * still names every paper that exists. A later cursor has expired when a pass after `run` dropped
   * a removal after it (what a reader behind by more than the retention may meet); changes a pass
   * dropped because a later change of the same paper exists cost such a reader nothing.
   */
  async readPage(after: LogCursor, run: string, limit: number): Promise<LogPage> {
    return this.db.transaction(async (client) => {
      await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const { rows } = await client.query<{ run: string; head: string; dropped: boolean }>(
        `SELECT coalesce((SELECT max(run) FROM paper_change_prunes), 0)::text AS run,
                greatest((SELECT max(position) FROM paper_changes), (SELECT max(through) FROM paper_change_prunes), 0)::text AS head,
                EXISTS (SELECT 1 FROM paper_change_prunes WHERE run > $2::bigint AND through > $1::bigint) AS dropped`,
        [after.position, run],
      );
      const state = rows[0]!;
      if (BigInt(after.position) > 0n) {
        // A newer pass than there has been, or a position past the last one given: another database's cursor.
        if (BigInt(after.position) > BigInt(state.head) || BigInt(run) > BigInt(state.run)) return { state: 'unknown' };
        if (state.dropped) return { state: 'expired' };
      }
      const page = await client.query<{ pos: string; paper_id: string; op: PaperChange['op']; changed_at: Date }>(
        'SELECT position::text AS pos, paper_id, op, changed_at FROM paper_changes WHERE position > $1::bigint ORDER BY position LIMIT $2',
        [after.position, limit + 1],
      );
      const changes = page.rows.slice(0, limit).map((r) => ({ position: r.pos, paperId: r.paper_id, op: r.op, changedAt: r.changed_at.toISOString() }));
      return { state: 'ok', changes, more: page.rows.length > limit, run: state.run };
    });
  }

  /**
   * Drops what the retention no longer keeps (see infra/migrations/013_paper_change_retention.sql):
   * changes older than `retentionDays` that a later change of the same paper supersedes, and older
   * removals up to the lowest position the shared indexer has saved. A paper's latest change that is
   * not a removal stays, so the log from position 0 still names every paper. Passes that dropped
   * removals are recorded (`paper_change_prunes`) for readers to tell an expired cursor. One process
   * prunes at a time; each batch is a transaction of its own.
   */
  async prune(retentionDays: number, batchSize = 10_000): Promise<PruneReport> {
    const total: PruneReport = { dropped: 0, removals: 0 };
    for (;;) {
      const pass = await this.db.transaction(async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [PRUNE_LOCK]);
        const { rows } = await client.query<{ pos: string; op: PaperChange['op'] }>(
          `WITH indexed AS (SELECT min(position) AS position FROM index_positions WHERE consumer <> $3),
           doomed AS (
             SELECT c.position FROM paper_changes c
             WHERE c.changed_at < now() - make_interval(days => $1::int)
               AND (EXISTS (SELECT 1 FROM paper_changes later WHERE later.paper_id = c.paper_id AND later.position > c.position)
                    OR (c.op = 'delete' AND c.position <= coalesce((SELECT position FROM indexed), c.position)))
             ORDER BY c.position
             LIMIT $2
           )
           DELETE FROM paper_changes d USING doomed WHERE d.position = doomed.position
           RETURNING d.position::text AS pos, d.op`,
          [retentionDays, batchSize, NOT_A_LOG_POSITION],
        );
        const removals = rows.filter((r) => r.op === 'delete').map((r) => BigInt(r.pos));
        if (removals.length > 0) {
          const through = removals.reduce((a, b) => (b > a ? b : a));
          await client.query('INSERT INTO paper_change_prunes (through, removals) VALUES ($1::bigint, $2)', [through.toString(), removals.length]);
        }
        return { dropped: rows.length, removals: removals.length };
      });
      total.dropped += pass.dropped;
      total.removals += pass.removals;
      if (pass.dropped < batchSize) return total;
    }
  }

  /**
   * A cursor for an index about to be built from the papers table: every change visible now is in
   * what the build will read; following the log from here re-applies at most a few changes the build
   * already saw (harmless: applying a change writes the paper as it is now). Take it before reading
   * the papers.
   */
  async snapshotCursor(): Promise<LogCursor> {
    const { rows } = await this.db.query<{ position: string }>('SELECT coalesce(max(position), 0)::text AS position FROM paper_changes');
    return { position: rows[0]!.position };
  }

  /**
   * Whether a pruning pass dropped a removal made after `after`: an index current to that position
   * can no longer catch up from the log (it would keep a paper deleted since) and must be built
   * again. Position 0 always holds (an index of nothing misses no removal).
   */
  async removalsDroppedAfter(after: LogCursor): Promise<boolean> {
    if (BigInt(after.position) === 0n) return false;
    const { rows } = await this.db.query<{ dropped: boolean }>('SELECT EXISTS (SELECT 1 FROM paper_change_prunes WHERE through > $1::bigint) AS dropped', [after.position]);
    return rows[0]!.dropped;
  }

  async lag(after: LogCursor): Promise<LogLag> {
    const { rows } = await this.db.query<{ changes: number; seconds: number | null }>(
      `SELECT count(*)::int AS changes, extract(epoch FROM now() - min(changed_at))::float8 AS seconds
       FROM paper_changes WHERE position > $1::bigint`,
      [after.position],
    );
    return { changes: rows[0]!.changes, seconds: Math.max(0, Math.round(rows[0]!.seconds ?? 0)) };
  }

  /** Records a `gx reindex` request (the caller also notifies the running processes). */
  async requestReindex(by: string): Promise<void> {
    await this.db.query('INSERT INTO reindex_requests (requested_by) VALUES ($1)', [by]);
  }

  /** The newest reindex request's id, '0' when there has been none. */
  async latestReindexRequest(): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM reindex_requests');
    return rows[0]!.id;
  }

  /** The database's random identity: positions of this log mean nothing in another database. */
  async databaseIdentity(): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>('SELECT id::text AS id FROM database_identity ORDER BY created_at LIMIT 1');
    return rows[0]!.id;
  }

  /** Where a shared index (by consumer name) has applied the log to; undefined before its first batch. */
  /** How many papers each index has set aside as dead letters (indexes with none are absent). */
  async deadLetterCounts(): Promise<Map<string, number>> {
    const { rows } = await this.db.query<{ consumer: string; n: number }>('SELECT consumer, count(*)::int AS n FROM index_dead_letters GROUP BY consumer');
    return new Map(rows.map((r) => [r.consumer, r.n]));
  }

  async position(consumer: string): Promise<LogCursor | undefined> {
    const { rows } = await this.db.query<LogCursor>('SELECT position::text AS position FROM index_positions WHERE consumer = $1', [consumer]);
    return rows[0];
  }

  /** `via`: the connection to write on (the indexer's leader connection, so a former leader cannot write). */
  async savePosition(consumer: string, cursor: LogCursor, via: Pick<Database, 'query'> = this.db): Promise<void> {
    await via.query(
      `INSERT INTO index_positions (consumer, position) VALUES ($1, $2::bigint)
       ON CONFLICT (consumer) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
      [consumer, cursor.position],
    );
  }
}
