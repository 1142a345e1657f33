import type { PoolClient } from 'pg';
import { type ApiKeyRecord, type ApiKeyRepository, issueKey, type KeyListFilter, type KeyStatus, newKeyId, type Plan, PLANS } from '../../modules/api-keys';
import { badRequest, notFound, ProblemError } from '../../shared/errors/problem';
import type { KeyApplication } from './key-application';

/** How long a pending application blocks another from the same e-mail address. */
export const PENDING_APPLICATION_DAYS = 30;
const KEY_ID = /^key_[A-Za-z0-9_-]{12}$/;

export type KeyAction = 'approve' | 'reject' | 'revoke' | 'expire' | 'reissue';

/** Which states each operator action may start from, and where it leads (reissue keeps the state). */
const TRANSITIONS: Record<KeyAction, { from: KeyStatus[]; to?: KeyStatus }> = {
  approve: { from: ['pending'], to: 'active' },
  reject: { from: ['pending'], to: 'rejected' },
  revoke: { from: ['pending', 'active'], to: 'revoked' },
  expire: { from: ['active'], to: 'expired' },
  reissue: { from: ['pending', 'active'] },
};

export interface Limits {
  daily_limit?: number | null;
  monthly_limit?: number | null;
}

/** Key management: applications, operator actions (each recorded: who, what, when), limits. */
export class ApiKeyService {
  constructor(
    private readonly repository: ApiKeyRepository,
    private readonly prefix: string,
  ) {}

  /** A new key for an applicant: Researcher plan, pending until an operator approves it. */
  async apply(application: KeyApplication): Promise<{ record: ApiKeyRecord; token: string }> {
    return this.repository.transaction(async (client) => {
      // Serialise applications from one address, so two at once cannot both pass the duplicate check.
      await client.query('SELECT pg_advisory_xact_lock(hashtext(lower($1)))', [application.email]);
      if (await this.repository.hasRecentPendingApplication(application.email, PENDING_APPLICATION_DAYS, client)) {
        throw new ProblemError(409, 'duplicate_pending_application', `An application from this e-mail address is already pending (within ${PENDING_APPLICATION_DAYS} days).`);
      }
      const issued = issueKey(this.prefix);
      const record = await this.repository.insert({ id: newKeyId(), hash: issued.hash, hint: issued.hint, plan: 'researcher', status: 'pending', ...application }, client);
      await this.repository.audit(client, { keyId: record.id, action: 'apply', actor: `applicant:${application.email}` });
      return { record, token: issued.token };
    });
  }

  /** A key an operator issues directly (Internal keys, contracts), active at once. */
  async create(input: { plan: Plan } & Limits & Partial<KeyApplication> & { expires_at?: string | null }, actor: string) {
    if (!(PLANS as readonly string[]).includes(input.plan)) throw badRequest('invalid_field:plan', `plan must be one of ${PLANS.join(', ')}.`);
    checkLimits(input);
    return this.repository.transaction(async (client) => {
      const issued = issueKey(this.prefix);
      const record = await this.repository.insert({ ...input, id: newKeyId(), hash: issued.hash, hint: issued.hint, status: 'active' }, client);
      await this.repository.audit(client, { keyId: record.id, action: 'create', actor, detail: { plan: input.plan } });
      return { record, token: issued.token };
    });
  }

  /** Applies an operator action; reissue also answers the new key (shown once; the old one stops working). */
  async act(id: string, action: KeyAction, actor: string): Promise<{ record: ApiKeyRecord; token?: string }> {
    checkId(id);
    return this.repository.transaction(async (client) => {
      const current = await this.locked(client, id);
      const rule = TRANSITIONS[action];
      if (!rule.from.includes(current.status)) {
        throw new ProblemError(409, 'invalid_key_transition', `Cannot ${action} a key that is ${current.status}.`);
      }
      let token: string | undefined;
      let record: ApiKeyRecord;
      if (action === 'reissue') {
        const issued = issueKey(this.prefix);
        token = issued.token;
        record = await this.repository.update(id, { key_hash: issued.hash, key_hint: issued.hint }, client);
      } else {
        record = await this.repository.update(id, { status: rule.to, ...(action === 'expire' ? { expires_at: new Date().toISOString() } : {}) }, client);
      }
      await this.repository.audit(client, { keyId: id, action, actor, detail: { from: current.status, to: record.status } });
      return { record, token };
    });
  }

  async setLimits(id: string, limits: Limits, actor: string): Promise<ApiKeyRecord> {
    checkId(id);
    checkLimits(limits);
    return this.repository.transaction(async (client) => {
      const current = await this.locked(client, id);
      const record = await this.repository.update(id, { daily_limit: limits.daily_limit, monthly_limit: limits.monthly_limit }, client);
      await this.repository.audit(client, {
        keyId: id,
        action: 'set-limits',
        actor,
        detail: { from: { daily_limit: current.daily_limit, monthly_limit: current.monthly_limit }, to: { daily_limit: record.daily_limit, monthly_limit: record.monthly_limit } },
      });
      return record;
    });
  }

  async get(id: string): Promise<ApiKeyRecord & { audit: Awaited<ReturnType<ApiKeyRepository['auditTrail']>> }> {
    checkId(id);
    const record = await this.repository.findById(id);
    if (!record) throw notFound(`No key ${id}.`);
    return { ...record, audit: await this.repository.auditTrail(id) };
  }

  list(filter: KeyListFilter) {
    return this.repository.list(filter);
  }

  private async locked(client: PoolClient, id: string): Promise<ApiKeyRecord> {
    const record = await this.repository.findById(id, client, true);
    if (!record) throw notFound(`No key ${id}.`);
    return record;
  }
}

function checkId(id: string): void {
  if (!KEY_ID.test(id)) throw badRequest('invalid_id', 'A key id looks like key_ followed by 12 characters.');
}

function checkLimits(limits: Limits): void {
  for (const name of ['daily_limit', 'monthly_limit'] as const) {
    const v = limits[name];
    if (v !== undefined && v !== null && !(Number.isInteger(v) && v >= 0 && v <= 1_000_000_000)) {
      throw badRequest(`invalid_field:${name}`, `${name} must be a whole number from 0, or null.`);
    }
  }
}
