import type { Database } from '../../shared/db/database';
import type { Logger } from '../../shared/logging/logger';
import { recordsAsLines } from '../../shared/loading/json-lines';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { LLMS_SECTIONS } from '../../shared/agents/llms-sections';
import { COMPANY_TOOLS, companyLlmsTxt } from './company.agents';
import { companyPaths } from './company.openapi';
import { ChangeListener } from '../../shared/db/change-listener';
import { CompanyRepository } from './company.repository';
import { CompanySnapshot } from './company-snapshot';
import { companyRoutes } from './company.routes';
import { generateDemoCompanyData } from './demo/demo-companies';
import { IndustryCatalog } from './industry-catalog';
import { loadCompanies } from './loaders/company.loader';
import { loadMetrics } from './loaders/metric.loader';
import { loadReports } from './loaders/report.loader';
import { databaseModule } from '../../shared/db/database.module';

/** On a first start with no companies, the generated demo data (clearly marked) fills every endpoint. */
async function seedDemoData(db: Database, logger: Logger): Promise<void> {
  const t0 = Date.now();
  const demo = generateDemoCompanyData();
  const companies = await loadCompanies(recordsAsLines(demo.companies), db);
  const reports = await loadReports(recordsAsLines(demo.reports), db);
  const metrics = await loadMetrics(recordsAsLines(demo.metrics), db);
  logger.info(
    { companies: companies.inserted, reports: reports.inserted, metrics: metrics.inserted, ms: Date.now() - t0 },
    'loaded generated demo company data (DEMO_DATA=false to start empty)',
  );
}

/** Companies, reports, decarbonisation metrics and the cross-company search (spec 001 §2.1–2.3, §4.1–4.6). */
export const companyDataModule: ModuleDefinition<CompanyRepository> = {
  name: 'company-data',
  dependsOn: ['database'],
  serves: [{ door: 'api', paths: ['/api/v1/companies', '/api/v1/reports', '/api/v1/gx-metrics'], remoteUrl: (c) => c.services.companyDataUrl }],
  contributes: {
    api: {
      openApiPaths: companyPaths,
      openApiTags: [{ name: 'Company data', description: 'Spec 001 §4.1–4.6.' }],
      tools: COMPANY_TOOLS,
      llmsTxt: () => ({ [LLMS_SECTIONS.apiEndpoints]: companyLlmsTxt() }),
    },
  },
  async init({ config, logger, get }) {
    const db = get(databaseModule);
    const repository = new CompanyRepository(db);
    if (config.demoData && (await repository.countCompanies()) === 0) await seedDemoData(db, logger);
    const industries = await IndustryCatalog.load(db);
    const snapshot = new CompanySnapshot(db);
    await snapshot.refresh();
    const listener = new ChangeListener(db.url, { company_data_changed: () => snapshot.refresh() }, logger);
    await listener.start();
    return {
      value: repository,
      routes: [{ door: 'api', router: companyRoutes({ repository, snapshot, industries }) }],
      close: () => listener.stop(),
    };
  },
};
