import type { Database } from '../../shared/db/database';
import type { RelatedFilters } from '../../shared/papers/related-papers';
import { conditions, placeholder, pool } from './neighbour-filters';

/** A paper the citation graph relates to the seeds, with how strongly. */
export interface GraphNeighbour {
  id: string;
  work_id: string;
  /** The weighted count of what it shares with the seeds (see each method); higher is closer. */
  score: number;
  /** How many references (coupling) or citing papers (co-citation) it shares with the seeds. */
  shared: number;
}

/**
 * A reference more papers than this cite says little about any two of them (a field's standard
 * work, a dataset everyone uses): bibliographic coupling leaves it out, as Lucene's MoreLikeThis
 * leaves out terms above `max_doc_freq`; it would also cost a read of all its citing papers.
 */
export const MAX_REFERENCE_CITERS = 500;
/** Co-citation reads the newest this many papers citing the seeds (the rest weigh little, and the cost stays bounded). */
export const MAX_CITING_PAPERS = 250;
/** The reads of related papers' graph signals, live (`PaperNeighboursRepository`) or as of a release. */
export type RelatedGraphReads = Pick<PaperNeighboursRepository, 'coupled' | 'coCited' | 'passing'>;

/**
 * Reads of the citation graph for related papers and recommendations (`paper_references`, migration
 * 014), each answering the papers that pass the filters and are no version of the excluded works,
 * best first (ties by id). Weights follow Adamic–Adar: what two papers share counts 1 / ln(1 + n),
 * n being how many papers it connects, so a rare shared reference outweighs a common one. With
 * filters, the best `FILTERED_POOL` neighbours are checked against them: a selective filter may
 * leave fewer than `limit`, never a paper that fails it.
 */
export class PaperNeighboursRepository {
  constructor(private readonly db: Database) {}

  /**
   * Bibliographic coupling: papers whose references share works with the seeds' references. Two
   * references are the same work when they resolve to the same corpus paper, or, unresolved, have
   * the same DOI or (without a DOI) the same OpenAlex work id. How many papers cite a corpus paper
   * is known before its citing papers are read (`cited_by_corpus_count`), so one past
   * `MAX_REFERENCE_CITERS` costs nothing; a work outside the corpus is read once, stopping one past
   * the bound (the read both counts and gives its citing papers).
   */
  async coupled(seeds: readonly string[], filters: RelatedFilters, excludeWorks: readonly string[], limit: number): Promise<GraphNeighbour[]> {
    const params: unknown[] = [seeds, MAX_REFERENCE_CITERS];
    const sql = `
      WITH mine AS (
        SELECT DISTINCT cited_id,
               CASE WHEN cited_id IS NULL THEN ref_doi END AS ref_doi,
               CASE WHEN cited_id IS NULL AND ref_doi IS NULL THEN ref_openalex_id END AS ref_openalex_id
        FROM paper_references WHERE citing_id = ANY($1::text[])
      ), numbered AS (
        SELECT row_number() OVER () AS ref, m.* FROM mine m
      ), outside AS MATERIALIZED (
        -- A work outside the corpus: its citing papers read once, at most one past the bound, which
        -- both counts them and, within the bound, gives them (the DOI and work-id indexes hold citing_id).
        SELECT m.ref, (SELECT array_agg(x.citing_id) FROM (
                 SELECT DISTINCT r.citing_id FROM paper_references r WHERE r.ref_doi = m.ref_doi ORDER BY r.citing_id LIMIT $2 + 1) x) AS citers
        FROM numbered m WHERE m.ref_doi IS NOT NULL
        UNION ALL
        SELECT m.ref, (SELECT array_agg(x.citing_id) FROM (
                 SELECT DISTINCT r.citing_id FROM paper_references r WHERE r.ref_openalex_id = m.ref_openalex_id ORDER BY r.citing_id LIMIT $2 + 1) x) AS citers
        FROM numbered m WHERE m.ref_openalex_id IS NOT NULL
      ), inside AS (
        -- A corpus paper: how many cite it is kept on the paper, so one cited by too many is never read.
        SELECT m.ref, m.cited_id, p.cited_by_corpus_count AS n FROM numbered m JOIN papers p ON p.id = m.cited_id
        WHERE p.cited_by_corpus_count BETWEEN 2 AND $2
      ), sharing AS (
        -- LATERAL: one index read a reference (they are few), whatever the statistics say.
        SELECT k.ref, k.n, r.citing_id FROM inside k CROSS JOIN LATERAL (
          SELECT DISTINCT citing_id FROM paper_references r WHERE r.cited_id = k.cited_id
        ) r
        UNION ALL
        SELECT o.ref, cardinality(o.citers) AS n, unnest(o.citers) AS citing_id FROM outside o
        WHERE cardinality(o.citers) BETWEEN 2 AND $2
      ), scored AS (
        SELECT citing_id AS id, sum(1 / ln(1 + n::float8)) AS score, count(*)::int AS shared
        FROM sharing WHERE citing_id <> ALL($1::text[]) GROUP BY citing_id
        ORDER BY score DESC, id LIMIT ${placeholder(params, pool(filters, excludeWorks, limit))}
      )
      SELECT s.id, p.work_id, s.score::float8 AS score, s.shared FROM scored s JOIN papers p ON p.id = s.id
      WHERE ${conditions(filters, excludeWorks, params)}
      ORDER BY s.score DESC, s.id LIMIT ${placeholder(params, limit)}`;
    return (await this.db.prepared<GraphNeighbour>('related-coupled', sql, params)).rows;
  }

  /**
   * Co-citation: papers cited together with the seeds by the same papers (the newest
   * `MAX_CITING_PAPERS` citing any seed). A citing paper counts 1 / ln(1 + its references): one
   * listing a few works relates them more than a long review does.
   */
  async coCited(seeds: readonly string[], filters: RelatedFilters, excludeWorks: readonly string[], limit: number): Promise<GraphNeighbour[]> {
    const params: unknown[] = [seeds, MAX_CITING_PAPERS];
    const sql = `
      WITH citers AS (
        SELECT DISTINCT citing_id FROM (
          SELECT r.citing_id FROM paper_references r
          WHERE r.cited_id IS NOT NULL AND r.cited_id = ANY($1::text[]) AND r.citing_id <> ALL($1::text[])
          ORDER BY COALESCE(r.citing_year, -1) DESC, r.citing_id LIMIT $2
        ) newest
      ), pairs AS (
        SELECT DISTINCT r.cited_id AS id, c.citing_id FROM citers c CROSS JOIN LATERAL (
          SELECT cited_id FROM paper_references r WHERE r.citing_id = c.citing_id AND r.cited_id IS NOT NULL AND r.cited_id <> ALL($1::text[])
        ) r
      ), scored AS (
        SELECT pr.id, sum(1 / ln(1 + GREATEST(cp.references_count, 2)::float8)) AS score, count(*)::int AS shared
        FROM pairs pr JOIN papers cp ON cp.id = pr.citing_id GROUP BY pr.id
        ORDER BY score DESC, pr.id LIMIT ${placeholder(params, pool(filters, excludeWorks, limit))}
      )
      SELECT s.id, p.work_id, s.score::float8 AS score, s.shared FROM scored s JOIN papers p ON p.id = s.id
      WHERE ${conditions(filters, excludeWorks, params)}
      ORDER BY s.score DESC, s.id LIMIT ${placeholder(params, limit)}`;
    return (await this.db.prepared<GraphNeighbour>('related-co-cited', sql, params)).rows;
  }

  /** Of these papers, those that pass the filters and are no version of the excluded works, with their work. */
  async passing(ids: readonly string[], filters: RelatedFilters, excludeWorks: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const params: unknown[] = [ids];
    const { rows } = await this.db.prepared<{ id: string; work_id: string }>(
      'related-passing',
      `SELECT p.id, p.work_id FROM papers p WHERE p.id = ANY($1::text[]) AND ${conditions(filters, excludeWorks, params)}`,
      params,
    );
    return new Map(rows.map((r) => [r.id, r.work_id]));
  }
}
