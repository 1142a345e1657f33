import type { Database } from '../db/database';
import type { ModuleDefinition } from '../runtime/module';
import { ApiKeyRepository } from './api-key.repository';
import { KeyVerifier } from './key-verifier';

export interface ApiKeys {
  repository: ApiKeyRepository;
  verifier: KeyVerifier;
}

/** The key store, shared by the gateway (verification) and events-keys (management). */
export const apiKeysModule: ModuleDefinition<ApiKeys> = {
  name: 'api-keys',
  dependsOn: ['database'],
  async init({ config, get }) {
    const repository = new ApiKeyRepository(get<Database>('database'));
    return { value: { repository, verifier: new KeyVerifier(repository, config.apiKeys.prefix, config.apiKeys.cacheSeconds) } };
  },
};
