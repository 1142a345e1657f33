import { performance } from 'node:perf_hooks';
import { Database } from '../../shared/db/database';
import { migrate } from '../../shared/db/migrate';
import { recordsAsLines } from '../../modules/papers/paper-loader';
import { generateDemoCompanyData } from '../../services/company-data/demo/demo-companies';
import { loadCompanies } from '../../services/company-data/loaders/company.loader';
import type { LoadReport } from '../../shared/loading/load-records';
import { loadMetrics } from '../../services/company-data/loaders/metric.loader';
import { loadReports } from '../../services/company-data/loaders/report.loader';

export interface CompanyDataReport {
  companies: number;
  years: number;
  /** Rows in each table after the load (read back with count(*)). */
  rows: { companies: number; reports: number; gx_metrics: number };
  /** Lines the loaders refused, all kinds together (expected 0: the generator makes valid records). */
  rejected: number;
  generateMs: number;
  loadMs: number;
}

/**
 * Migrates the database and loads the generated demo company data (`companies` × `years` metric
 * records and the reports they cite) through the project's own loaders, as `gx load` would.
 */
export async function loadCompanyData(url: string, options: { companies: number; years: number }): Promise<CompanyDataReport> {
  const db = new Database(url, 4);
  try {
    await migrate(db);
    const t0 = performance.now();
    const demo = generateDemoCompanyData({ companies: options.companies, years: options.years });
    const t1 = performance.now();
    const reports: LoadReport[] = [
      await loadCompanies(recordsAsLines(demo.companies), db),
      await loadReports(recordsAsLines(demo.reports), db),
      await loadMetrics(recordsAsLines(demo.metrics), db),
    ];
    const loadMs = performance.now() - t1;
    const rejected = reports.reduce((n, r) => n + r.rejected.length, 0);
    if (rejected > 0) {
      const first = reports.flatMap((r) => r.rejected).slice(0, 3).map((r) => `line ${r.line}: ${r.error}`);
      throw new Error(`the loaders rejected ${rejected} generated records, e.g. ${first.join('; ')}`);
    }
    // VACUUM ANALYZE: statistics and the visibility map as an established database would have them.
    await db.query('VACUUM ANALYZE companies, company_sbt, reports, gx_metrics');
    const { rows } = await db.query<{ companies: number; reports: number; gx_metrics: number }>(
      `SELECT (SELECT count(*)::int FROM companies) AS companies, (SELECT count(*)::int FROM reports) AS reports,
              (SELECT count(*)::int FROM gx_metrics) AS gx_metrics`,
    );
    return { ...options, rows: rows[0]!, rejected, generateMs: t1 - t0, loadMs };
  } finally {
    await db.close();
  }
}
