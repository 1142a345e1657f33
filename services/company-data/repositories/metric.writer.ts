import type { Queryable } from '../../../shared/db/database';
import type { SbtStatus } from '../company-inputs';
import type { BatchOutcome, BatchWriter } from '../../../shared/loading/load-records';
import { runUpsert, type OutcomeRow } from './batch.writer';

/** A row of `gx_metrics`: one company's decarbonisation figures for one publication year (t-CO2e). */
export interface NewMetric {
  company_code: string;
  publication_year: number;
  scope1: number | null;
  scope2_location: number | null;
  scope2_market: number | null;
  scope3_total: number | null;
  scope3_categories: Record<string, number> | null;
  unit: 't-CO2e';
  sbt_status: SbtStatus | null;
  sbt_near_term_year: number | null;
  sbt_net_zero_year: number | null;
  tcfd_supporter: boolean | null;
  cdp_score: string | null;
  renewable_ratio: number | null;
  /** Figure name → id of the report it came from; every id must be in `reports`. */
  sources: Record<string, string>;
  raw_extraction: Record<string, unknown> | null;
  source: string | null;
}

/** The key `loadRecords` and this writer agree on. */
export const metricKey = (m: { company_code: string; publication_year: number }) => `${m.company_code}/${m.publication_year}`;

const UPSERT = `
  WITH input AS (
    SELECT r.*,
      EXISTS (SELECT 1 FROM companies c WHERE c.code = r.company_code) AS company_known,
      (SELECT jsonb_object_agg(s.key, s.value) FROM jsonb_each_text(coalesce(r.sources, '{}')) AS s(key, value)
        WHERE NOT EXISTS (SELECT 1 FROM reports p WHERE p.id = s.value)) AS missing_sources
    FROM jsonb_to_recordset($1::jsonb) AS r(company_code text, publication_year integer, scope1 double precision,
      scope2_location double precision, scope2_market double precision, scope3_total double precision,
      scope3_categories jsonb, unit text, sbt_status text, sbt_near_term_year integer, sbt_net_zero_year integer,
      tcfd_supporter boolean, cdp_score text, renewable_ratio double precision, sources jsonb, raw_extraction jsonb,
      source text, content_hash text)
  ), written AS (
    INSERT INTO gx_metrics (company_code, publication_year, scope1, scope2_location, scope2_market, scope3_total,
      scope3_categories, unit, sbt_status, sbt_near_term_year, sbt_net_zero_year, tcfd_supporter, cdp_score,
      renewable_ratio, sources, raw_extraction, source, content_hash)
    SELECT company_code, publication_year, scope1, scope2_location, scope2_market, scope3_total,
      nullif(scope3_categories, 'null'), unit, sbt_status, sbt_near_term_year, sbt_net_zero_year, tcfd_supporter,
      cdp_score, renewable_ratio, coalesce(sources, '{}'), nullif(raw_extraction, 'null'), source, content_hash
    FROM input WHERE company_known AND missing_sources IS NULL
    ON CONFLICT (company_code, publication_year) DO UPDATE SET
      scope1 = EXCLUDED.scope1, scope2_location = EXCLUDED.scope2_location, scope2_market = EXCLUDED.scope2_market,
      scope3_total = EXCLUDED.scope3_total, scope3_categories = EXCLUDED.scope3_categories, unit = EXCLUDED.unit,
      sbt_status = EXCLUDED.sbt_status, sbt_near_term_year = EXCLUDED.sbt_near_term_year,
      sbt_net_zero_year = EXCLUDED.sbt_net_zero_year, tcfd_supporter = EXCLUDED.tcfd_supporter,
      cdp_score = EXCLUDED.cdp_score, renewable_ratio = EXCLUDED.renewable_ratio, sources = EXCLUDED.sources,
      raw_extraction = EXCLUDED.raw_extraction, source = EXCLUDED.source, content_hash = EXCLUDED.content_hash,
      updated_at = now()
    WHERE gx_metrics.content_hash IS DISTINCT FROM EXCLUDED.content_hash
    RETURNING company_code, publication_year, (xmax = 0) AS inserted
  )
  SELECT company_code || '/' || publication_year AS key, CASE WHEN inserted THEN 'inserted' ELSE 'updated' END AS outcome,
    NULL::text AS company_code, NULL::boolean AS company_known, NULL::jsonb AS missing_sources
  FROM written
  UNION ALL
  SELECT company_code || '/' || publication_year, 'rejected', company_code, company_known, missing_sources
  FROM input WHERE NOT company_known OR missing_sources IS NOT NULL`;

type MetricOutcomeRow = OutcomeRow & { company_code: string; company_known: boolean; missing_sources: Record<string, string> | null };

function explain(row: MetricOutcomeRow): string {
  const problems: string[] = [];
  if (!row.company_known) problems.push(`company_code: no company ${row.company_code} in the companies table`);
  for (const [figure, id] of Object.entries(row.missing_sources ?? {})) {
    problems.push(`sources.${figure}: no report ${id} in the reports table (load its report first)`);
  }
  return problems.join('; ');
}

/**
 * Writes `gx_metrics`, keyed by company and publication year. Metrics of unknown companies, or whose
 * `sources` name a report id that is not in `reports`, are rejected.
 */
export class MetricWriter implements BatchWriter<NewMetric> {
  constructor(private readonly db: Queryable) {}

  upsertMany(metrics: NewMetric[]): Promise<BatchOutcome> {
    return runUpsert<MetricOutcomeRow>(this.db, UPSERT, metrics, explain);
  }
}
