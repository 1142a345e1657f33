import type { Database } from '../../shared/db/database';
import type { FollowedLog, LogCursor, LogLag, PaperChange } from '../../shared/indexing/change-log.port';

export { LOG_ORIGIN, type LogCursor, type LogLag, type PaperChange } from '../../shared/indexing/change-log.port';

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
   * A cursor for an index about to be built from the papers table: every change visible now is in
   * what the build will read; following the log from here re-applies at most a few changes the build
   * already saw (harmless: applying a change writes the paper as it is now). Take it before reading
   * the papers.
   */
  async snapshotCursor(): Promise<LogCursor> {
    const { rows } = await this.db.query<{ position: string }>('SELECT coalesce(max(position), 0)::text AS position FROM paper_changes');
    return { position: rows[0]!.position };
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
