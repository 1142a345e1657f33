import type { Queryable } from '../../../shared/db/database';
import type { JsonLine } from '../../../shared/loading/json-lines';
import { metricInputSchema } from '../company-inputs';
import { MetricWriter, metricKey, type NewMetric } from '../repositories/metric.writer';
import { loadRecords, type LoadOptions, type LoadReport, type RecordSpec } from '../../../shared/loading/load-records';

/**
 * Metric lines → `gx_metrics`, keyed by company and publication year (a repeated pair: the later line
 * wins). Metrics of unknown companies, or whose `sources` name a report not in `reports`, are rejected.
 */
export const metricSpec: RecordSpec<typeof metricInputSchema, NewMetric> = {
  schema: metricInputSchema,
  prepare: (m) => ({
    record: {
      company_code: m.company_code,
      publication_year: m.publication_year,
      scope1: m.scope1,
      scope2_location: m.scope2_location,
      scope2_market: m.scope2_market,
      scope3_total: m.scope3_total,
      scope3_categories: m.scope3_categories,
      unit: m.unit,
      sbt_status: m.sbt_status,
      sbt_near_term_year: m.sbt_near_term_year,
      sbt_net_zero_year: m.sbt_net_zero_year,
      tcfd_supporter: m.tcfd_supporter,
      cdp_score: m.cdp_score,
      renewable_ratio: m.renewable_ratio,
      sources: m.sources,
      raw_extraction: m.raw_extraction,
      source: m.source,
    },
  }),
  keyOf: metricKey,
};

export function loadMetrics(lines: AsyncIterable<JsonLine>, db: Queryable, options?: LoadOptions): Promise<LoadReport> {
  return loadRecords(lines, metricSpec, new MetricWriter(db), options);
}
