/** The API-key module's public surface: key records and plans, their storage, verification, and the caller a gateway forwards. */
export * from './api-key';
export { ApiKeyRepository, type KeyListFilter, type NewKey } from './api-key.repository';
export { apiKeysModule, type ApiKeys } from './api-keys.module';
export * from './gateway-caller';
export { issueKey, newKeyId } from './key-token';
export { KeyVerifier } from './key-verifier';
