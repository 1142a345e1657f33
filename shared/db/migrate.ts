import fs from 'node:fs';
import { infraPath } from '../project-paths';
import type { Database } from './database';

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK = 7_240_611;

/**
 * Applies the SQL files under `infra/migrations/` in name order, each once, each in its own
 * transaction. An advisory lock makes concurrent start-ups (several replicas) take turns.
 */
export async function migrate(db: Database, dir = infraPath('migrations')): Promise<string[]> {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  await db.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      await client.query(fs.readFileSync(`${dir}/${file}`, 'utf8'));
      await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}

/**
 * The migration files not applied yet, in order, without changing anything: what a process that
 * may not change the schema (DATABASE_MIGRATE=false, a role with row privileges only) checks at start.
 */
export async function pendingMigrations(db: Database, dir = infraPath('migrations')): Promise<string[]> {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  const table = await db.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t");
  if (!table.rows[0]?.t) return files;
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
  return files.filter((f) => !done.has(f));
}
