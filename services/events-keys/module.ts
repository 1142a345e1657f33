import type { ApiKeys } from '../../shared/api-keys/api-keys.module';
import type { Database } from '../../shared/db/database';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { adminKeyRoutes } from './admin-keys.routes';
import { ApiKeyService } from './api-key.service';
import { EventRepository } from './event.repository';
import { IntelligenceEventService } from './event.service';
import { eventsRoutes } from './events.routes';
import { keyApplicationRoutes } from './key-application.routes';

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
  async init({ config, get }) {
    const keys = new ApiKeyService(get<ApiKeys>('api-keys').repository, config.apiKeys.prefix);
    const events = new IntelligenceEventService(new EventRepository(get<Database>('database')));
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
