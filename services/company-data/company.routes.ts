import { Router, type Response } from 'express';
import { notFound } from '../../shared/errors/problem';
import { noQueryParams, parsePath, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import type { CompanyRepository, JsonPage } from './company.repository';
import type { CompanySnapshot } from './company-snapshot';
import { companyPathSchema, industryQuerySchemas, metricSeriesQuerySchema, reportListQuerySchema, reportPathSchema } from './company-params';
import type { IndustryCatalog } from './industry-catalog';

/** The project's one list envelope (DESIGN §5): `{ data, count, limit, offset, total }`. */
function sendPage(res: Response, page: JsonPage, limit: number, offset: number): void {
  res.type('application/json').send(`{"data":${page.json},"count":${page.count},"limit":${limit},"offset":${offset},"total":${page.total}}`);
}

const sendJson = (res: Response, json: string) => res.type('application/json').send(json);

/** Spec 001 §4.1–4.6, behind the data-API door (which authenticates and charges every request). */
export function companyRoutes(deps: { repository: CompanyRepository; snapshot: CompanySnapshot; industries: IndustryCatalog }): Router {
  const { repository, snapshot, industries } = deps;
  const router = Router();
  const queries = industryQuerySchemas((value) => industries.resolve(value));
  const codeOf = (params: object) => parsePath(companyPathSchema, params).code;
  const requireCompany = async (code: string) => {
    if (!(await repository.companyExists(code))) throw notFound(`No company with securities code ${code}.`);
  };

  router.get('/api/v1/companies', async (req, res) => {
    const p = parseQuery(queries.companyList, req.query as RawQuery);
    sendPage(res, snapshot.listCompanies({ industryCode: p.industry?.code, limit: p.limit, offset: p.offset }), p.limit, p.offset);
  });

  router.get('/api/v1/companies/:code', async (req, res) => {
    const code = codeOf(req.params);
    parseQuery(noQueryParams, req.query as RawQuery);
    const company = await repository.getCompany(code);
    if (!company) throw notFound(`No company with securities code ${code}.`);
    sendJson(res, company);
  });

  router.get('/api/v1/companies/:code/reports', async (req, res) => {
    const code = codeOf(req.params);
    const p = parseQuery(reportListQuerySchema, req.query as RawQuery);
    await requireCompany(code);
    sendPage(res, await repository.listReports(code, p), p.limit, p.offset);
  });

  router.get('/api/v1/companies/:code/gx-metrics', async (req, res) => {
    const code = codeOf(req.params);
    const p = parseQuery(metricSeriesQuerySchema, req.query as RawQuery);
    await requireCompany(code);
    const series = await repository.metricSeries(code, { yearFrom: p.year_from, yearTo: p.year_to, includeRaw: p.include_raw === '1' });
    sendJson(res, `{"company_code":"${code}","data":${series.json},"count":${series.count}}`);
  });

  router.get('/api/v1/reports/:id', async (req, res) => {
    const id = parsePath(reportPathSchema, { report_id: req.params.id }).report_id;
    parseQuery(noQueryParams, req.query as RawQuery);
    const report = await repository.getReport(id);
    if (!report) throw notFound(`No report ${id}.`);
    sendJson(res, report);
  });

  router.get('/api/v1/gx-metrics', async (req, res) => {
    const p = parseQuery(queries.metricSearch, req.query as RawQuery);
    sendPage(res, snapshot.searchMetrics({ industryCode: p.industry?.code, year: p.year, sbtStatus: p.sbt_status, limit: p.limit, offset: p.offset }), p.limit, p.offset);
  });

  return router;
}
