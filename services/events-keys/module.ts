import type { ModuleDefinition } from '../../shared/runtime/module';
import { LLMS_SECTIONS } from '../../shared/agents/llms-sections';
import { EVENT_TOOLS, eventsLlmsTxt } from './events.agents';
import { eventPaths } from './events.openapi';
import { keyPaths } from './keys.openapi';
import { adminKeyRoutes } from './admin-keys.routes';
import { ApiKeyService } from './api-key.service';
import { seedDemoEvents } from './demo-events';
import { EventRepository } from './event.repository';
import { IntelligenceEventService } from './event.service';
import { eventsRoutes } from './events.routes';
import { keyApplicationRoutes } from './key-application.routes';
import { apiKeysModule } from '../../modules/api-keys';
import { databaseModule } from '../../shared/db/database.module';

export interface EventsKeys {
  keys: ApiKeyService;
  events: IntelligenceEventService;
}

/** Key applications and management, and the intelligence-event index (spec 001 §2.5, §3, §4.8, §4.9). */
export const eventsKeysModule: ModuleDefinition<EventsKeys> = {
  name: 'events-keys',
  dependsOn: ['database', 'api-keys'],
  serves: [
    {
      door: 'api',
      paths: ['/api/keys/applications', '/api/v1/admin', '/api/v1/intelligence-events'],
      remoteUrl: (c) => c.services.eventsKeysUrl,
    },
  ],
  contributes: {
    api: {
      openApiPaths: () => ({ ...eventPaths(), ...keyPaths() }),
      openApiTags: [
        { name: 'Intelligence events', description: 'Spec 001 §4.8.' },
        { name: 'Keys', description: "Key applications (§4.9) and the operators' key management." },
      ],
      tools: EVENT_TOOLS,
      llmsTxt: () => ({ [LLMS_SECTIONS.apiEndpoints]: eventsLlmsTxt() }),
    },
  },
  async init({ config, logger, get }) {
    const keys = new ApiKeyService(get(apiKeysModule).repository, config.apiKeys.prefix);
    const events = new IntelligenceEventService(new EventRepository(get(databaseModule)));
    // On a first start, a few generated published events, so a new key's first list is not empty.
    if (config.demoData) await seedDemoEvents(events, logger);
    return {
      value: { keys, events },
      routes: [
        { door: 'api', router: keyApplicationRoutes(keys) },
        { door: 'api', router: adminKeyRoutes(keys) },
        { door: 'api', router: eventsRoutes({ service: events }) },
      ],
    };
  },
};
