import type { Database } from '../../shared/db/database';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { CompanyRepository } from './company.repository';
import { companyRoutes } from './company.routes';
import { IndustryCatalog } from './industry-catalog';

/** Companies, reports, decarbonisation metrics and the cross-company search (spec 001 §2.1–2.3, §4.1–4.6). */
export const companyDataModule: ModuleDefinition<CompanyRepository> = {
  name: 'company-data',
  dependsOn: ['database'],
  serves: [{ door: 'api', paths: ['/api/v1/companies', '/api/v1/reports', '/api/v1/gx-metrics'], remoteUrl: (c) => c.services.companyDataUrl }],
  async init({ get }) {
    const db = get<Database>('database');
    const repository = new CompanyRepository(db);
    const industries = await IndustryCatalog.load(db);
    return { value: repository, routes: [{ door: 'api', router: companyRoutes({ repository, industries }) }] };
  },
};
