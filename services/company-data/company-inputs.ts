import { z } from 'zod';

/**
 * The lines of the company-data JSON Lines files (`gx load companies|sbt|reports|metrics`) and of the
 * generated demo data. Fields as in the reference data's `companies.jsonl` and `sbt_targets.jsonl`.
 */

export const REPORT_TYPES = ['integrated', 'sustainability', 'environmental', 'csr'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const SBT_STATUSES = ['1.5C', 'WB2C', 'committed', 'none'] as const;
export type SbtStatus = (typeof SBT_STATUSES)[number];
export const CDP_SCORES = ['A', 'A-', 'B', 'B-', 'C', 'C-', 'D', 'D-', 'F'] as const;

export const COMPANY_CODE = /^[0-9][0-9A-Z]{3}$/;
const code = z.string().trim().toUpperCase().regex(COMPANY_CODE, 'a securities code is 4 characters: a digit, then digits or capital letters');
const text = z.string().trim().min(1).nullish().transform((v) => v ?? null);
const year = z.number().int().min(1990).max(2100);
const amount = z.number().finite().min(0).nullish().transform((v) => v ?? null);

/** `companies.jsonl`: the JPX listed-issues master. `industry_code` may lack its leading zero (`50` = `0050`). */
export const companyInputSchema = z.object({
  code,
  name_ja: z.string().trim().min(1),
  name_en: text,
  industry_code: z.string().trim().regex(/^[0-9]{1,4}$/).transform((v) => v.padStart(4, '0')),
  industry_name: text,
  market: z.enum(['Prime', 'Standard', 'Growth']).nullish().transform((v) => v ?? null),
  foreign: z.boolean().nullish().transform((v) => v ?? false),
  sector17_code: z.union([z.string(), z.number()]).nullish().transform((v) => (v == null ? null : String(v))),
  sector17_name: text,
  size_category: text,
  as_of: z.iso.date().nullish().transform((v) => v ?? null),
  source: text,
});
export type CompanyInput = z.input<typeof companyInputSchema>;

/** `sbt_targets.jsonl`: one SBTi Companies-Taking-Action row; rows without `tse_code` are skipped. */
export const sbtInputSchema = z.object({
  sbti_id: z.union([z.string(), z.number()]).nullish().transform((v) => (v == null ? null : String(v))),
  tse_code: code.nullish().transform((v) => v ?? null),
  company_name: text,
  near_term_status: text,
  near_term_target_classification: text,
  near_term_target_year: text,
  long_term_target_year: text,
  net_zero_year: text,
  date_updated: z.string().nullish().transform((v) => v ?? null),
});
export type SbtInput = z.input<typeof sbtInputSchema>;

/** A collected report. Its id is derived: `rpt_{code}_{publication_year}_{type}`. */
export const reportInputSchema = z.object({
  company_code: code,
  type: z.enum(REPORT_TYPES),
  publication_year: year,
  title: text,
  source_url: z.url({ protocol: /^https?$/ }).nullish().transform((v) => v ?? null),
  pdf_url: z.url({ protocol: /^https?$/ }).nullish().transform((v) => v ?? null),
  /** Figures extracted from the report (a flat object of numbers, strings or booleans). */
  figures: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])).nullish().transform((v) => v ?? {}),
  source: text,
});
export type ReportInput = z.input<typeof reportInputSchema>;

export const reportIdOf = (r: { company_code: string; publication_year: number; type: ReportType }) =>
  `rpt_${r.company_code}_${r.publication_year}_${r.type}`;

/** Decarbonisation metrics of one company and publication year. Emissions in t-CO2e. */
export const metricInputSchema = z.object({
  company_code: code,
  publication_year: year,
  scope1: amount,
  scope2_location: amount,
  scope2_market: amount,
  scope3_total: amount,
  /** Scope 3 by GHG Protocol category, `"1"`…`"15"`. */
  scope3_categories: z.record(z.string().regex(/^(?:[1-9]|1[0-5])$/), z.number().finite().min(0)).nullish().transform((v) => v ?? null),
  unit: z.literal('t-CO2e').nullish().transform(() => 't-CO2e' as const),
  sbt_status: z.enum(SBT_STATUSES).nullish().transform((v) => v ?? null),
  sbt_near_term_year: year.nullish().transform((v) => v ?? null),
  sbt_net_zero_year: year.nullish().transform((v) => v ?? null),
  tcfd_supporter: z.boolean().nullish().transform((v) => v ?? null),
  cdp_score: z.enum(CDP_SCORES).nullish().transform((v) => v ?? null),
  /** Share of renewable energy, 0 to 1. */
  renewable_ratio: z.number().min(0).max(1).nullish().transform((v) => v ?? null),
  /** Which report each figure came from: figure name → report id. */
  sources: z.record(z.string(), z.string().regex(/^rpt_[0-9][0-9A-Z]{3}_[0-9]{4}_(integrated|sustainability|environmental|csr)$/)).nullish().transform((v) => v ?? {}),
  /** The full JSON of the AI extraction (returned only with include_raw=1). */
  raw_extraction: z.record(z.string(), z.unknown()).nullish().transform((v) => v ?? null),
  source: text,
});
export type MetricInput = z.input<typeof metricInputSchema>;
