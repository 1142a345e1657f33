import type { Queryable } from '../../../shared/db/database';
import type { SbtStatus } from '../company-inputs';
import type { BatchOutcome, BatchWriter } from '../../../shared/loading/load-records';
import { runUpsert, type OutcomeRow } from './batch.writer';

/** A row of `company_sbt`: one company's SBTi status mapped onto the spec's four values. */
export interface NewCompanySbt {
  company_code: string;
  status: SbtStatus;
  /** SBTi's own near-term status ("Targets set", "Committed", …). */
  sbti_status: string | null;
  /** SBTi's own near-term classification ("1.5°C", "Well-below 2°C", "2°C", …). */
  sbti_classification: string | null;
  near_term_target_year: number | null;
  long_term_target_year: number | null;
  net_zero_year: number | null;
  sbti_id: string | null;
  /** SBTi's `date_updated`, ISO date. */
  source_updated: string | null;
}

const UPSERT = `
  WITH input AS (
    SELECT r.*, EXISTS (SELECT 1 FROM companies c WHERE c.code = r.company_code) AS company_known
    FROM jsonb_to_recordset($1::jsonb) AS r(company_code text, status text, sbti_status text, sbti_classification text,
      near_term_target_year integer, long_term_target_year integer, net_zero_year integer, sbti_id text,
      source_updated date, content_hash text)
  ), written AS (
    INSERT INTO company_sbt (company_code, status, sbti_status, sbti_classification, near_term_target_year,
      long_term_target_year, net_zero_year, sbti_id, source_updated, content_hash)
    SELECT company_code, status, sbti_status, sbti_classification, near_term_target_year,
      long_term_target_year, net_zero_year, sbti_id, source_updated, content_hash
    FROM input WHERE company_known
    ON CONFLICT (company_code) DO UPDATE SET
      status = EXCLUDED.status, sbti_status = EXCLUDED.sbti_status, sbti_classification = EXCLUDED.sbti_classification,
      near_term_target_year = EXCLUDED.near_term_target_year, long_term_target_year = EXCLUDED.long_term_target_year,
      net_zero_year = EXCLUDED.net_zero_year, sbti_id = EXCLUDED.sbti_id, source_updated = EXCLUDED.source_updated,
      content_hash = EXCLUDED.content_hash, updated_at = now()
    WHERE company_sbt.content_hash IS DISTINCT FROM EXCLUDED.content_hash
    RETURNING company_code, (xmax = 0) AS inserted
  )
  SELECT company_code AS key, CASE WHEN inserted THEN 'inserted' ELSE 'updated' END AS outcome FROM written
  UNION ALL
  SELECT company_code, 'rejected' FROM input WHERE NOT company_known`;

/** Writes `company_sbt`, keyed by company code; rows of companies not in `companies` are rejected. */
export class SbtWriter implements BatchWriter<NewCompanySbt> {
  constructor(private readonly db: Queryable) {}

  upsertMany(rows: NewCompanySbt[]): Promise<BatchOutcome> {
    return runUpsert<OutcomeRow>(this.db, UPSERT, rows, (row) => `tse_code: no company ${row.key} in the companies table`);
  }
}
