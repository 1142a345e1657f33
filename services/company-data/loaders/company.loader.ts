import type { Queryable } from '../../../shared/db/database';
import type { JsonLine } from '../../../shared/loading/json-lines';
import { companyInputSchema } from '../company-inputs';
import { CompanyWriter, type NewCompany } from '../repositories/company.writer';
import { loadRecords, type LoadOptions, type LoadReport, type RecordSpec } from '../../../shared/loading/load-records';

/**
 * A preferred-share issue in the JPX master (a five-character code, `25935` 伊藤園 優先株式): a second
 * listed issue of a company that has its own line (`2593`), not a company, so skipped. Other
 * five-character codes are rejected by the schema as usual.
 */
export function preferredShareOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { code, name_ja } = value as { code?: unknown; name_ja?: unknown };
  if (typeof code !== 'string' || typeof name_ja !== 'string') return undefined;
  const issue = code.trim().toUpperCase();
  if (!/^[0-9][0-9A-Z]{3}[0-9]$/.test(issue) || !name_ja.includes('優先株')) return undefined;
  return `preferred shares of company ${issue.slice(0, 4)}`;
}

/**
 * `companies.jsonl` lines → `companies`, keyed by securities code (a code repeated in the file: the
 * later line wins). The industry code is normalised to four digits by the schema and must be one
 * of the codes in `industries` (checked by the database, in the batch's statement). Preferred-share
 * issues are skipped.
 */
export const companySpec: RecordSpec<typeof companyInputSchema, NewCompany> = {
  screen: preferredShareOf,
  schema: companyInputSchema,
  prepare: (c) => ({
    record: {
      code: c.code,
      name_ja: c.name_ja,
      name_en: c.name_en,
      industry_code: c.industry_code,
      market: c.market,
      is_foreign: c.foreign,
      sector17_code: c.sector17_code,
      sector17_name: c.sector17_name,
      size_category: c.size_category,
      as_of: c.as_of,
      source: c.source,
    },
  }),
  keyOf: (c) => c.code,
};

export function loadCompanies(lines: AsyncIterable<JsonLine>, db: Queryable, options?: LoadOptions): Promise<LoadReport> {
  return loadRecords(lines, companySpec, new CompanyWriter(db), options);
}
