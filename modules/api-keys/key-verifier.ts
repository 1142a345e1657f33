import { LRUCache } from 'lru-cache';
import { ProblemError } from '../../shared/errors/problem';
import { asDatabaseProblem } from '../../shared/errors/database-unavailable';
import type { ApiCaller, ApiKeyRecord } from './api-key';
import type { ApiKeyRepository } from './api-key.repository';
import { hashKey, isWellFormedKey, sameHash } from './key-token';

export type VerifiedKey = ApiKeyRecord;

const unauthorized = (code: string, detail: string) =>
  new ProblemError(401, code, detail, {}, { 'WWW-Authenticate': `Bearer realm="gx-data-api", error="invalid_token"` });

/**
 * Checks a presented Bearer key: well-formed, known (looked up by its hash, compared in constant
 * time), approved, not expired. Verified records are cached for a few seconds in this process, so
 * a revoked or expired key stops working within that time on every replica.
 */
export class KeyVerifier {
  private readonly cache: LRUCache<string, { record: ApiKeyRecord; hash: Buffer }>;

  constructor(
    private readonly repository: ApiKeyRepository,
    private readonly prefix: string,
    cacheSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.cache = new LRUCache({ max: 10_000, ttl: Math.max(1, cacheSeconds) * 1000, ttlAutopurge: false });
    this.cacheEnabled = cacheSeconds > 0;
  }

  private readonly cacheEnabled: boolean;

  /** The caller of an Authorization header value, or a ProblemError with the spec's code. */
  async verify(authorization: string | undefined): Promise<{ caller: ApiCaller; record: ApiKeyRecord }> {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match) throw unauthorized('missing_bearer', 'Send the API key as "Authorization: Bearer <key>".');
    const token = match[1]!;
    if (!isWellFormedKey(token, this.prefix)) throw unauthorized('invalid_api_key', 'The API key is not recognised.');
    const hash = hashKey(token);
    const cacheKey = hash.toString('base64');
    let entry = this.cacheEnabled ? this.cache.get(cacheKey) : undefined;
    if (!entry) {
      // A key store that cannot be read is a 503 `database_unavailable` wherever keys are checked (the door's guard, `/mcp`).
      const found = await this.repository.findByHash(hash).catch((err: unknown) => {
        throw asDatabaseProblem(err);
      });
      if (!found) throw unauthorized('invalid_api_key', 'The API key is not recognised.');
      const { key_hash, ...record } = found;
      entry = { record, hash: key_hash };
      if (this.cacheEnabled) this.cache.set(cacheKey, entry);
    }
    if (!sameHash(entry.hash, hash)) throw unauthorized('invalid_api_key', 'The API key is not recognised.');
    const { record } = entry;
    if (record.status === 'pending') {
      throw new ProblemError(403, 'key_not_approved', 'This API key has not been approved yet; it will work once an operator approves the application.');
    }
    if (record.status === 'expired' || (record.expires_at !== null && Date.parse(record.expires_at) <= this.now().getTime())) {
      throw unauthorized('key_expired', 'This API key has expired; ask the operator to reissue it.');
    }
    if (record.status !== 'active') throw unauthorized('invalid_api_key', 'The API key is not recognised.');
    return { caller: { keyId: record.id, plan: record.plan, internal: record.plan === 'internal' }, record };
  }
}
