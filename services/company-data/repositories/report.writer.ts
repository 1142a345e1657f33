import type { Queryable } from '../../../shared/db/database';
import type { ReportType } from '../company-inputs';
import type { BatchOutcome, BatchWriter } from '../../../shared/loading/load-records';
import { runUpsert, type OutcomeRow } from './batch.writer';

/** A row of `reports`. */
export interface NewReport {
  /** `reportIdOf(...)`: `rpt_{code}_{publication year}_{type}`. */
  id: string;
  company_code: string;
  type: ReportType;
  publication_year: number;
  title: string | null;
  source_url: string | null;
  pdf_url: string | null;
  figures: Record<string, number | string | boolean | null>;
  source: string | null;
}

const UPSERT = `
  WITH input AS (
    SELECT r.*, EXISTS (SELECT 1 FROM companies c WHERE c.code = r.company_code) AS company_known
    FROM jsonb_to_recordset($1::jsonb) AS r(id text, company_code text, type text, publication_year integer,
      title text, source_url text, pdf_url text, figures jsonb, source text, content_hash text)
  ), written AS (
    INSERT INTO reports (id, company_code, type, publication_year, title, source_url, pdf_url, figures, source, content_hash)
    SELECT id, company_code, type, publication_year, title, source_url, pdf_url, coalesce(figures, '{}'), source, content_hash
    FROM input WHERE company_known
    ON CONFLICT (id) DO UPDATE SET
      company_code = EXCLUDED.company_code, type = EXCLUDED.type, publication_year = EXCLUDED.publication_year,
      title = EXCLUDED.title, source_url = EXCLUDED.source_url, pdf_url = EXCLUDED.pdf_url, figures = EXCLUDED.figures,
      source = EXCLUDED.source, content_hash = EXCLUDED.content_hash, updated_at = now()
    WHERE reports.content_hash IS DISTINCT FROM EXCLUDED.content_hash
    RETURNING id, (xmax = 0) AS inserted
  )
  SELECT id AS key, CASE WHEN inserted THEN 'inserted' ELSE 'updated' END AS outcome, NULL::text AS company_code FROM written
  UNION ALL
  SELECT id, 'rejected', company_code FROM input WHERE NOT company_known`;

/** Writes `reports`, keyed by report id; reports of companies not in `companies` are rejected. */
export class ReportWriter implements BatchWriter<NewReport> {
  constructor(private readonly db: Queryable) {}

  upsertMany(reports: NewReport[]): Promise<BatchOutcome> {
    return runUpsert<OutcomeRow & { company_code: string }>(
      this.db,
      UPSERT,
      reports,
      (row) => `company_code: no company ${row.company_code} in the companies table`,
    );
  }
}
