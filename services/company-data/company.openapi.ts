import { apiOperation, listEnvelope } from '../../shared/openapi/data-api-operation';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { companyPathSchema, industryQuerySchemas, metricSeriesQuerySchema, reportListQuerySchema, reportPathSchema } from './company-params';
import { companySchema, companySummarySchema, metricSearchRecordSchema, metricSeriesSchema, reportSchema, reportSummarySchema } from './company-responses';

/** Spec 001 §4.1–4.6 in the data API's OpenAPI document, from the schemas the routes validate with. */
export function companyPaths(): ZodOpenApiPathsObject {
  // The document does not resolve industries; the routes give the same shapes the catalog.
  const industryQueries = industryQuerySchemas(() => undefined);
  const tags = ['Company data'];
  const badId = { invalid_id: 'the securities code is not a digit and three digits or letters' };
  const unknownCompany = { not_found: 'no company has this securities code' };
  return {
    '/api/v1/companies': {
      get: apiOperation({
        operationId: 'listCompanies',
        summary: 'Company master, ascending by securities code',
        tags,
        access: 'key',
        requestParams: { query: industryQueries.companyList },
        success: { status: 200, description: 'A page of companies.', schema: listEnvelope(companySummarySchema) },
        errors: { 400: { invalid_limit: 'limit is not 1 to 500', invalid_offset: 'offset is not a whole number from 0', invalid_industry: 'not a TSE 33-sector code or name' } },
      }),
    },
    '/api/v1/companies/{code}': {
      get: apiOperation({
        operationId: 'getCompany',
        summary: "One company's overview plus coverage per report type",
        tags,
        access: 'key',
        requestParams: { path: companyPathSchema },
        success: { status: 200, description: 'The company.', schema: companySchema },
        errors: { 400: badId, 404: unknownCompany },
      }),
    },
    '/api/v1/companies/{code}/reports': {
      get: apiOperation({
        operationId: 'listCompanyReports',
        summary: 'Collected reports of one company, newest first',
        tags,
        access: 'key',
        requestParams: { path: companyPathSchema, query: reportListQuerySchema },
        success: { status: 200, description: 'A page of reports.', schema: listEnvelope(reportSummarySchema) },
        errors: {
          400: { ...badId, invalid_limit: 'limit is not 1 to 100', invalid_offset: 'offset is not a whole number from 0', invalid_type: 'not a report type', invalid_year: 'year is not 1990 to 2100' },
          404: unknownCompany,
        },
      }),
    },
    '/api/v1/companies/{code}/gx-metrics': {
      get: apiOperation({
        operationId: 'getCompanyMetrics',
        summary: 'Decarbonisation time series of one company, by publication year',
        tags,
        access: 'key',
        requestParams: { path: companyPathSchema, query: metricSeriesQuerySchema },
        success: { status: 200, description: 'The metric series.', schema: metricSeriesSchema },
        errors: {
          400: {
            ...badId,
            invalid_year_from: 'year_from is not 1990 to 2100',
            invalid_year_to: 'year_to is not 1990 to 2100',
            invalid_year_range: 'year_from is after year_to',
            invalid_include_raw: 'include_raw is not 1 or 0',
          },
          404: unknownCompany,
        },
      }),
    },
    '/api/v1/reports/{report_id}': {
      get: apiOperation({
        operationId: 'getReport',
        summary: 'One report: metadata plus extracted figures',
        tags,
        access: 'key',
        requestParams: { path: reportPathSchema },
        success: { status: 200, description: 'The report.', schema: reportSchema },
        errors: { 400: { invalid_id: 'not of the form rpt_{code}_{year}_{type}' }, 404: { not_found: 'no report has this id' } },
      }),
    },
    '/api/v1/gx-metrics': {
      get: apiOperation({
        operationId: 'searchMetrics',
        summary: 'Cross-company metric search, by company then year',
        tags,
        access: 'key',
        requestParams: { query: industryQueries.metricSearch },
        success: { status: 200, description: 'A page of metric records.', schema: listEnvelope(metricSearchRecordSchema) },
        errors: {
          400: {
            invalid_limit: 'limit is not 1 to 1000',
            invalid_offset: 'offset is not a whole number from 0',
            invalid_industry: 'not a TSE 33-sector code or name',
            invalid_year: 'year is not 1990 to 2100',
            invalid_sbt_status: 'not one of 1.5C, WB2C, committed, none',
          },
        },
      }),
    },
  };
}
