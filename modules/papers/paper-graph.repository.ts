import type pg from 'pg';
import type { Queryable } from '../../shared/db/database';
import type { Paper } from '../../shared/papers/paper.schema';
import { selectPaperAs } from './paper-columns';
import { toPaper } from './paper.repository';

/** Where a cited-by page stops: the last citing paper's year (null: none) and id. */
export interface CitedByKey {
  year: number | null;
  id: string;
}

/** One reference of a paper: the corpus paper it resolved to, or the work as the paper stated it. */
export type PaperReference = { paper: Paper } | { paper: null; doi: string | null; openalex_id: string | null };

/** One page read by keyset: its items, and the key to continue after (null on the last page). */
export interface KeysetPage<T, K> {
  items: T[];
  next: K | null;
}

/** How many references a paper lists and how many corpus papers cite it (the totals of its pages). */
export interface GraphCounts {
  references_count: number;
  cited_by_corpus_count: number;
}

/** The sort key a missing year takes in `paper_references_cited_idx` (years are 1000–2100). */
const NO_YEAR = -1;

const REFERENCES_SQL = `SELECT r.position, r.ref_doi, r.ref_openalex_id, ${selectPaperAs('p')}
  FROM paper_references r LEFT JOIN papers p ON p.id = r.cited_id
  WHERE r.citing_id = $1 AND r.position > $2
  ORDER BY r.position
  LIMIT $3`;

// A citing paper that lists the cited one twice (by DOI and by work id) has two adjacent entries in
// the index: DISTINCT ON keeps one without leaving the index order, so the scan stops at the limit.
const citedRange = (condition: string) => `SELECT DISTINCT ON (COALESCE(r.citing_year, ${NO_YEAR}), r.citing_id) r.citing_id, COALESCE(r.citing_year, ${NO_YEAR}) AS y
    FROM paper_references r
    WHERE r.cited_id = $1 AND ${condition}
    ORDER BY COALESCE(r.citing_year, ${NO_YEAR}) DESC, r.citing_id
    LIMIT $2`;

const citedPage = (ranges: string) => `WITH page AS (${ranges})
  SELECT ${selectPaperAs('p')}, page.y AS key_year
  FROM page JOIN papers p ON p.id = page.citing_id
  ORDER BY page.y DESC, page.citing_id`;

const CITED_FIRST_SQL = citedPage(citedRange('true'));
// The index is ordered by year descending, then id ascending, which no single row comparison
// expresses; the rest of the key's year and the years after it are two adjacent ranges of it,
// each entered at the key, so a page costs the same at any depth.
const CITED_AFTER_SQL = citedPage(
  `(${citedRange(`COALESCE(r.citing_year, ${NO_YEAR}) = $3 AND r.citing_id > $4`)})
   UNION ALL
   (${citedRange(`COALESCE(r.citing_year, ${NO_YEAR}) < $3`)})
   LIMIT $2`,
);

type Row = Parameters<typeof toPaper>[0];

/** What the repository needs of the database: statements, and a transaction for settings of one statement. */
export interface GraphDatabase extends Queryable {
  transaction<T>(fn: (client: Queryable) => Promise<T>): Promise<T>;
}

/**
 * Runs a page's statement with the planner held to the index order. Left to its estimates, the
 * planner reads all the edges of a paper and sorts them (a bitmap scan) whenever its statistics
 * say the paper is little cited — right after a bulk load, before autovacuum has analysed the table,
 * that is every paper, and a page of a paper cited 20,000 times then reads all 20,000. In index
 * order a page reads only its own entries, which is never much worse and usually far better, so
 * bitmap and sequential scans are off for this one statement (`SET LOCAL`: the transaction's own).
 */
async function inIndexOrder<R extends pg.QueryResultRow>(db: GraphDatabase, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
  return db.transaction(async (client) => {
    await client.query('SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off');
    return client.query<R>(text, values);
  });
}

/**
 * Reads of the citation graph (`paper_references`, kept by `paper-graph.writer.ts`): a paper's
 * references in its own order, and the corpus papers citing it, newest first. Both page by keyset
 * (never OFFSET), so every page costs one short index range whatever its depth, and a walk through
 * the pages neither repeats nor skips an entry that existed when it began while others are added.
 */
export class PaperGraphRepository {
  constructor(private readonly db: GraphDatabase) {}

  /** The paper's counts, or undefined when no paper has this id. */
  async counts(paperId: string): Promise<GraphCounts | undefined> {
    const result = await this.db.query<GraphCounts>('SELECT references_count, cited_by_corpus_count FROM papers WHERE id = $1', [paperId]);
    return result.rows[0];
  }

  /** Up to `limit` references after position `after` (null: from the first), in the paper's order. */
  async references(paperId: string, after: number | null, limit: number): Promise<KeysetPage<PaperReference, number>> {
    const result = await inIndexOrder<Row & { position: number; ref_doi: string | null; ref_openalex_id: string | null }>(this.db, REFERENCES_SQL, [paperId, after ?? -1, limit + 1]);
    const rows = result.rows.slice(0, limit);
    return {
      items: rows.map(({ position: _, ref_doi, ref_openalex_id, ...paper }): PaperReference =>
        paper.id === null ? { paper: null, doi: ref_doi, openalex_id: ref_openalex_id } : { paper: toPaper(paper) },
      ),
      next: result.rows.length > limit ? rows.at(-1)!.position : null,
    };
  }

  /**
   * Up to `limit` corpus papers citing this one after `after` (null: from the first), newest first:
   * citing year descending, papers without a year last, then id. Each citing paper once.
   */
  async citedBy(paperId: string, after: CitedByKey | null, limit: number): Promise<KeysetPage<Paper, CitedByKey>> {
    const result = after
      ? await inIndexOrder<Row & { key_year: number }>(this.db, CITED_AFTER_SQL, [paperId, limit + 1, after.year ?? NO_YEAR, after.id])
      : await inIndexOrder<Row & { key_year: number }>(this.db, CITED_FIRST_SQL, [paperId, limit + 1]);
    const rows = result.rows.slice(0, limit);
    const last = rows.at(-1);
    return {
      items: rows.map(({ key_year: _, ...paper }) => toPaper(paper)),
      next: result.rows.length > limit && last ? { year: last.key_year === NO_YEAR ? null : last.key_year, id: last.id } : null,
    };
  }
}
