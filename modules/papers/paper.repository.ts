import { createHash } from 'node:crypto';
import type { Database } from '../../shared/db/database';
import type { NewPaper, Paper } from '../../shared/papers/paper.schema';
import { PAPER_COLUMNS, SELECT_PAPER, selectPaperAs } from './paper-columns';
import type { PaperRef } from './paper-batch';
import { titleKey } from './paper-input';
import { writeGraph } from './paper-graph.writer';
import { workKey } from './work-key';

export type { NewPaper };

export interface UpsertOutcome {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * What an upsert writes: the paper's content columns and those the repository derives from the paper
 * alone (change detection, title dedupe, the key versions are grouped by, how many references it lists).
 */
const WRITTEN = [
  ...PAPER_COLUMNS,
  { name: 'content_hash', type: 'text' },
  { name: 'title_key', type: 'text' },
  { name: 'work_key', type: 'text' },
  { name: 'references_count', type: 'integer' },
];
const WRITTEN_NAMES = WRITTEN.map((c) => c.name).join(', ');
// A new paper is a work of its own (a trigger of migration 014) until the graph writer groups it (same transaction).
const UPSERT_SQL = `INSERT INTO papers (${WRITTEN_NAMES})
       SELECT ${WRITTEN_NAMES}
       FROM jsonb_to_recordset($1::jsonb) AS r(${WRITTEN.map((c) => `${c.name} ${c.type}`).join(', ')})
       ON CONFLICT (id) DO UPDATE SET
         ${WRITTEN.filter((c) => c.name !== 'id').map((c) => `${c.name} = EXCLUDED.${c.name}`).join(', ')}, updated_at = now()
       WHERE papers.content_hash IS DISTINCT FROM EXCLUDED.content_hash
       RETURNING id, (xmax = 0) AS inserted`;

interface PaperRow extends Omit<Paper, 'updated_at' | 'created_at'> {
  updated_at: Date;
  created_at: Date;
}

export const toPaper = (row: PaperRow): Paper => ({ ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() });

// In the schema's field order, whatever order the object was built in: the same content, the same hash.
// The edges a paper states are content too: a reload with other references is a change.
const HASHED: (keyof NewPaper)[] = [...PAPER_COLUMNS.filter((c) => c.name !== 'id').map((c) => c.name), 'references', 'same_work_as'];

function contentHash(p: NewPaper): string {
  const content = Object.fromEntries(HASHED.map((name) => [name, p[name]]));
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
    const rows = papers.map((p) => ({ ...p, content_hash: contentHash(p), title_key: titleKey(p), work_key: workKey(p), references_count: p.references.length }));
    // Indexes learn of the changes from the change log (written by triggers), so only counts come back.
    // The graph (edges, citation counts, versions) is kept in step in the same transaction: never half-written.
    const result = await this.db.transaction(async (client) => {
      const upserted = await client.query<{ id: string; inserted: boolean }>(UPSERT_SQL, [JSON.stringify(rows)]);
      const written = new Set(upserted.rows.map((r) => r.id));
      await writeGraph(client, papers.filter((p) => written.has(p.id)));
      return upserted;
    });
    const inserted = result.rows.filter((r) => r.inserted).length;
    return {
      inserted,
      updated: result.rows.length - inserted,
      unchanged: papers.length - result.rows.length,
    };
  }

  async findByIds(ids: string[]): Promise<Paper[]> {
    const result = await this.db.query<PaperRow>(`SELECT ${SELECT_PAPER} FROM papers WHERE id = ANY($1::text[])`, [ids]);
    return result.rows.map(toPaper);
  }

  /**
   * The papers refs name, by each ref's canonical key (`refKey`), in one statement: by id, by DOI
   * (stored normalised and unique), and by OpenAlex work id, which several records of one work may
   * carry: the smallest of their ids answers, as a reference to that work id resolves
   * (`paper-graph.writer.ts`). A ref that names no paper has no entry.
   */
  async findByRefs(refs: readonly PaperRef[]): Promise<Map<string, Paper>> {
    const of = <K extends PaperRef['kind']>(kind: K) => refs.filter((r): r is Extract<PaperRef, { kind: K }> => r.kind === kind);
    const ids = of('id').map((r) => r.id);
    const dois = of('doi').map((r) => r.doi);
    const works = of('openalex').map((r) => r.openalex_id);
    if (ids.length + dois.length + works.length === 0) return new Map();
    const result = await this.db.query<PaperRow & { ref: string }>(
      `SELECT k.ref, ${selectPaperAs('p')}
       FROM (
         SELECT id AS ref, id FROM papers WHERE id = ANY($1::text[])
         UNION ALL
         SELECT 'doi:' || doi, id FROM papers WHERE doi = ANY($2::text[])
         UNION ALL
         SELECT 'openalex:' || openalex_id, min(id) FROM papers WHERE openalex_id = ANY($3::text[]) GROUP BY openalex_id
       ) k
       JOIN papers p ON p.id = k.id`,
      [ids, dois, works],
    );
    // The statement spells each key as `refKey` does.
    return new Map(result.rows.map(({ ref, ...row }) => [ref, toPaper(row as PaperRow)]));
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

  /** Every paper (after `startAfter`, to resume a read), in id order, in batches (keyset paging keeps memory flat). */
  async *allInBatches(batchSize = 1000, startAfter = ''): AsyncGenerator<Paper[]> {
    let after = startAfter;
    for (;;) {
      const result = await this.db.query<PaperRow>(
        `SELECT ${SELECT_PAPER} FROM papers WHERE id > $1 ORDER BY id LIMIT $2`,
        [after, batchSize],
      );
      if (result.rows.length === 0) return;
      yield result.rows.map(toPaper);
      after = result.rows[result.rows.length - 1]!.id;
    }
  }
}
