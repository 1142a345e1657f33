/**
 * SQL fragments of the read side. Records are built as JSON by Postgres, so a page of 1,000 metric
 * records goes to the client without being parsed and re-serialised in Node.
 */

/** ISO 8601 in UTC with a Z, as every other timestamp of the API. */
export const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Securities codes sort as written (byte order: 1301 before 130A), whatever the database's collation. */
export const BY_CODE = 'COLLATE "C"';

// Field lists (key, value, …) rather than finished objects, so a detail record can extend a list
// record in one json_build_object and keep the fields in the order written here.
export const COMPANY_FIELDS = `
  'code', c.code, 'name_ja', c.name_ja, 'name_en', c.name_en,
  'industry', json_build_object('code', i.code, 'name_ja', i.name_ja, 'name_en', i.name_en),
  'market', c.market, 'is_foreign', c.is_foreign, 'size_category', c.size_category,
  'sector17', CASE WHEN c.sector17_code IS NULL THEN NULL ELSE json_build_object('code', c.sector17_code, 'name', c.sector17_name) END,
  'sbt_status', coalesce(s.status, 'none')`;
export const COMPANY_JSON = `json_build_object(${COMPANY_FIELDS})`;

export const COMPANY_FROM = `companies c JOIN industries i ON i.code = c.industry_code LEFT JOIN company_sbt s ON s.company_code = c.code`;

export const REPORT_FIELDS = `
  'id', r.id, 'company_code', r.company_code, 'type', r.type, 'publication_year', r.publication_year,
  'title', r.title, 'source_url', r.source_url, 'pdf_url', r.pdf_url, 'updated_at', ${isoUtc('r.updated_at')}`;
export const REPORT_JSON = `json_build_object(${REPORT_FIELDS})`;

const METRIC_FIELDS = `
  'company_code', m.company_code, 'publication_year', m.publication_year,
  'scope1', m.scope1, 'scope2_location', m.scope2_location, 'scope2_market', m.scope2_market,
  'scope3_total', m.scope3_total, 'scope3_categories', m.scope3_categories, 'unit', m.unit,
  'sbt_status', m.sbt_status, 'sbt_near_term_year', m.sbt_near_term_year, 'sbt_net_zero_year', m.sbt_net_zero_year,
  'tcfd_supporter', m.tcfd_supporter, 'cdp_score', m.cdp_score, 'renewable_ratio', m.renewable_ratio,
  'sources', m.sources, 'updated_at', ${isoUtc('m.updated_at')}`;

/** A metric record; `raw_extraction` only when asked for (it is heavy). */
export const metricJson = (options: { includeRaw: boolean; withCompany: boolean }) => `json_build_object(${
  options.withCompany ? `'company_name_ja', c.name_ja, 'company_name_en', c.name_en, 'industry_code', c.industry_code,` : ''
}${METRIC_FIELDS}${options.includeRaw ? `, 'raw_extraction', m.raw_extraction` : ''})`;
