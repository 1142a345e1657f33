import type { Database } from '../../shared/db/database';
import type { SbtStatus } from './company-inputs';
import type { JsonPage } from './company.repository';
import { BY_CODE, COMPANY_FROM, COMPANY_JSON, metricJson } from './company-read.sql';

interface CompanyEntry {
  code: string;
  industry: string;
  json: string;
}

interface MetricEntry extends CompanyEntry {
  year: number;
  sbt: SbtStatus | null;
}

/**
 * The company list and the cross-company metric records, each serialised once and kept in order
 * (by securities code as written, then publication year), so a page of 1,000 records is a filter,
 * a slice and a join in memory. Company data changes only when it is loaded; the module rebuilds
 * the snapshot when Postgres notifies a change, and swaps it in whole.
 */
export class CompanySnapshot {
  private companies: CompanyEntry[] = [];
  private metrics: MetricEntry[] = [];

  constructor(private readonly db: Database) {}

  async refresh(): Promise<void> {
    const [companies, metrics] = await Promise.all([
      this.db.query<CompanyEntry>(
        `SELECT c.code, c.industry_code AS industry, ${COMPANY_JSON}::text AS json FROM ${COMPANY_FROM} ORDER BY c.code ${BY_CODE}`,
      ),
      this.db.query<MetricEntry>(
        `SELECT m.company_code AS code, c.industry_code AS industry, m.publication_year AS year, m.sbt_status AS sbt,
                ${metricJson({ includeRaw: false, withCompany: true })}::text AS json
         FROM gx_metrics m JOIN companies c ON c.code = m.company_code
         ORDER BY m.company_code ${BY_CODE}, m.publication_year`,
      ),
    ]);
    this.companies = companies.rows;
    this.metrics = metrics.rows;
  }

  /** 4.1: ascending by securities code. */
  listCompanies(filter: { industryCode?: string; limit: number; offset: number }): JsonPage {
    const { industryCode } = filter;
    return page(this.companies, (c) => industryCode === undefined || c.industry === industryCode, filter);
  }

  /** 4.6: by company code, then publication year. */
  searchMetrics(filter: { industryCode?: string; year?: number; sbtStatus?: SbtStatus; limit: number; offset: number }): JsonPage {
    const { industryCode, year, sbtStatus } = filter;
    return page(
      this.metrics,
      (m) => (industryCode === undefined || m.industry === industryCode) && (year === undefined || m.year === year) && (sbtStatus === undefined || m.sbt === sbtStatus),
      filter,
    );
  }
}

function page<T extends { json: string }>(entries: T[], matches: (entry: T) => boolean, window: { limit: number; offset: number }): JsonPage {
  const picked: string[] = [];
  let total = 0;
  for (const entry of entries) {
    if (!matches(entry)) continue;
    if (total >= window.offset && picked.length < window.limit) picked.push(entry.json);
    total++;
  }
  return { json: `[${picked.join(',')}]`, count: picked.length, total };
}
