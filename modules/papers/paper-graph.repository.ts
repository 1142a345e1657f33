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

// The keys of a page come from functions that read them in index order (migration 016); the
// records are joined here, in the same statement. A key year of -1 stands for a citing paper without one.
const REFERENCES_SQL = `SELECT k.ref_position AS position, k.ref_doi, k.ref_openalex_id, ${selectPaperAs('p')}
  FROM paper_reference_keys($1, $2, $3) k LEFT JOIN papers p ON p.id = k.cited_id
  ORDER BY k.ref_position`;

const CITED_BY_SQL = `SELECT ${selectPaperAs('p')}, k.key_year
  FROM paper_cited_by_keys($1, $2, $3, $4) k JOIN papers p ON p.id = k.citing_id
  ORDER BY k.key_year DESC, k.citing_id`;

type Row = Parameters<typeof toPaper>[0];

/**
 * Reads of the citation graph (`paper_references`, kept by `paper-graph.writer.ts`): a paper's
 * references in its own order, and the corpus papers citing it, newest first. Both page by keyset
 * (never OFFSET), so every page costs one short index range whatever its depth, and a walk through
 * the pages neither repeats nor skips an entry that existed when it began while others are added.
 */
export class PaperGraphRepository {
  constructor(private readonly db: Queryable) {}

  /** The paper's counts, or undefined when no paper has this id. */
  async counts(paperId: string): Promise<GraphCounts | undefined> {
    const result = await this.db.query<GraphCounts>('SELECT references_count, cited_by_corpus_count FROM papers WHERE id = $1', [paperId]);
    return result.rows[0];
  }

  /** Up to `limit` references after position `after` (null: from the first), in the paper's order. */
  async references(paperId: string, after: number | null, limit: number): Promise<KeysetPage<PaperReference, number>> {
    const result = await this.db.query<Row & { position: number; ref_doi: string | null; ref_openalex_id: string | null }>(REFERENCES_SQL, [paperId, after ?? -1, limit + 1]);
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
    const result = await this.db.query<Row & { key_year: number }>(CITED_BY_SQL, [paperId, limit + 1, after?.year ?? NO_YEAR, after?.id ?? null]);
    const rows = result.rows.slice(0, limit);
    const last = rows.at(-1);
    return {
      items: rows.map(({ key_year: _, ...paper }) => toPaper(paper)),
      next: result.rows.length > limit && last ? { year: last.key_year === NO_YEAR ? null : last.key_year, id: last.id } : null,
    };
  }
}
