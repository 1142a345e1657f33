import { ApiKeyRepository } from '../../modules/api-keys/api-key.repository';
import type { Plan } from '../../modules/api-keys/api-key';
import type { Database } from '../../shared/db/database';
import { ApiKeyService } from '../../services/events-keys/api-key.service';

/** Issues keys the way operators do (`gx keys create`), for suites that need callers. */
export function testKeys(db: Database, prefix = 'gxk_') {
  const service = new ApiKeyService(new ApiKeyRepository(db), prefix);
  return {
    service,
    async create(plan: Plan, limits: { daily_limit?: number | null; monthly_limit?: number | null } = {}) {
      const { record, token } = await service.create({ plan, ...limits }, 'test');
      return { id: record.id, token, auth: `Bearer ${token}` };
    },
  };
}
