import type { Database } from '../../shared/db/database';
import type { RelatedFilters } from '../../shared/papers/related-papers';
import { MAX_CITING_PAPERS, MAX_REFERENCE_CITERS, neighbourConditions, neighbourPool, sqlPlaceholder, type GraphNeighbour, type RelatedGraphReads } from '../papers';

/** The spans of release `$1` named `s` (see release-corpus.ts). */
const inRelease = (s: string) => `${s}.first_seq <= $1 AND (${s}.last_seq IS NULL OR ${s}.last_seq >= $1)`;

/**
 * The paper `id` as of release `$1`, with the columns the filters read as `papers` has them, from its
 * record then (one row, or none when the release did not hold it): for a LATERAL join named `p`.
 */
const paperAsOf = (id: string) => `
  SELECT ps.paper_id AS id, pr.work_id, pr.topic, pr.lang, pr.year, pr.created_at, pr.references_count, pr.cited_by_corpus_count
    FROM release_spans ps JOIN release_records pr USING (paper_id, record_hash)
   WHERE ps.paper_id = ${id} AND ${inRelease('ps')}`;

/**
 * Related papers' graph signals as of one release: the same reads as `PaperNeighboursRepository`
 * (the same weights, bounds, filters and order), over the graph the release resolved
 * (`release_citations`, `release_references`) and the records it held. Two answers as of a release
 * are therefore the same, and one as of a release cut with nothing changed since is the live one.
 * The filters and weights read the columns each record was stored with (release_records, migration 019).
 */
export class ReleaseNeighbours implements RelatedGraphReads {
  constructor(
    private readonly db: Database,
    private readonly seq: number,
  ) {}

  async coupled(seeds: readonly string[], filters: RelatedFilters, excludeWorks: readonly string[], limit: number): Promise<GraphNeighbour[]> {
    const params: unknown[] = [this.seq, seeds, MAX_REFERENCE_CITERS];
    const sql = `
      WITH seed AS (
        SELECT s.paper_id, s.record_hash FROM release_spans s WHERE s.paper_id = ANY($2::text[]) AND ${inRelease('s')}
      ), mine AS (
        SELECT DISTINCT c.cited_id, NULL::text AS ref_doi, NULL::text AS ref_openalex_id
          FROM seed k JOIN release_citations c ON c.citing_id = k.paper_id AND c.record_hash = k.record_hash
        UNION
        SELECT DISTINCT NULL::text, x.ref_doi, CASE WHEN x.ref_doi IS NULL THEN x.ref_openalex_id END
          FROM seed k JOIN release_references x ON x.citing_id = k.paper_id AND x.record_hash = k.record_hash
      ), numbered AS (
        SELECT row_number() OVER () AS ref, m.* FROM mine m
      ), outside AS MATERIALIZED (
        SELECT m.ref, (SELECT array_agg(y.citing_id) FROM (
                 SELECT DISTINCT x.citing_id FROM release_references x
                   JOIN release_spans s ON s.paper_id = x.citing_id AND s.record_hash = x.record_hash AND ${inRelease('s')}
                  WHERE x.ref_doi = m.ref_doi ORDER BY x.citing_id LIMIT $3 + 1) y) AS citers
        FROM numbered m WHERE m.ref_doi IS NOT NULL
        UNION ALL
        SELECT m.ref, (SELECT array_agg(y.citing_id) FROM (
                 SELECT DISTINCT x.citing_id FROM release_references x
                   JOIN release_spans s ON s.paper_id = x.citing_id AND s.record_hash = x.record_hash AND ${inRelease('s')}
                  WHERE x.ref_openalex_id = m.ref_openalex_id ORDER BY x.citing_id LIMIT $3 + 1) y) AS citers
        FROM numbered m WHERE m.ref_openalex_id IS NOT NULL
      ), inside AS (
        SELECT m.ref, m.cited_id, p.cited_by_corpus_count AS n FROM numbered m CROSS JOIN LATERAL (${paperAsOf('m.cited_id')}) p
        WHERE p.cited_by_corpus_count BETWEEN 2 AND $3
      ), sharing AS (
        SELECT k.ref, k.n, c.citing_id FROM inside k CROSS JOIN LATERAL (
          SELECT DISTINCT c.citing_id FROM release_citations c
            JOIN release_spans s ON s.paper_id = c.citing_id AND s.record_hash = c.record_hash AND ${inRelease('s')}
           WHERE c.cited_id = k.cited_id
        ) c
        UNION ALL
        SELECT o.ref, cardinality(o.citers) AS n, unnest(o.citers) AS citing_id FROM outside o
        WHERE cardinality(o.citers) BETWEEN 2 AND $3
      ), scored AS (
        SELECT citing_id AS id, sum(1 / ln(1 + n::float8)) AS score, count(*)::int AS shared
        FROM sharing WHERE citing_id <> ALL($2::text[]) GROUP BY citing_id
        ORDER BY score DESC, id LIMIT ${sqlPlaceholder(params, neighbourPool(filters, excludeWorks, limit))}
      )
      SELECT s.id, p.work_id, s.score::float8 AS score, s.shared FROM scored s CROSS JOIN LATERAL (${paperAsOf('s.id')}) p
      WHERE ${neighbourConditions(filters, excludeWorks, params)}
      ORDER BY s.score DESC, s.id LIMIT ${sqlPlaceholder(params, limit)}`;
    return (await this.db.query<GraphNeighbour>(sql, params)).rows;
  }

  async coCited(seeds: readonly string[], filters: RelatedFilters, excludeWorks: readonly string[], limit: number): Promise<GraphNeighbour[]> {
    const params: unknown[] = [this.seq, seeds, MAX_CITING_PAPERS];
    const sql = `
      WITH citers AS (
        SELECT DISTINCT citing_id, record_hash FROM (
          SELECT c.citing_id, c.record_hash FROM release_citations c
            JOIN release_spans s ON s.paper_id = c.citing_id AND s.record_hash = c.record_hash AND ${inRelease('s')}
          WHERE c.cited_id = ANY($2::text[]) AND c.citing_id <> ALL($2::text[])
          ORDER BY c.key_year DESC, c.citing_id LIMIT $3
        ) newest
      ), pairs AS (
        SELECT DISTINCT c.cited_id AS id, k.citing_id, k.record_hash FROM citers k
          JOIN release_citations c ON c.citing_id = k.citing_id AND c.record_hash = k.record_hash AND c.cited_id <> ALL($2::text[])
      ), scored AS (
        SELECT pr.id, sum(1 / ln(1 + GREATEST(r.references_count, 2)::float8)) AS score, count(*)::int AS shared
        FROM pairs pr JOIN release_records r ON r.paper_id = pr.citing_id AND r.record_hash = pr.record_hash GROUP BY pr.id
        ORDER BY score DESC, pr.id LIMIT ${sqlPlaceholder(params, neighbourPool(filters, excludeWorks, limit))}
      )
      SELECT s.id, p.work_id, s.score::float8 AS score, s.shared FROM scored s CROSS JOIN LATERAL (${paperAsOf('s.id')}) p
      WHERE ${neighbourConditions(filters, excludeWorks, params)}
      ORDER BY s.score DESC, s.id LIMIT ${sqlPlaceholder(params, limit)}`;
    return (await this.db.query<GraphNeighbour>(sql, params)).rows;
  }

  async passing(ids: readonly string[], filters: RelatedFilters, excludeWorks: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const params: unknown[] = [this.seq, ids];
    const { rows } = await this.db.query<{ id: string; work_id: string }>(
      `SELECT p.id, p.work_id FROM unnest($2::text[]) AS given(id) CROSS JOIN LATERAL (${paperAsOf('given.id')}) p
        WHERE ${neighbourConditions(filters, excludeWorks, params)}`,
      params,
    );
    return new Map(rows.map((r) => [r.id, r.work_id]));
  }
}
