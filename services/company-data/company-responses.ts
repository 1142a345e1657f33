import { z } from 'zod';
import { CDP_SCORES, REPORT_TYPES, SBT_STATUSES } from './company-inputs';

/**
 * The records company data answers with (spec 001 §2.1–2.3), as `company-read.sql.ts` builds them
 * in Postgres. The OpenAPI document shows these; the API tests hold live answers to them.
 */

const orNull = <T extends z.ZodType>(schema: T, description?: string) => schema.nullable().meta(description ? { description } : {});
const timestamp = (description: string) => z.string().meta({ format: 'date-time', description });
const date = (description: string) => orNull(z.string().meta({ format: 'date' }), description);
const year = z.int().min(1990).max(2100);
const tonnes = (description: string) => orNull(z.number().min(0), `${description}, t-CO2e.`);

const industry = z.object({ code: z.string().meta({ description: 'TSE 33-sector code.' }), name_ja: z.string(), name_en: z.string() }).meta({ id: 'Industry' });

export const companySummarySchema = z
  .object({
    code: z.string().meta({ description: 'Securities code.', example: '7203' }),
    name_ja: z.string(),
    name_en: orNull(z.string()),
    industry,
    market: orNull(z.enum(['Prime', 'Standard', 'Growth']), 'Market segment.'),
    is_foreign: z.boolean(),
    size_category: orNull(z.string()),
    sector17: orNull(z.object({ code: z.string(), name: orNull(z.string()) }), 'TOPIX-17 sector.'),
    sbt_status: z.enum(SBT_STATUSES).meta({ description: 'Current SBTi status mapped onto the four values of the specification.' }),
  })
  .meta({ id: 'CompanySummary' });

export const companySchema = companySummarySchema
  .extend({
    as_of: date('Date of the master record.'),
    sbt: orNull(
      z.object({
        status: z.enum(SBT_STATUSES),
        sbti_status: orNull(z.string()),
        sbti_classification: orNull(z.string()),
        near_term_target_year: orNull(z.int()),
        long_term_target_year: orNull(z.int()),
        net_zero_year: orNull(z.int()),
        source_updated: date('When SBTi last updated the record.'),
      }),
      'The SBTi record; null when the company has none.',
    ),
    coverage: z.object(Object.fromEntries(REPORT_TYPES.map((t) => [t, z.array(year)])) as Record<(typeof REPORT_TYPES)[number], z.ZodArray<typeof year>>).meta({
      description: 'Publication years held per report type.',
    }),
    metrics_years: z.array(year).meta({ description: 'Publication years with decarbonisation metrics.' }),
    updated_at: timestamp('Last change to the company record.'),
  })
  .meta({ id: 'Company' });

const reportFields = {
  id: z.string().meta({ example: 'rpt_7203_2024_integrated' }),
  company_code: z.string(),
  type: z.enum(REPORT_TYPES),
  publication_year: year,
  title: orNull(z.string()),
  source_url: orNull(z.string()),
  pdf_url: orNull(z.string()),
  updated_at: timestamp('Last change to the report record.'),
};

export const reportSummarySchema = z.object(reportFields).meta({ id: 'ReportSummary' });

export const reportSchema = z
  .object({
    ...reportFields,
    figures: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])).meta({ description: 'Figures extracted from the report by AI; verify against the PDF.' }),
    company: z.object({ code: z.string(), name_ja: z.string(), name_en: orNull(z.string()) }),
  })
  .meta({ id: 'Report' });

const metricFields = {
  company_code: z.string(),
  publication_year: year,
  scope1: tonnes('Scope 1 emissions'),
  scope2_location: tonnes('Scope 2 emissions, location-based'),
  scope2_market: tonnes('Scope 2 emissions, market-based'),
  scope3_total: tonnes('Scope 3 emissions'),
  scope3_categories: orNull(z.record(z.string(), z.number().min(0)), 'Scope 3 by GHG Protocol category (`"1"`…`"15"`).'),
  unit: z.literal('t-CO2e'),
  sbt_status: orNull(z.enum(SBT_STATUSES), "What that year's report said."),
  sbt_near_term_year: orNull(z.int()),
  sbt_net_zero_year: orNull(z.int()),
  tcfd_supporter: orNull(z.boolean()),
  cdp_score: orNull(z.enum(CDP_SCORES)),
  renewable_ratio: orNull(z.number().min(0).max(1), 'Share of renewable energy, 0 to 1.'),
  sources: z.record(z.string(), z.string()).meta({ description: 'Which report each figure came from: figure name → report id.' }),
  updated_at: timestamp('Last change to the record.'),
};

export const metricSchema = z
  .object({ ...metricFields, raw_extraction: orNull(z.record(z.string(), z.unknown()), 'The full AI extraction (only with include_raw=1).').optional() })
  .meta({ id: 'Metric' });

export const metricSearchRecordSchema = z
  .object({ company_name_ja: z.string(), company_name_en: orNull(z.string()), industry_code: z.string(), ...metricFields })
  .meta({ id: 'MetricSearchRecord' });

export const metricSeriesSchema = z.object({ company_code: z.string(), data: z.array(metricSchema), count: z.int().min(0) }).meta({ id: 'MetricSeries' });
