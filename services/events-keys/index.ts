import type { Database } from '../../shared/db/database';
import { EventRepository } from './event.repository';
import { IntelligenceEventService } from './event.service';

/** The events-keys service's public surface: its module, key management for `gx keys`, and event publishing for ingest. */
export { eventsKeysModule } from './module';
export { ApiKeyService, type KeyAction, type Limits } from './api-key.service';

/** The intelligence-event index on a database, for a writer in another process (ingest publishes `paper.published`). */
export const createEventService = (db: Database): IntelligenceEventService => new IntelligenceEventService(new EventRepository(db));
