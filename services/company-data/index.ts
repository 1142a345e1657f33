/** The company-data service's public surface: its module, and the loaders `gx load` runs. */
export { companyDataModule } from './module';
export { loadCompanies } from './loaders/company.loader';
export { loadMetrics } from './loaders/metric.loader';
export { loadReports } from './loaders/report.loader';
export { loadSbtTargets } from './loaders/sbt.loader';
