import { generateDemoPapers } from './demo/demo-papers';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { loadPapers, recordsAsLines } from './paper-loader';
import { PaperRepository } from './paper.repository';
import { databaseModule } from '../../shared/db/database.module';

/** The papers store. On a first start with an empty corpus it loads the generated demo corpus (DEMO_DATA). */
export const papersModule: ModuleDefinition<PaperRepository> = {
  name: 'papers',
  dependsOn: ['database'],
  async init({ config, logger, get }) {
    const repository = new PaperRepository(get(databaseModule));
    if (config.demoData && (await repository.count()) === 0) {
      const t0 = Date.now();
      const report = await loadPapers(recordsAsLines(generateDemoPapers()), repository);
      logger.info({ inserted: report.inserted, ms: Date.now() - t0 }, 'loaded the generated demo corpus (DEMO_DATA=false to start empty)');
    }
    return { value: repository };
  },
};
