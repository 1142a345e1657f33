import type { ModuleDefinition } from '../../shared/runtime/module';
import { ApiKeyRepository } from './api-key.repository';
import { KeyVerifier } from './key-verifier';
import { databaseModule } from '../../shared/db/database.module';

export interface ApiKeys {
  repository: ApiKeyRepository;
  verifier: KeyVerifier;
}

/** The key store, shared by the gateway (verification) and events-keys (management). */
export const apiKeysModule: ModuleDefinition<ApiKeys> = {
  name: 'api-keys',
  dependsOn: ['database'],
  async init({ config, get }) {
    const repository = new ApiKeyRepository(get(databaseModule));
    return { value: { repository, verifier: new KeyVerifier(repository, config.apiKeys.prefix, config.apiKeys.cacheSeconds) } };
  },
};
