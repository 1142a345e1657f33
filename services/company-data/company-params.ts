import { z } from 'zod';
import { coded, crossRule, oneOf, rule, text, wholeNumber, withDefault } from '../../shared/http/param-schemas';
import { COMPANY_CODE, REPORT_TYPES, SBT_STATUSES } from './company-inputs';
import type { Industry } from './industry-catalog';

/**
 * The request schemas of company data (spec 001 §4.1–4.6): they validate the requests
 * (`parseQuery` / `parsePath`) and render the data API's OpenAPI document.
 */

/** Per-request maxima of spec 001 §8: companies 500, gx-metrics 1,000. */
export const COMPANY_LIMITS = { companies: 500, metrics: 1000, reports: 100, maxOffset: 1_000_000 } as const;
const YEAR = { min: 1990, max: 2100 };
const REPORT_ID = /^rpt_[0-9][0-9A-Z]{3}_[0-9]{4}_(integrated|sustainability|environmental|csr)$/;

/** A securities code in a path: four characters, a digit then digits or letters (case-insensitive). */
export const companyPathSchema = z.object({
  code: coded(
    text()
      .check(rule<string>((v) => COMPANY_CODE.test(v.toUpperCase()), 'A securities code is 4 characters: a digit, then digits or letters (e.g. 7203, 130A).'))
      .transform((v) => v.toUpperCase()),
    'invalid_id',
    { description: 'Securities code: a digit, then three digits or letters (`7203`, `130A`; lower case accepted).', pattern: '^[0-9][0-9A-Za-z]{3}$', example: '7203' },
  ),
});

export const reportPathSchema = z.object({
  report_id: coded(
    text().check(rule<string>((v) => REPORT_ID.test(v), 'A report id looks like rpt_7203_2024_integrated: rpt_{code}_{publication year}_{type}.')),
    'invalid_id',
    { description: 'Report id: `rpt_{code}_{publication year}_{type}`.', pattern: REPORT_ID.source, example: 'rpt_7203_2024_integrated' },
  ),
});

const page = (max: number) => ({
  limit: coded(withDefault(wholeNumber(1, max), max), 'invalid_limit', { description: `Records per page, 1 to ${max}.` }),
  offset: coded(withDefault(wholeNumber(0, COMPANY_LIMITS.maxOffset), 0), 'invalid_offset', { description: 'Records to skip.' }),
});

const year = (name: string, description: string) =>
  coded(wholeNumber(YEAR.min, YEAR.max).optional(), `invalid_${name}`, { description: `${description}, ${YEAR.min} to ${YEAR.max}.` });

const reportType = coded(oneOf(REPORT_TYPES).optional(), 'invalid_type', { description: 'Only reports of this type.' });
const sbtStatus = coded(oneOf(SBT_STATUSES).optional(), 'invalid_sbt_status', { description: "Only records whose report stated this SBT status." });

/** An industry by TSE 33-sector code (`3700`, or `50` for `0050`) or its Japanese or English name, resolved by `resolve`. */
function industry(resolve: (value: string) => Industry | undefined) {
  return coded(
    text()
      .transform((value, ctx) => {
        const found = resolve(value);
        if (found) return found;
        ctx.issues.push({ code: 'custom', input: value, message: `"${value}" is not a TSE 33-sector code or name (Japanese or English).` });
        return z.NEVER;
      })
      .optional(),
    'invalid_industry',
    { description: 'A TSE 33-sector code (`3700`, or `50` for `0050`) or its Japanese or English name, case-insensitive.', example: '3700' },
  );
}

/** 4.3 GET /api/v1/companies/{code}/reports */
export const reportListQuerySchema = z.object({ ...page(COMPANY_LIMITS.reports), type: reportType, year: year('year', 'Only reports of this publication year') });

/** 4.4 GET /api/v1/companies/{code}/gx-metrics */
export const metricSeriesQuerySchema = z
  .object({
    year_from: year('year_from', 'First publication year'),
    year_to: year('year_to', 'Last publication year'),
    include_raw: coded(oneOf(['1', '0'], () => 'include_raw is 1 (add raw_extraction) or 0.').optional(), 'invalid_include_raw', {
      description: '`1` adds each record\'s `raw_extraction` (the full extraction JSON; heavy).',
    }),
  })
  .check(
    crossRule<{ year_from?: number; year_to?: number }>(['year_from', 'year_to'], 'year_to', (v) =>
      v.year_from !== undefined && v.year_to !== undefined && v.year_from > v.year_to
        ? { code: 'invalid_year_range', message: 'year_from must not be after year_to.' }
        : undefined,
    ),
  );

/** The queries that name an industry read the catalog of the 33 sectors; the document is rendered from the same shapes. */
export function industryQuerySchemas(resolve: (value: string) => Industry | undefined) {
  return {
    /** 4.1 GET /api/v1/companies */
    companyList: z.object({ ...page(COMPANY_LIMITS.companies), industry: industry(resolve) }),
    /** 4.6 GET /api/v1/gx-metrics */
    metricSearch: z.object({
      ...page(COMPANY_LIMITS.metrics),
      industry: industry(resolve),
      year: year('year', 'Only records of this publication year'),
      sbt_status: sbtStatus,
    }),
  };
}
