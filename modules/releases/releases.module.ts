import { databaseModule } from '../../shared/db/database.module';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { createFrozenKeywordIndex } from '../keyword-index';
import { Releases } from './releases';

/**
 * The dataset releases this process answers with (`as_of`, `X-Dataset-Version`): started after the
 * papers (a first start's demo load is then the first release), before the services that read them.
 */
export const releasesModule: ModuleDefinition<Releases> = {
  name: 'releases',
  dependsOn: ['database', 'papers'],
  async init({ config, logger, get }) {
    const releases = new Releases(get(databaseModule), config.releases, (name, database) => createFrozenKeywordIndex(config, name, database), logger);
    await releases.start();
    return { value: releases, close: () => releases.close() };
  },
};
