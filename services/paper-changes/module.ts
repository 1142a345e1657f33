import { LLMS_SECTIONS } from '../../shared/agents/llms-sections';
import { databaseModule } from '../../shared/db/database.module';
import { releasesApiPaths, releasesModule, releasesRoutes, RELEASES_PATH } from '../../modules/releases';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { PaperChangeLog, papersModule } from '../../modules/papers';
import { ChangeLogPruner } from './change-log-pruner';
import { PaperChangeFeed } from './paper-change-feed';
import { PAPER_CHANGE_TOOLS, paperChangesLlmsTxt } from './paper-changes.agents';
import { CHANGES_TAG, paperChangesPaths } from './paper-changes.openapi';
import { CHANGES_PATH, paperChangesRoutes } from './paper-changes.routes';

/**
 * The papers' change feed on the data API (`GET /api/v1/papers/changes`), read from the change log,
 * and the log's retention (PAPER_CHANGES_RETENTION_DAYS), applied in the background. It runs beside
 * the data API's paper search (target `semantic-search`), so no deployment changes.
 */
export const paperChangesModule: ModuleDefinition<PaperChangeFeed> = {
  name: 'paper-changes',
  dependsOn: ['database', 'papers', 'releases'],
  serves: [{ door: 'api', paths: [CHANGES_PATH, RELEASES_PATH], remoteUrl: (c) => c.services.semanticSearchUrl }],
  contributes: {
    api: {
      openApiPaths: () => ({ ...paperChangesPaths(), ...releasesApiPaths() }),
      openApiTags: [CHANGES_TAG],
      tools: PAPER_CHANGE_TOOLS,
      llmsTxt: (config) => ({ [LLMS_SECTIONS.apiEndpoints]: paperChangesLlmsTxt(config) }),
    },
  },
  async init({ config, logger, get }) {
    const log = new PaperChangeLog(get(databaseModule));
    const feed = new PaperChangeFeed(log, get(papersModule), config.paperChanges.retentionDays);
    const pruner = new ChangeLogPruner(log, config.paperChanges.retentionDays, logger);
    pruner.start();
    return {
      value: feed,
      routes: [
        { door: 'api', router: paperChangesRoutes(feed) },
        { door: 'api', router: releasesRoutes(get(releasesModule)) },
      ],
      close: () => pruner.stop(),
    };
  },
};
