import fs from 'node:fs';
import request from 'supertest';
import { readJsonLines } from '../../shared/loading/json-lines';
import { recordsAsLines } from '../../modules/papers/paper-loader';
import { generateDemoCompanyData } from '../../services/company-data/demo/demo-companies';
import { loadCompanies } from '../../services/company-data/loaders/company.loader';
import { loadMetrics } from '../../services/company-data/loaders/metric.loader';
import { loadReports } from '../../services/company-data/loaders/report.loader';
import { loadSbtTargets } from '../../services/company-data/loaders/sbt.loader';
import { describeWithReferenceData, referenceFile } from '../support/reference-data';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';

type FileCompany = { code: string; name_ja: string; industry_code: string; industry_name: string };

/**
 * Company data through the gateway, on the real TSE master (the reference data's companies.jsonl) and SBTi
 * file, plus generated demo reports and metrics (codes starting with 0, so they never collide).
 */
describeWithReferenceData('company data API on real companies', ['companies.jsonl', 'sbt_targets.jsonl'], () => {
  let database: TestDatabase;
  let app: TestProcess;
  let auth: string;
  let fileCompanies: FileCompany[];
  let demo: ReturnType<typeof generateDemoCompanyData>;
  const get = (p: string, query: Record<string, string> = {}) => request(app.apiUrl!).get(p).query(query).set('Authorization', auth);

  beforeAll(async () => {
    database = await createTestDatabase();
    // The file's two five-character lines are preferred shares of companies listed on their own lines.
    fileCompanies = fs.readFileSync(referenceFile('companies.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as FileCompany).filter((c) => c.code.length === 4);
    await loadCompanies(readJsonLines(referenceFile('companies.jsonl')), database.db);
    await loadSbtTargets(readJsonLines(referenceFile('sbt_targets.jsonl')), database.db);
    demo = generateDemoCompanyData({ companies: 30, years: 10 });
    await loadCompanies(recordsAsLines(demo.companies), database.db);
    await loadReports(recordsAsLines(demo.reports), database.db);
    await loadMetrics(recordsAsLines(demo.metrics), database.db);
    auth = (await testKeys(database.db).create('internal')).auth;
    app = await startTestProcess({ DATABASE_URL: database.url, PLAN_BURST_PER_SECOND: 'internal=100000,researcher=100000' });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  describe('4.1 companies', () => {
    it('lists 500 by default, ascending by securities code, with the list envelope and total', async () => {
      const res = await get('/api/v1/companies').expect(200);
      const allCodes = [...fileCompanies.map((c) => c.code), ...demo.companies.map((c) => c.code)].sort();
      expect(res.body).toMatchObject({ count: 500, limit: 500, offset: 0, total: allCodes.length });
      expect(res.body.data.map((c: { code: string }) => c.code)).toEqual(allCodes.slice(0, 500));
      expect(res.headers['x-dataset-version']).toBe('v0.3-2026Q3');
    });

    it('pages across the whole list without gaps or repeats', async () => {
      const seen: string[] = [];
      for (let offset = 0; ; offset += 500) {
        const res = await get('/api/v1/companies', { offset: String(offset) }).expect(200);
        seen.push(...res.body.data.map((c: { code: string }) => c.code));
        if (res.body.count < 500) break;
      }
      const fileCodes = fileCompanies.map((c) => c.code);
      expect(seen).toEqual([...new Set(seen)]);
      expect(new Set(seen)).toEqual(new Set([...fileCodes, ...demo.companies.map((c) => c.code)]));
      expect(seen.indexOf('1301')).toBeLessThan(seen.indexOf('130A')); // codes sort as written
    });

    it('filters by industry code, Japanese name or English name, with the file\'s counts', async () => {
      const realIn = (code: string) => fileCompanies.filter((c) => c.industry_code.padStart(4, '0') === code).length;
      const demoIn = (code: string) => demo.companies.filter((c) => c.industry_code.padStart(4, '0') === code).length;
      for (const [value, code] of [['3700', '3700'], ['輸送用機器', '3700'], ['transportation equipment', '3700'], ['50', '0050'], ['Banks', '7050']] as const) {
        const res = await get('/api/v1/companies', { industry: value }).expect(200);
        expect(res.body.total).toBe(realIn(code) + demoIn(code));
        expect(res.body.data.every((c: { industry: { code: string } }) => c.industry.code === code)).toBe(true);
      }
      expect((await get('/api/v1/companies', { industry: 'shipbuilding' }).expect(400)).body.code).toBe('invalid_industry');
    });

    it.each([[{ limit: '0' }, 'invalid_limit'], [{ limit: '501' }, 'invalid_limit'], [{ offset: '-1' }, 'invalid_offset'], [{ limit: 'x' }, 'invalid_limit']])('rejects %j with %s', async (query, code) => {
      expect((await get('/api/v1/companies', query).expect(400)).body.code).toBe(code);
    });
  });

  describe('4.2 one company', () => {
    it('gives the overview, SBTi status and coverage; codes with letters and lower case work', async () => {
      const toyota = (await get('/api/v1/companies/7203').expect(200)).body;
      const file = fileCompanies.find((c) => c.code === '7203')!;
      expect(toyota).toMatchObject({ code: '7203', name_ja: file.name_ja, industry: { code: '3700', name_en: 'Transportation Equipment' } });
      expect(Object.keys(toyota.coverage)).toEqual(['integrated', 'sustainability', 'environmental', 'csr']);
      const letters = (await get('/api/v1/companies/130a').expect(200)).body;
      expect(letters.code).toBe('130A');
    });

    it('reports the SBT status of known companies as the SBTi file says', async () => {
      const sekisui = (await get('/api/v1/companies/1928').expect(200)).body;
      expect(sekisui.sbt_status).toBe('1.5C');
      expect(sekisui.sbt).toMatchObject({ status: '1.5C', sbti_status: 'Targets set', near_term_target_year: 2030 });
      const unknown = fileCompanies.find((c) => c.code === '1301')!;
      expect((await get(`/api/v1/companies/${unknown.code}`).expect(200)).body.sbt_status).toBe('none');
      const listed = await get('/api/v1/companies', { industry: '2050' }).expect(200);
      expect(listed.body.data.find((c: { code: string }) => c.code === '1928').sbt_status).toBe('1.5C');
    });

    it('404 not_found for an unknown code, 400 invalid_id for a malformed one', async () => {
      expect((await get('/api/v1/companies/9998').expect(404)).body.code).toBe('not_found');
      for (const bad of ['72030', 'ABCD', '7-03']) expect((await get(`/api/v1/companies/${bad}`).expect(400)).body.code).toBe('invalid_id');
    });
  });

  describe('4.3–4.5 reports and metric series', () => {
    const company = () => demo.companies[0]!.code;

    it('lists a company\'s reports, newest first, filtered by type and year', async () => {
      const expected = demo.reports.filter((r) => r.company_code === company());
      const all = await get(`/api/v1/companies/${company()}/reports`).expect(200);
      expect(all.body.total).toBe(expected.length);
      const years = all.body.data.map((r: { publication_year: number }) => r.publication_year);
      expect(years).toEqual([...years].sort((a, b) => b - a));
      const integrated = await get(`/api/v1/companies/${company()}/reports`, { type: 'integrated', year: '2024' }).expect(200);
      expect(integrated.body.total).toBe(expected.filter((r) => r.type === 'integrated' && r.publication_year === 2024).length);
      expect((await get(`/api/v1/companies/${company()}/reports`, { type: 'annual' }).expect(400)).body.code).toBe('invalid_type');
      expect((await get('/api/v1/companies/9998/reports').expect(404)).body.code).toBe('not_found');
    });

    it('returns one report with its figures; 400 invalid_id and 404 not_found otherwise', async () => {
      const report = demo.reports[0]!;
      const id = `rpt_${report.company_code}_${report.publication_year}_${report.type}`;
      const res = await get(`/api/v1/reports/${id}`).expect(200);
      expect(res.body).toMatchObject({ id, type: report.type, figures: report.figures, company: { code: report.company_code } });
      expect((await get('/api/v1/reports/report-1').expect(400)).body.code).toBe('invalid_id');
      expect((await get('/api/v1/reports/rpt_9998_2024_integrated').expect(404)).body.code).toBe('not_found');
    });

    it('gives a metric series by year range, with raw_extraction only on request', async () => {
      const series = await get(`/api/v1/companies/${company()}/gx-metrics`, { year_from: '2018', year_to: '2021' }).expect(200);
      expect(series.body.data.map((m: { publication_year: number }) => m.publication_year)).toEqual([2018, 2019, 2020, 2021]);
      expect(series.body.data[0]).not.toHaveProperty('raw_extraction');
      const raw = await get(`/api/v1/companies/${company()}/gx-metrics`, { include_raw: '1' }).expect(200);
      expect(raw.body.data.every((m: object) => 'raw_extraction' in m)).toBe(true);
      expect((await get(`/api/v1/companies/${company()}/gx-metrics`, { year_from: '2022', year_to: '2019' }).expect(400)).body.code).toBe('invalid_year_range');
      expect((await get(`/api/v1/companies/${company()}/gx-metrics`, { include_raw: 'yes' }).expect(400)).body.code).toBe('invalid_include_raw');
    });
  });

  describe('4.6 cross-company metric search', () => {
    it('filters by year, SBT status and industry, ordered by company then year', async () => {
      for (const status of ['1.5C', 'WB2C', 'committed', 'none'] as const) {
        const res = await get('/api/v1/gx-metrics', { year: '2024', sbt_status: status }).expect(200);
        const expected = demo.metrics.filter((m) => m.publication_year === 2024 && m.sbt_status === status).map((m) => m.company_code).sort();
        expect(res.body.total).toBe(expected.length);
        expect(res.body.data.map((m: { company_code: string }) => m.company_code)).toEqual(expected);
      }
      const code = demo.companies[0]!.industry_code.padStart(4, '0');
      const byIndustry = await get('/api/v1/gx-metrics', { industry: code }).expect(200);
      const inIndustry = new Set(demo.companies.filter((c) => c.industry_code.padStart(4, '0') === code).map((c) => c.code));
      expect(byIndustry.body.total).toBe(demo.metrics.filter((m) => inIndustry.has(m.company_code)).length);
    });

    it('answers at most 1,000 records a request and pages through the rest', async () => {
      const first = await get('/api/v1/gx-metrics').expect(200);
      expect(first.body).toMatchObject({ count: Math.min(1000, demo.metrics.length), limit: 1000, total: demo.metrics.length });
      const second = await get('/api/v1/gx-metrics', { limit: '100', offset: '100' }).expect(200);
      expect(second.body.data[0]).toEqual(first.body.data[100]);
      expect((await get('/api/v1/gx-metrics', { limit: '1001' }).expect(400)).body.code).toBe('invalid_limit');
      expect((await get('/api/v1/gx-metrics', { sbt_status: '2C' }).expect(400)).body.code).toBe('invalid_sbt_status');
      expect((await get('/api/v1/gx-metrics', { year: '20x4' }).expect(400)).body.code).toBe('invalid_year');
    });

    it('follows a load made while the server runs, within seconds', async () => {
      const before = (await get('/api/v1/gx-metrics', { year: '2030' }).expect(200)).body.total;
      expect(before).toBe(0);
      const code = demo.companies[1]!.code;
      await loadMetrics(recordsAsLines([{ company_code: code, publication_year: 2030, scope1: 1, sbt_status: '1.5C' }]), database.db);
      const total = await waitFor('the server to see the new metric', async () => {
        const n: number = (await get('/api/v1/gx-metrics', { year: '2030' }).expect(200)).body.total;
        return n > 0 && n;
      });
      expect(total).toBe(1);
      await database.db.query('DELETE FROM gx_metrics WHERE publication_year = 2030');
    });

    it('charges every request to the key and reports it', async () => {
      const researcher = (await testKeys(database.db).create('researcher')).auth;
      const res = await request(app.apiUrl!).get('/api/v1/gx-metrics').set('Authorization', researcher).expect(200);
      expect(res.headers['x-ratelimit-remaining-month']).toBe('9999');
      await request(app.apiUrl!).get('/api/v1/companies').expect(401);
    });
  });
});

describe('company data on a first start', () => {
  it('answers every endpoint from the generated demo data (DEMO_DATA)', async () => {
    const database = await createTestDatabase({ migrate: false });
    const app = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true' });
    try {
      const auth = (await testKeys(database.db).create('researcher')).auth;
      const get = (p: string) => request(app.apiUrl!).get(p).set('Authorization', auth).expect(200);
      const companies = (await get('/api/v1/companies')).body;
      expect(companies.total).toBeGreaterThanOrEqual(100);
      expect(companies.data.every((c: { name_en: string }) => c.name_en.endsWith('(demo)'))).toBe(true);
      const code = companies.data[0].code;
      expect((await get(`/api/v1/companies/${code}/gx-metrics`)).body.count).toBeGreaterThan(0);
      const reports = (await get(`/api/v1/companies/${code}/reports`)).body;
      expect(reports.count).toBeGreaterThan(0);
      await get(`/api/v1/reports/${reports.data[0].id}`);
      expect((await get('/api/v1/gx-metrics?sbt_status=1.5C')).body.total).toBeGreaterThan(0);
    } finally {
      await app.stop();
      await database.drop();
    }
  });
});
