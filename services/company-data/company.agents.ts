import { CHARGED_LIKE_HTTP, defineTool, outputOf, param, type AgentTool } from '../../shared/agents/agent-tool';
import { listEnvelope } from '../../shared/openapi/data-api-operation';
import { companySchema, companySummarySchema, metricSearchRecordSchema, metricSeriesSchema, reportSchema, reportSummarySchema } from './company-responses';
import { REPORT_TYPES, SBT_STATUSES } from './company-inputs';
import { COMPANY_LIMITS } from './company-params';

const seg = encodeURIComponent;
const list = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(', ');
const n = (value: number) => value.toLocaleString('en-US');

const code = param.text({ description: 'Securities code: 4 characters, a digit then digits or capital letters (e.g. 7203, 130A).', minLength: 4, maxLength: 4 });
const offset = (max: number) => param.optionalInteger({ description: 'Records to skip.', minimum: 0, maximum: max, default: 0 });
const industry = param.optionalText({ description: 'TSE 33-sector industry code (e.g. 3700, or 50 for 0050) or its Japanese or English name, case-insensitive.' });
const year = (description: string) => param.optionalInteger({ description, minimum: 1990, maximum: 2100 });

/** The company-data reads of spec 001 §4.1–4.6 as MCP tools of the data-API door. */
export const COMPANY_TOOLS: readonly AgentTool[] = [
  defineTool({
    name: 'listCompanies',
    title: 'List companies',
    description: `Companies of the TSE Prime market, ascending by securities code (GET /api/v1/companies). Answers { data, count, limit, offset, total }. ${CHARGED_LIKE_HTTP}`,
    input: {
      industry,
      limit: param.optionalInteger({ description: 'Companies per page.', minimum: 1, maximum: COMPANY_LIMITS.companies, default: COMPANY_LIMITS.companies }),
      offset: offset(COMPANY_LIMITS.maxOffset),
    },
    output: listEnvelope(companySummarySchema),
    request: ({ industry, limit, offset }) => ({ path: '/api/v1/companies', query: { industry, limit, offset } }),
  }),
  defineTool({
    name: 'getCompany',
    title: 'Get one company',
    description: `One company's overview, industry, SBTi status and report coverage (GET /api/v1/companies/{code}). Unknown code: not_found; malformed: invalid_id. ${CHARGED_LIKE_HTTP}`,
    input: { code },
    output: outputOf(companySchema),
    request: ({ code }) => ({ path: `/api/v1/companies/${seg(code)}` }),
  }),
  defineTool({
    name: 'listCompanyReports',
    title: "List a company's sustainability reports",
    description: `A company's collected reports (integrated, sustainability, environmental, CSR), newest first (GET /api/v1/companies/{code}/reports). ${CHARGED_LIKE_HTTP}`,
    input: {
      code,
      type: param.optionalText({ description: 'Report type.', enum: REPORT_TYPES }),
      year: year('Publication year.'),
      limit: param.optionalInteger({ description: 'Reports per page.', minimum: 1, maximum: COMPANY_LIMITS.reports, default: COMPANY_LIMITS.reports }),
      offset: offset(COMPANY_LIMITS.maxOffset),
    },
    output: listEnvelope(reportSummarySchema),
    request: ({ code, type, year, limit, offset }) => ({ path: `/api/v1/companies/${seg(code)}/reports`, query: { type, year, limit, offset } }),
  }),
  defineTool({
    name: 'getReport',
    title: 'Get one report',
    description: `One report's metadata and AI-extracted figures (GET /api/v1/reports/{report_id}); verify figures against the source PDF before citing. ${CHARGED_LIKE_HTTP}`,
    input: {
      report_id: param.text({ description: 'Report id: rpt_{code}_{publication year}_{type}, e.g. rpt_7203_2024_integrated.', pattern: '^rpt_[0-9][0-9A-Z]{3}_[0-9]{4}_(integrated|sustainability|environmental|csr)$' }),
    },
    output: outputOf(reportSchema),
    request: ({ report_id }) => ({ path: `/api/v1/reports/${seg(report_id)}` }),
  }),
  defineTool({
    name: 'getCompanyGxMetrics',
    title: "Get a company's decarbonisation metrics",
    description: `A company's metric series by publication year: Scope 1/2/3 (t-CO2e), SBT status, TCFD, CDP, renewable ratio (GET /api/v1/companies/{code}/gx-metrics). ${CHARGED_LIKE_HTTP}`,
    input: {
      code,
      year_from: year('First publication year (inclusive).'),
      year_to: year('Last publication year (inclusive).'),
      include_raw: param.optionalBoolean({ description: 'true adds raw_extraction, the full AI extraction JSON (heavy).', default: false }),
    },
    output: outputOf(metricSeriesSchema),
    request: ({ code, year_from, year_to, include_raw }) => ({
      path: `/api/v1/companies/${seg(code)}/gx-metrics`,
      query: { year_from, year_to, include_raw: include_raw === undefined ? undefined : include_raw ? '1' : '0' },
    }),
  }),
  defineTool({
    name: 'searchGxMetrics',
    title: 'Search metrics across companies',
    description: `Metric records across companies, by company then year (GET /api/v1/gx-metrics). Answers { data, count, limit, offset, total }. ${CHARGED_LIKE_HTTP}`,
    input: {
      industry,
      year: year('Publication year.'),
      sbt_status: param.optionalText({ description: 'SBT status of that year’s report.', enum: SBT_STATUSES }),
      limit: param.optionalInteger({ description: 'Records per page.', minimum: 1, maximum: COMPANY_LIMITS.metrics, default: COMPANY_LIMITS.metrics }),
      offset: offset(COMPANY_LIMITS.maxOffset),
    },
    output: listEnvelope(metricSearchRecordSchema),
    request: ({ industry, year, sbt_status, limit, offset }) => ({ path: '/api/v1/gx-metrics', query: { industry, year, sbt_status, limit, offset } }),
  }),
];

/** The data-API llms.txt's lines for these endpoints (section "Endpoints"). */
export const companyLlmsTxt = (): string[] => [
    `- [Companies](/api/v1/companies): \`industry\` (TSE 33-sector code or name), \`limit\` 1 to ${COMPANY_LIMITS.companies} (default ${COMPANY_LIMITS.companies}), \`offset\`. Answers \`{ data, count, limit, offset, total }\`.`,
    '- [One company](/api/v1/companies/{code}): overview, industry, SBTi status, report coverage. A code is 4 characters: a digit, then digits or capital letters.',
    `- [A company's reports](/api/v1/companies/{code}/reports): \`type\` one of ${list(REPORT_TYPES)}, \`year\`, \`limit\` 1 to ${COMPANY_LIMITS.reports}, \`offset\`.`,
    '- [One report](/api/v1/reports/{report_id}): metadata and extracted figures; ids look like `rpt_7203_2024_integrated`.',
    "- [A company's metrics](/api/v1/companies/{code}/gx-metrics): `year_from`, `year_to`, `include_raw=1` (adds the full extraction JSON).",
    `- [Metrics across companies](/api/v1/gx-metrics): \`industry\`, \`year\`, \`sbt_status\` one of ${list(SBT_STATUSES)}, \`limit\` 1 to ${n(COMPANY_LIMITS.metrics)} (default ${n(COMPANY_LIMITS.metrics)}), \`offset\`.`,
];
