import type { Database } from '../../shared/db/database';
import type { RelatedFilters } from '../../shared/papers/related-papers';

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
 * leaves out terms above `max_doc_freq`. It also bounds the work of one request.
 */
export const MAX_REFERENCE_CITERS = 1_000;
/** Co-citation reads the newest this many papers citing the seeds (the rest weigh little, and the cost stays bounded). */
export const MAX_CITING_PAPERS = 1_000;

/**
 * Reads of the citation graph for related papers and recommendations (`paper_references`, migration
 * 014), each answering the papers that pass the filters and are no version of the excluded works,
 * best first (ties by id). Weights follow Adamic–Adar: what two papers share counts 1 / ln(1 + n),
 * n being how many papers it connects, so a rare shared reference outweighs a common one.
 */
export class PaperNeighboursRepository {
  constructor(private readonly db: Database) {}

  /**
   * Bibliographic coupling: papers whose references share works with the seeds' references. Two
   * references are the same work when they resolve to the same corpus paper, or, unresolved, have
   * the same DOI or (without a DOI) the same OpenAlex work id.
   */
  async coupled(seeds: readonly string[], filters: RelatedFilters, excludeWorks: readonly string[], limit: number): Promise<GraphNeighbour[]> {
    const params: unknown[] = [seeds, MAX_REFERENCE_CITERS + 1];
    const sql = `
      WITH mine AS (
        SELECT row_number() OVER () AS ref, cited_id, ref_doi, ref_openalex_id FROM (
          SELECT DISTINCT cited_id,
                 CASE WHEN cited_id IS NULL THEN ref_doi END AS ref_doi,
                 CASE WHEN cited_id IS NULL AND ref_doi IS NULL THEN ref_openalex_id END AS ref_openalex_id
          FROM paper_references WHERE citing_id = ANY($1::text[])
        ) d
      ), sharing AS (
        SELECT m.ref, r.citing_id FROM mine m CROSS JOIN LATERAL (
          SELECT citing_id FROM paper_references r WHERE r.cited_id IS NOT NULL AND r.cited_id = m.cited_id LIMIT $2
        ) r WHERE m.cited_id IS NOT NULL
        UNION ALL
        SELECT m.ref, r.citing_id FROM mine m CROSS JOIN LATERAL (
          SELECT citing_id FROM paper_references r WHERE r.ref_doi IS NOT NULL AND r.ref_doi = m.ref_doi LIMIT $2
        ) r WHERE m.ref_doi IS NOT NULL
        UNION ALL
        SELECT m.ref, r.citing_id FROM mine m CROSS JOIN LATERAL (
          SELECT citing_id FROM paper_references r WHERE r.ref_openalex_id IS NOT NULL AND r.ref_openalex_id = m.ref_openalex_id LIMIT $2
        ) r WHERE m.ref_openalex_id IS NOT NULL
      ), counted AS (
        SELECT ref, citing_id, count(*) OVER (PARTITION BY ref) AS n FROM (SELECT DISTINCT ref, citing_id FROM sharing) d
      ), scored AS (
        SELECT citing_id AS id, sum(1 / ln(1 + n::float8)) AS score, count(*)::int AS shared
        FROM counted WHERE n < $2 AND citing_id <> ALL($1::text[]) GROUP BY citing_id
      )
      SELECT s.id, p.work_id, s.score::float8 AS score, s.shared FROM scored s JOIN papers p ON p.id = s.id
      WHERE ${conditions(filters, excludeWorks, params)}
      ORDER BY s.score DESC, s.id LIMIT ${placeholder(params, limit)}`;
    return (await this.db.query<GraphNeighbour>(sql, params)).rows;
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
        SELECT citing_id FROM (
          SELECT DISTINCT r.citing_id, COALESCE(r.citing_year, -1) AS year FROM paper_references r
          WHERE r.cited_id IS NOT NULL AND r.cited_id = ANY($1::text[]) AND r.citing_id <> ALL($1::text[])
        ) c ORDER BY year DESC, citing_id LIMIT $2
      ), pairs AS (
        SELECT DISTINCT r.cited_id AS id, r.citing_id FROM citers c JOIN paper_references r ON r.citing_id = c.citing_id
        WHERE r.cited_id IS NOT NULL AND r.cited_id <> ALL($1::text[])
      ), scored AS (
        SELECT pr.id, sum(1 / ln(1 + GREATEST(cp.references_count, 2)::float8)) AS score, count(*)::int AS shared
        FROM pairs pr JOIN papers cp ON cp.id = pr.citing_id GROUP BY pr.id
      )
      SELECT s.id, p.work_id, s.score::float8 AS score, s.shared FROM scored s JOIN papers p ON p.id = s.id
      WHERE ${conditions(filters, excludeWorks, params)}
      ORDER BY s.score DESC, s.id LIMIT ${placeholder(params, limit)}`;
    return (await this.db.query<GraphNeighbour>(sql, params)).rows;
  }

  /** Of these papers, those that pass the filters and are no version of the excluded works, with their work. */
  async passing(ids: readonly string[], filters: RelatedFilters, excludeWorks: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const params: unknown[] = [ids];
    const { rows } = await this.db.query<{ id: string; work_id: string }>(
      `SELECT p.id, p.work_id FROM papers p WHERE p.id = ANY($1::text[]) AND ${conditions(filters, excludeWorks, params)}`,
      params,
    );
    return new Map(rows.map((r) => [r.id, r.work_id]));
  }
}

/** `$n` for a new parameter. */
function placeholder(params: unknown[], value: unknown): string {
  params.push(value);
  return `$${params.length}`;
}

/** The filters and the excluded works as conditions on `p` (a paper without a year or language fails a condition on it, as in `passesRelatedFilters`). */
function conditions(f: RelatedFilters, excludeWorks: readonly string[], params: unknown[]): string {
  const out = [`p.work_id <> ALL(${placeholder(params, excludeWorks)}::text[])`];
  if (f.topic !== undefined) out.push(`p.topic = ${placeholder(params, f.topic)}`);
  if (f.langs !== undefined) out.push(`p.lang = ANY(${placeholder(params, f.langs)}::text[])`);
  if (f.yearFrom !== undefined) out.push(`p.year >= ${placeholder(params, f.yearFrom)}`);
  if (f.yearTo !== undefined) out.push(`p.year <= ${placeholder(params, f.yearTo)}`);
  if (f.addedSince !== undefined) out.push(`p.created_at >= ${placeholder(params, f.addedSince)}::timestamptz`);
  return out.join(' AND ');
}
