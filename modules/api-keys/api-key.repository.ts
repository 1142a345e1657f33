import type { PoolClient } from 'pg';
import type { Database, Queryable } from '../../shared/db/database';
import type { ApiKeyRecord, KeyStatus, Plan } from './api-key';

const COLUMNS = `id, plan, status, daily_limit, monthly_limit, key_hint, email, name, organization, purpose,
  expires_at, created_at, updated_at`;

interface Row extends Omit<ApiKeyRecord, 'expires_at' | 'created_at' | 'updated_at'> {
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
  key_hash?: Buffer;
}

const toRecord = ({ key_hash: _h, ...r }: Row): ApiKeyRecord => ({
  ...r,
  expires_at: r.expires_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export interface NewKey {
  id: string;
  hash: Buffer;
  hint: string;
  plan: Plan;
  status: KeyStatus;
  daily_limit?: number | null;
  monthly_limit?: number | null;
  email?: string | null;
  name?: string | null;
  organization?: string | null;
  purpose?: string | null;
  expires_at?: string | null;
}

export interface KeyListFilter {
  status?: KeyStatus;
  plan?: Plan;
  limit: number;
  offset: number;
}

/** Storage of API keys and of the audit trail of operator actions. */
export class ApiKeyRepository {
  constructor(private readonly db: Database) {}

  async findByHash(hash: Buffer): Promise<(ApiKeyRecord & { key_hash: Buffer }) | undefined> {
    const result = await this.db.query<Row & { key_hash: Buffer }>(`SELECT ${COLUMNS}, key_hash FROM api_keys WHERE key_hash = $1`, [hash]);
    const row = result.rows[0];
    return row ? { ...toRecord(row), key_hash: row.key_hash } : undefined;
  }

  async findById(id: string, client: Queryable = this.db, forUpdate = false): Promise<ApiKeyRecord | undefined> {
    const result = await client.query<Row>(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
    return result.rows[0] ? toRecord(result.rows[0]) : undefined;
  }

  async insert(key: NewKey, client: Queryable = this.db): Promise<ApiKeyRecord> {
    const result = await client.query<Row>(
      `INSERT INTO api_keys (id, key_hash, key_hint, plan, status, daily_limit, monthly_limit, email, name, organization, purpose, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`,
      [key.id, key.hash, key.hint, key.plan, key.status, key.daily_limit ?? null, key.monthly_limit ?? null, key.email ?? null,
        key.name ?? null, key.organization ?? null, key.purpose ?? null, key.expires_at ?? null],
    );
    return toRecord(result.rows[0]!);
  }

  /** Whether this e-mail (case-insensitively) has a pending application newer than `days`. */
  async hasRecentPendingApplication(email: string, days: number, client: Queryable = this.db): Promise<boolean> {
    const result = await client.query(
      `SELECT 1 FROM api_keys WHERE status = 'pending' AND lower(email) = lower($1) AND created_at > now() - make_interval(days => $2) LIMIT 1`,
      [email, days],
    );
    return result.rows.length > 0;
  }

  async update(
    id: string,
    changes: Partial<Pick<ApiKeyRecord, 'status' | 'daily_limit' | 'monthly_limit' | 'expires_at' | 'key_hint'>> & { key_hash?: Buffer },
    client: Queryable = this.db,
  ): Promise<ApiKeyRecord> {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
    const sets = entries.map(([column], i) => `${column} = $${i + 2}`);
    const result = await client.query<Row>(
      `UPDATE api_keys SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, ...entries.map(([, v]) => v)],
    );
    return toRecord(result.rows[0]!);
  }

  async list(filter: KeyListFilter): Promise<{ rows: ApiKeyRecord[]; total: number }> {
    const where: string[] = [];
    const values: unknown[] = [];
    if (filter.status) where.push(`status = $${values.push(filter.status)}`);
    if (filter.plan) where.push(`plan = $${values.push(filter.plan)}`);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, count] = await Promise.all([
      this.db.query<Row>(
        `SELECT ${COLUMNS} FROM api_keys ${clause} ORDER BY created_at, id LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        [...values, filter.limit, filter.offset],
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM api_keys ${clause}`, values),
    ]);
    return { rows: rows.rows.map(toRecord), total: count.rows[0]!.n };
  }

  async audit(client: Queryable, entry: { keyId: string; action: string; actor: string; detail?: object }): Promise<void> {
    await client.query('INSERT INTO api_key_audit (key_id, action, actor, detail) VALUES ($1, $2, $3, $4)', [
      entry.keyId, entry.action, entry.actor, JSON.stringify(entry.detail ?? {}),
    ]);
  }

  async auditTrail(keyId: string): Promise<{ action: string; actor: string; detail: object; at: string }[]> {
    const result = await this.db.query<{ action: string; actor: string; detail: object; at: Date }>(
      'SELECT action, actor, detail, at FROM api_key_audit WHERE key_id = $1 ORDER BY id',
      [keyId],
    );
    return result.rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  }

  transaction<T>(fn: (client: PoolClient) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }
}
