import type { Queryable } from '../../../shared/db/database';
import type { BatchOutcome, BatchWriter } from '../../../shared/loading/load-records';
import { runUpsert, type OutcomeRow } from './batch.writer';

/** A row of `companies` as a load writes it. */
export interface NewCompany {
  code: string;
  name_ja: string;
  name_en: string | null;
  /** Four digits, one of the codes in `industries`. */
  industry_code: string;
  market: 'Prime' | 'Standard' | 'Growth' | null;
  is_foreign: boolean;
  sector17_code: string | null;
  sector17_name: string | null;
  size_category: string | null;
  /** ISO date. */
  as_of: string | null;
  source: string | null;
}

/**
 * One statement per batch: companies whose industry code is not in `industries` are returned as
 * rejected, the others inserted or, when their content changed, updated.
 */
const UPSERT = `
  WITH input AS (
    SELECT r.*, EXISTS (SELECT 1 FROM industries i WHERE i.code = r.industry_code) AS industry_known
    FROM jsonb_to_recordset($1::jsonb) AS r(code text, name_ja text, name_en text, industry_code text, market text,
      is_foreign boolean, sector17_code text, sector17_name text, size_category text, as_of date, source text,
      content_hash text)
  ), written AS (
    INSERT INTO companies (code, name_ja, name_en, industry_code, market, is_foreign, sector17_code, sector17_name,
      size_category, as_of, source, content_hash)
    SELECT code, name_ja, name_en, industry_code, market, is_foreign, sector17_code, sector17_name,
      size_category, as_of, source, content_hash
    FROM input WHERE industry_known
    ON CONFLICT (code) DO UPDATE SET
      name_ja = EXCLUDED.name_ja, name_en = EXCLUDED.name_en, industry_code = EXCLUDED.industry_code,
      market = EXCLUDED.market, is_foreign = EXCLUDED.is_foreign, sector17_code = EXCLUDED.sector17_code,
      sector17_name = EXCLUDED.sector17_name, size_category = EXCLUDED.size_category, as_of = EXCLUDED.as_of,
      source = EXCLUDED.source, content_hash = EXCLUDED.content_hash, updated_at = now()
    WHERE companies.content_hash IS DISTINCT FROM EXCLUDED.content_hash
    RETURNING code, (xmax = 0) AS inserted
  )
  SELECT code AS key, CASE WHEN inserted THEN 'inserted' ELSE 'updated' END AS outcome, NULL::text AS industry_code
  FROM written
  UNION ALL
  SELECT code, 'rejected', industry_code FROM input WHERE NOT industry_known`;

/** Writes `companies`, keyed by securities code. */
export class CompanyWriter implements BatchWriter<NewCompany> {
  constructor(private readonly db: Queryable) {}

  upsertMany(companies: NewCompany[]): Promise<BatchOutcome> {
    return runUpsert<OutcomeRow & { industry_code: string }>(
      this.db,
      UPSERT,
      companies,
      (row) => `industry_code: ${row.industry_code} is not one of the TSE sectors in the industries table`,
    );
  }
}
