import type { Database } from '../../shared/db/database';
import type { ReportType } from './company-inputs';
import { COMPANY_FIELDS, COMPANY_FROM, isoUtc, metricJson, REPORT_FIELDS, REPORT_JSON } from './company-read.sql';

/** A page of records already serialised as a JSON array, with its count and the total before paging. */
export interface JsonPage {
  json: string;
  count: number;
  total: number;
}

interface PageRow {
  data: string;
  count: number;
  total: number;
}

/**
 * Read access to company data in Postgres: one company, its reports and metric series. Each list
 * is one statement returning the page (as JSON) and the total of matches. The company list and the
 * cross-company search are served from `CompanySnapshot`.
 */
export class CompanyRepository {
  constructor(private readonly db: Database) {}

  private async page(sql: string, values: unknown[]): Promise<JsonPage> {
    const row = (await this.db.query<PageRow>(sql, values)).rows[0];
    return { json: row?.data ?? '[]', count: row?.count ?? 0, total: row?.total ?? 0 };
  }

  /** 4.2: the overview, SBTi status and coverage per report type; undefined when unknown. */
  async getCompany(code: string): Promise<string | undefined> {
    const result = await this.db.query<{ data: string }>(
      `SELECT json_build_object(${COMPANY_FIELDS},
           'as_of', c.as_of,
           'sbt', (SELECT json_build_object('status', s2.status, 'sbti_status', s2.sbti_status, 'sbti_classification', s2.sbti_classification,
                     'near_term_target_year', s2.near_term_target_year, 'long_term_target_year', s2.long_term_target_year,
                     'net_zero_year', s2.net_zero_year, 'source_updated', s2.source_updated)
                   FROM company_sbt s2 WHERE s2.company_code = c.code),
           'coverage', (SELECT json_object_agg(t.type, coalesce(y.years, '[]'::json))
                        FROM unnest(ARRAY['integrated', 'sustainability', 'environmental', 'csr']) WITH ORDINALITY AS t(type, n)
                        LEFT JOIN LATERAL (SELECT json_agg(r.publication_year ORDER BY r.publication_year) AS years
                                           FROM reports r WHERE r.company_code = c.code AND r.type = t.type) y ON true),
           'metrics_years', (SELECT coalesce(json_agg(m.publication_year ORDER BY m.publication_year), '[]'::json)
                             FROM gx_metrics m WHERE m.company_code = c.code),
           'updated_at', ${isoUtc('c.updated_at')})::text AS data
       FROM ${COMPANY_FROM} WHERE c.code = $1`,
      [code],
    );
    return result.rows[0]?.data;
  }

  async countCompanies(): Promise<number> {
    return (await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM companies')).rows[0]!.n;
  }

  async companyExists(code: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM companies WHERE code = $1', [code])).rows.length > 0;
  }

  /** 4.3: a company's reports, newest first. */
  listReports(code: string, filter: { type?: ReportType; year?: number; limit: number; offset: number }): Promise<JsonPage> {
    return this.page(
      `WITH matches AS (
         SELECT r.* FROM reports r
         WHERE r.company_code = $1 AND ($2::text IS NULL OR r.type = $2) AND ($3::int IS NULL OR r.publication_year = $3)
       ), page AS (
         SELECT ${REPORT_JSON} AS record, r.publication_year, r.type FROM matches r
         ORDER BY r.publication_year DESC, r.type LIMIT $4 OFFSET $5
       )
       SELECT coalesce((SELECT json_agg(record ORDER BY publication_year DESC, type) FROM page), '[]')::text AS data,
              (SELECT count(*)::int FROM page) AS count, (SELECT count(*)::int FROM matches) AS total`,
      [code, filter.type ?? null, filter.year ?? null, filter.limit, filter.offset],
    );
  }

  /** 4.5: one report with its extracted figures and its company; undefined when unknown. */
  async getReport(id: string): Promise<string | undefined> {
    const result = await this.db.query<{ data: string }>(
      `SELECT json_build_object(${REPORT_FIELDS},
           'figures', r.figures,
           'company', json_build_object('code', c.code, 'name_ja', c.name_ja, 'name_en', c.name_en))::text AS data
       FROM reports r JOIN companies c ON c.code = r.company_code WHERE r.id = $1`,
      [id],
    );
    return result.rows[0]?.data;
  }

  /** 4.4: a company's metric series, ascending by publication year. */
  async metricSeries(code: string, filter: { yearFrom?: number; yearTo?: number; includeRaw: boolean }): Promise<{ json: string; count: number }> {
    const result = await this.db.query<{ data: string; count: number }>(
      `SELECT coalesce(json_agg(${metricJson({ includeRaw: filter.includeRaw, withCompany: false })} ORDER BY m.publication_year), '[]')::text AS data,
              count(*)::int AS count
       FROM gx_metrics m
       WHERE m.company_code = $1 AND ($2::int IS NULL OR m.publication_year >= $2) AND ($3::int IS NULL OR m.publication_year <= $3)`,
      [code, filter.yearFrom ?? null, filter.yearTo ?? null],
    );
    return { json: result.rows[0]!.data, count: result.rows[0]!.count };
  }
}
