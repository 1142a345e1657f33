import { Router, type Response } from 'express';
import { notFound } from '../../shared/errors/problem';
import type { RawQuery } from '../../shared/http/query-params';
import type { CompanyRepository, JsonPage } from './company.repository';
import type { CompanySnapshot } from './company-snapshot';
import {
  parseCompanyCode,
  parseCompanyListParams,
  parseMetricSearchParams,
  parseMetricSeriesParams,
  parseReportId,
  parseReportListParams,
} from './company-params';
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
  const requireCompany = async (code: string) => {
    if (!(await repository.companyExists(code))) throw notFound(`No company with securities code ${code}.`);
  };

  router.get('/api/v1/companies', async (req, res) => {
    const p = parseCompanyListParams(req.query as RawQuery, industries);
    sendPage(res, snapshot.listCompanies({ industryCode: p.industry?.code, limit: p.limit, offset: p.offset }), p.limit, p.offset);
  });

  router.get('/api/v1/companies/:code', async (req, res) => {
    const code = parseCompanyCode(String(req.params.code));
    const company = await repository.getCompany(code);
    if (!company) throw notFound(`No company with securities code ${code}.`);
    sendJson(res, company);
  });

  router.get('/api/v1/companies/:code/reports', async (req, res) => {
    const code = parseCompanyCode(String(req.params.code));
    const p = parseReportListParams(req.query as RawQuery);
    await requireCompany(code);
    sendPage(res, await repository.listReports(code, p), p.limit, p.offset);
  });

  router.get('/api/v1/companies/:code/gx-metrics', async (req, res) => {
    const code = parseCompanyCode(String(req.params.code));
    const p = parseMetricSeriesParams(req.query as RawQuery);
    await requireCompany(code);
    const series = await repository.metricSeries(code, p);
    sendJson(res, `{"company_code":"${code}","data":${series.json},"count":${series.count}}`);
  });

  router.get('/api/v1/reports/:id', async (req, res) => {
    const id = parseReportId(String(req.params.id));
    const report = await repository.getReport(id);
    if (!report) throw notFound(`No report ${id}.`);
    sendJson(res, report);
  });

  router.get('/api/v1/gx-metrics', async (req, res) => {
    const p = parseMetricSearchParams(req.query as RawQuery, industries);
    sendPage(res, snapshot.searchMetrics({ industryCode: p.industry?.code, year: p.year, sbtStatus: p.sbtStatus, limit: p.limit, offset: p.offset }), p.limit, p.offset);
  });

  return router;
}
