import type { Database } from '../../shared/db/database';

/** A release as stored. */
export interface StoredRelease {
  seq: number;
  id: string;
  /** The change-log position it is current to. */
  position: string;
  cutAt: Date;
  papers: number;
  added: number;
  changed: number;
  removed: number;
  expiredAt: Date | null;
}

interface Row {
  seq: number;
  id: string;
  position: string;
  cut_at: Date;
  papers: number;
  added: number;
  changed: number;
  removed: number;
  expired_at: Date | null;
}

const SELECT_RELEASE = 'SELECT seq, id, position::text AS position, cut_at, papers, added, changed, removed, expired_at FROM releases';

const toRelease = (r: Row): StoredRelease => ({
  seq: r.seq,
  id: r.id,
  position: r.position,
  cutAt: r.cut_at,
  papers: r.papers,
  added: r.added,
  changed: r.changed,
  removed: r.removed,
  expiredAt: r.expired_at,
});

/** The releases table: which releases there are and which are still kept. */
export class ReleaseRepository {
  constructor(private readonly db: Database) {}

  /** Every release, oldest first, expired ones included (asked for, they are a 410, not unknown). */
  async all(): Promise<StoredRelease[]> {
    const result = await this.db.query<Row>(`${SELECT_RELEASE} ORDER BY seq`);
    return result.rows.map(toRelease);
  }

  /** The change log's newest position (0: none). */
  async head(): Promise<string> {
    const result = await this.db.query<{ head: string }>('SELECT coalesce(max(position), 0)::text AS head FROM paper_changes');
    return result.rows[0]!.head;
  }

  /**
   * Drops the content of every release whose retention ended before `now` (the latest release is kept
   * for as long as it is the latest: a release is kept `retentionDays` after the next one was cut).
   * What the kept releases still hold stays. Returns the ids of the releases it expired.
   */
  async expire(retentionDays: number, now: Date): Promise<string[]> {
    return this.db.transaction(async (client) => {
      await client.query('LOCK TABLE releases IN SHARE ROW EXCLUSIVE MODE');
      const expired = await client.query<{ id: string; seq: number }>(
        `UPDATE releases r SET expired_at = $2
           FROM releases successor
          WHERE successor.seq = r.seq + 1 AND r.expired_at IS NULL AND successor.cut_at + make_interval(days => $1) < $2
          RETURNING r.id, r.seq`,
        [retentionDays, now],
      );
      if (expired.rows.length === 0) return [];
      const through = Math.max(...expired.rows.map((r) => r.seq));
      await client.query('DELETE FROM release_spans WHERE last_seq IS NOT NULL AND last_seq <= $1', [through]);
      await client.query(
        `DELETE FROM release_records r WHERE NOT EXISTS (SELECT 1 FROM release_spans s WHERE s.paper_id = r.paper_id AND s.record_hash = r.record_hash)`,
      );
      return expired.rows.map((r) => r.id);
    });
  }
}
