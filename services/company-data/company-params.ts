import { badRequest } from '../../shared/errors/problem';
import { enumParam, integerParam, singleParam, type RawQuery } from '../../shared/http/query-params';
import { COMPANY_CODE, REPORT_TYPES, SBT_STATUSES, type ReportType, type SbtStatus } from './company-inputs';
import type { Industry, IndustryCatalog } from './industry-catalog';

/** Per-request maxima of spec 001 §8: companies 500, gx-metrics 1,000. */
export const COMPANY_LIMITS = { companies: 500, metrics: 1000, reports: 100, maxOffset: 1_000_000 } as const;
const YEAR = { min: 1990, max: 2100 };
const REPORT_ID = /^rpt_[0-9][0-9A-Z]{3}_[0-9]{4}_(integrated|sustainability|environmental|csr)$/;

/** A securities code from a path: four characters, a digit then digits or letters (case-insensitive). */
export function parseCompanyCode(value: string): string {
  const code = value.toUpperCase();
  if (!COMPANY_CODE.test(code)) throw badRequest('invalid_id', 'A securities code is 4 characters: a digit, then digits or letters (e.g. 7203, 130A).');
  return code;
}

export function parseReportId(value: string): string {
  if (!REPORT_ID.test(value)) throw badRequest('invalid_id', 'A report id looks like rpt_7203_2024_integrated: rpt_{code}_{publication year}_{type}.');
  return value;
}

const page = (query: RawQuery, max: number) => ({
  limit: integerParam(query, 'limit', 'invalid_limit', max, 1, max),
  offset: integerParam(query, 'offset', 'invalid_offset', 0, 0, COMPANY_LIMITS.maxOffset),
});

const year = (query: RawQuery, name: string) => {
  const value = singleParam(query, name, `invalid_${name}`);
  return value === undefined ? undefined : integerParam(query, name, `invalid_${name}`, 0, YEAR.min, YEAR.max);
};

function industry(query: RawQuery, catalog: IndustryCatalog): Industry | undefined {
  const value = singleParam(query, 'industry', 'invalid_industry');
  if (value === undefined) return undefined;
  const found = catalog.resolve(value);
  if (!found) throw badRequest('invalid_industry', `"${value}" is not a TSE 33-sector code or name (Japanese or English).`);
  return found;
}

/** 4.1 GET /api/v1/companies */
export function parseCompanyListParams(query: RawQuery, catalog: IndustryCatalog) {
  return { ...page(query, COMPANY_LIMITS.companies), industry: industry(query, catalog) };
}

/** 4.3 GET /api/v1/companies/{code}/reports */
export function parseReportListParams(query: RawQuery) {
  return {
    ...page(query, COMPANY_LIMITS.reports),
    type: enumParam<ReportType>(query, 'type', 'invalid_type', REPORT_TYPES),
    year: year(query, 'year'),
  };
}

/** 4.4 GET /api/v1/companies/{code}/gx-metrics */
export function parseMetricSeriesParams(query: RawQuery) {
  const yearFrom = year(query, 'year_from');
  const yearTo = year(query, 'year_to');
  if (yearFrom !== undefined && yearTo !== undefined && yearFrom > yearTo) throw badRequest('invalid_year_range', 'year_from must not be after year_to.');
  const raw = singleParam(query, 'include_raw', 'invalid_include_raw');
  if (raw !== undefined && raw !== '1' && raw !== '0') throw badRequest('invalid_include_raw', 'include_raw is 1 (add raw_extraction) or 0.');
  return { yearFrom, yearTo, includeRaw: raw === '1' };
}

/** 4.6 GET /api/v1/gx-metrics */
export function parseMetricSearchParams(query: RawQuery, catalog: IndustryCatalog) {
  return {
    ...page(query, COMPANY_LIMITS.metrics),
    industry: industry(query, catalog),
    year: year(query, 'year'),
    sbtStatus: enumParam<SbtStatus>(query, 'sbt_status', 'invalid_sbt_status', SBT_STATUSES),
  };
}
