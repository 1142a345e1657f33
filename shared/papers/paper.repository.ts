import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import type { Paper } from './paper';
import { titleKey } from './paper-input';

export type NewPaper = Omit<Paper, 'updated_at'>;

export interface UpsertOutcome {
  inserted: number;
  updated: number;
  unchanged: number;
}

const COLUMNS = `id, doi, title, title_ja, title_en, authors, year, abstract, ai_summary_en, ai_summary_ja, source_url,
  venue, venue_type, topic, tags, lang, source, shelf, is_peer_reviewed, draft_score,
  to_char(publication_date, 'YYYY-MM-DD') AS publication_date, pdf_url, updated_at`;

interface PaperRow extends Omit<Paper, 'updated_at'> {
  updated_at: Date;
}

const toPaper = (row: PaperRow): Paper => ({ ...row, updated_at: row.updated_at.toISOString() });

function contentHash(p: NewPaper): string {
  const { id: _id, ...content } = p;
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}

/** Storage of papers in Postgres. */
export class PaperRepository {
  constructor(private readonly db: Database) {}

  /**
   * Inserts new papers and updates changed ones in one statement; papers whose content is
   * unchanged are left as they are (their update time too), which makes loads idempotent.
   */
  async upsertMany(papers: NewPaper[]): Promise<UpsertOutcome> {
    if (papers.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
    const rows = papers.map((p) => ({ ...p, content_hash: contentHash(p), title_key: titleKey(p) }));
    // Indexes learn of the changes from the change log (written by triggers), so only counts come back.
    const result = await this.db.query<{ inserted: boolean }>(
      `INSERT INTO papers (id, doi, title, title_ja, title_en, authors, year, abstract, ai_summary_en,
         ai_summary_ja, source_url, venue, venue_type, topic, tags, lang, source, shelf, is_peer_reviewed, draft_score,
         publication_date, pdf_url, content_hash, title_key)
       SELECT id, doi, title, title_ja, title_en, authors, year, abstract, ai_summary_en,
         ai_summary_ja, source_url, venue, venue_type, topic, tags, lang, source, shelf, is_peer_reviewed, draft_score,
         publication_date, pdf_url, content_hash, title_key
       FROM jsonb_to_recordset($1::jsonb) AS r(id text, doi text, title text, title_ja text,
         title_en text, authors text[], year integer, abstract text, ai_summary_en text, ai_summary_ja text,
         source_url text, venue text, venue_type text, topic text, tags text[], lang text, source text, shelf text,
         is_peer_reviewed boolean, draft_score double precision, publication_date date, pdf_url text, content_hash text, title_key text)
       ON CONFLICT (id) DO UPDATE SET
         doi = EXCLUDED.doi, title = EXCLUDED.title, title_ja = EXCLUDED.title_ja, title_en = EXCLUDED.title_en,
         authors = EXCLUDED.authors, year = EXCLUDED.year, abstract = EXCLUDED.abstract,
         ai_summary_en = EXCLUDED.ai_summary_en, ai_summary_ja = EXCLUDED.ai_summary_ja,
         source_url = EXCLUDED.source_url, venue = EXCLUDED.venue, venue_type = EXCLUDED.venue_type,
         topic = EXCLUDED.topic, tags = EXCLUDED.tags, lang = EXCLUDED.lang, source = EXCLUDED.source,
         shelf = EXCLUDED.shelf, is_peer_reviewed = EXCLUDED.is_peer_reviewed, draft_score = EXCLUDED.draft_score,
         publication_date = EXCLUDED.publication_date, pdf_url = EXCLUDED.pdf_url,
         content_hash = EXCLUDED.content_hash, title_key = EXCLUDED.title_key, updated_at = now()
       WHERE papers.content_hash IS DISTINCT FROM EXCLUDED.content_hash
       RETURNING (xmax = 0) AS inserted`,
      [JSON.stringify(rows)],
    );
    const inserted = result.rows.filter((r) => r.inserted).length;
    return {
      inserted,
      updated: result.rows.length - inserted,
      unchanged: papers.length - result.rows.length,
    };
  }

  async findByIds(ids: string[]): Promise<Paper[]> {
    const result = await this.db.query<PaperRow>(`SELECT ${COLUMNS} FROM papers WHERE id = ANY($1::text[])`, [ids]);
    return result.rows.map(toPaper);
  }

  async count(): Promise<number> {
    const result = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM papers');
    return result.rows[0]!.n;
  }

  /**
   * The papers in id order cut into runs of `size` (the sitemap's child files): each run's first id
   * and newest update time. One pass over the table; a run is then read by `updateTimesFrom`.
   */
  async idRuns(size: number): Promise<Array<{ firstId: string; lastModified: string }>> {
    const result = await this.db.query<{ first_id: string; last_modified: Date }>(
      `SELECT min(id) AS first_id, max(updated_at) AS last_modified
       FROM (SELECT id, updated_at, (row_number() OVER (ORDER BY id) - 1) / $1 AS run FROM papers) numbered
       GROUP BY run ORDER BY run`,
      [size],
    );
    return result.rows.map((r) => ({ firstId: r.first_id, lastModified: r.last_modified.toISOString() }));
  }

  /**
   * Ids and update times of at most `count` papers from `fromId` (inclusive) in id order, in batches
   * read by keyset (`id > last`), never by OFFSET: each batch costs the same however deep it is.
   */
  async *updateTimesFrom(fromId: string, count: number, batchSize = 1000): AsyncGenerator<Array<{ id: string; updated_at: string }>> {
    let left = count;
    let condition = 'id >= $1';
    let after = fromId;
    while (left > 0) {
      const result = await this.db.query<{ id: string; updated_at: Date }>(
        `SELECT id, updated_at FROM papers WHERE ${condition} ORDER BY id LIMIT $2`,
        [after, Math.min(batchSize, left)],
      );
      if (result.rows.length === 0) return;
      yield result.rows.map((r) => ({ id: r.id, updated_at: r.updated_at.toISOString() }));
      left -= result.rows.length;
      after = result.rows[result.rows.length - 1]!.id;
      condition = 'id > $1';
    }
  }

  /** Every paper, in id order, in batches (keyset paging keeps memory flat). */
  async *allInBatches(batchSize = 1000): AsyncGenerator<Paper[]> {
    let after = '';
    for (;;) {
      const result = await this.db.query<PaperRow>(
        `SELECT ${COLUMNS} FROM papers WHERE id > $1 ORDER BY id LIMIT $2`,
        [after, batchSize],
      );
      if (result.rows.length === 0) return;
      yield result.rows.map(toPaper);
      after = result.rows[result.rows.length - 1]!.id;
    }
  }
}
