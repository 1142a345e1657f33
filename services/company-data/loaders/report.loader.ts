import type { Queryable } from '../../../shared/db/database';
import type { JsonLine } from '../../../shared/loading/json-lines';
import { reportIdOf, reportInputSchema } from '../company-inputs';
import { ReportWriter, type NewReport } from '../repositories/report.writer';
import { loadRecords, type LoadOptions, type LoadReport, type RecordSpec } from '../../../shared/loading/load-records';

/**
 * Report lines → `reports`, keyed by `reportIdOf(...)` (company, year, type; a repeated report: the
 * later line wins). Reports of companies not in `companies` are rejected.
 */
export const reportSpec: RecordSpec<typeof reportInputSchema, NewReport> = {
  schema: reportInputSchema,
  prepare: (r) => ({
    record: {
      id: reportIdOf(r),
      company_code: r.company_code,
      type: r.type,
      publication_year: r.publication_year,
      title: r.title,
      source_url: r.source_url,
      pdf_url: r.pdf_url,
      figures: r.figures,
      source: r.source,
    },
  }),
  keyOf: (r) => r.id,
};

export function loadReports(lines: AsyncIterable<JsonLine>, db: Queryable, options?: LoadOptions): Promise<LoadReport> {
  return loadRecords(lines, reportSpec, new ReportWriter(db), options);
}
