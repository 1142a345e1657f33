/**
 * The two database roles of the Kubernetes deployment, on a real Postgres: k8s/base/db-roles.sql as
 * an operator runs it, `gx migrate` as the schema owner (the gx-migrate Job), and the services'
 * commands as the row-only role with DATABASE_MIGRATE=false (what the ConfigMap sets). The role
 * names of the file get a random suffix here: roles are shared by every database of the server.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Database } from '../../shared/db/database';
import { redactDatabaseUrl } from '../../shared/db/database.module';
import { migrate, pendingMigrations } from '../../shared/db/migrate';
import { infraPath } from '../../shared/project-paths';
import { runGx } from '../lifecycle/gx-child';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { TEST_ENV } from '../support/services';
import { ROOT } from './deploy-files';

const ROLES_SQL = fs.readFileSync(path.join(ROOT, 'k8s', 'base', 'db-roles.sql'), 'utf8');
const MIGRATIONS = fs.readdirSync(infraPath('migrations')).filter((f) => f.endsWith('.sql')).sort();

describe('database roles (k8s/base/db-roles.sql): migrations as the schema owner, services as a row-only role', () => {
  const suffix = randomBytes(4).toString('hex');
  const owner = { name: `gx_owner_${suffix}`, password: randomBytes(12).toString('hex') };
  const app = { name: `gx_app_${suffix}`, password: randomBytes(12).toString('hex') };
  let database: TestDatabase;
  let admin: pg.Client;
  let ownerUrl: string;
  let appUrl: string;
  const dirs: string[] = [];
  const urlAs = (role: { name: string; password: string }) => {
    const url = new URL(database.url);
    url.username = role.name;
    url.password = role.password;
    return url.toString();
  };
  /** As the services run in the pods: the row-only role, never migrating. */
  const asApp = (args: string[], env: Record<string, string> = {}) => runGx(args, { DATABASE_URL: appUrl, DATABASE_MIGRATE: 'false', ...env });
  const query = async (url: string, sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(ROLES_SQL.replace(/\bgx_owner\b/g, owner.name).replace(/\bgx_app\b/g, app.name));
    for (const role of [owner, app]) await admin.query(`ALTER ROLE ${role.name} PASSWORD '${role.password}'`);
    ownerUrl = urlAs(owner);
    appUrl = urlAs(app);
  });

  afterAll(async () => {
    await admin?.end();
    await database?.drop();
    const client = new pg.Client({ connectionString: process.env[TEST_ENV.adminDatabaseUrl] });
    await client.connect();
    for (const role of [owner, app]) await client.query(`DROP ROLE IF EXISTS ${role.name}`);
    await client.end();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('the SQL names exactly the two roles, and running it again changes nothing', async () => {
    expect(new Set(ROLES_SQL.match(/\bgx_[a-z]+\b/g))).toEqual(new Set(['gx_owner', 'gx_app']));
    await admin.query(ROLES_SQL.replace(/\bgx_owner\b/g, owner.name).replace(/\bgx_app\b/g, app.name));
  });

  it('before `gx migrate`, a service refuses to start and names the missing migrations and the command', async () => {
    const result = await asApp(['keys', 'list']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`the database schema is behind: ${MIGRATIONS.join(', ')} not applied; run \`gx migrate\``);
    // The check changed nothing: the row-only role could not have, and did not try.
    expect((await admin.query("SELECT to_regclass('schema_migrations') AS t")).rows[0].t).toBeNull();
  });

  it('the row-only role cannot migrate, even when told to (DATABASE_MIGRATE=true)', async () => {
    const result = await runGx(['migrate'], { DATABASE_URL: appUrl });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^gx: .*permission denied for schema public/m);
  });

  it('`gx migrate` as the owner applies every migration and says so; a second run applies nothing', async () => {
    const first = await runGx(['migrate'], { DATABASE_URL: ownerUrl, DATABASE_MIGRATE: 'false' });
    expect({ code: first.code, stderr: first.code === 0 ? '' : first.stderr }).toEqual({ code: 0, stderr: '' });
    expect(first.stdout.trim()).toBe(`${redactDatabaseUrl(ownerUrl)}: schema up to date (${MIGRATIONS.length} migrations, the last ${MIGRATIONS.at(-1)})`);
    expect(first.stderr).toMatch(/"msg":"database migrated"/);
    const again = await runGx(['migrate'], { DATABASE_URL: ownerUrl });
    expect(again.code).toBe(0);
    expect(again.stderr).not.toMatch(/"msg":"database migrated"/);
    const owners = await admin.query<{ owner: string }>("SELECT DISTINCT tableowner AS owner FROM pg_tables WHERE schemaname = 'public'");
    expect(owners.rows.map((r) => r.owner)).toEqual([owner.name]);
  });

  it('the services\' commands run as the row-only role: keys, papers (triggers and the change log), the reindex request', async () => {
    const created = await asApp(['keys', 'create', '--plan', 'paid', '--daily', '100', '--email', 'roles@example.org']);
    expect({ code: created.code, stderr: created.code === 0 ? '' : created.stderr }).toEqual({ code: 0, stderr: '' });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-roles-'));
    dirs.push(dir);
    const file = path.join(dir, 'papers.jsonl');
    fs.writeFileSync(file, `${JSON.stringify({ id: 'roles-1', title: 'Hydrogen storage in salt caverns', year: 2021, lang: 'en' })}\n`);
    const loaded = await asApp(['load', 'papers', file]);
    expect({ code: loaded.code, stderr: loaded.code === 0 ? '' : loaded.stderr }).toEqual({ code: 0, stderr: '' });
    const reindex = await asApp(['reindex']);
    expect({ code: reindex.code, stderr: reindex.code === 0 ? '' : reindex.stderr }).toEqual({ code: 0, stderr: '' });
    const counts = await admin.query('SELECT (SELECT count(*) FROM api_keys)::int AS keys, (SELECT count(*) FROM papers)::int AS papers, (SELECT count(*) FROM paper_changes)::int AS changes, (SELECT count(*) FROM reindex_requests)::int AS reindex');
    expect(counts.rows[0]).toEqual({ keys: 1, papers: 1, changes: 1, reindex: 1 });
  });

  it('a second login role IN ROLE gx_app (docs/operations.md#rotate-the-database-passwords: rotation without failed connections) works as gx_app does', async () => {
    const second = { name: `${app.name}_2`, password: randomBytes(12).toString('hex') };
    await admin.query(`CREATE ROLE ${second.name} LOGIN PASSWORD '${second.password}' IN ROLE ${app.name}`);
    try {
      const listed = await runGx(['keys', 'list', '--json'], { DATABASE_URL: urlAs(second), DATABASE_MIGRATE: 'false' });
      expect({ code: listed.code, stderr: listed.code === 0 ? '' : listed.stderr }).toEqual({ code: 0, stderr: '' });
      await expect(query(urlAs(second), 'CREATE TABLE sneaky (id int)')).rejects.toThrow(/permission denied for schema public/);
    } finally {
      await admin.query(`DROP ROLE ${second.name}`);
    }
  });

  it.each([
    ['CREATE TABLE', 'CREATE TABLE sneaky (id int)', /permission denied for schema public/],
    ['ALTER TABLE', 'ALTER TABLE papers ADD COLUMN sneaky int', /must be owner of table papers/],
    ['DROP TABLE', 'DROP TABLE api_keys', /must be owner of table api_keys/],
    ['TRUNCATE', 'TRUNCATE papers', /permission denied for table papers/],
    ['CREATE FUNCTION in public', 'CREATE FUNCTION sneaky() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$', /permission denied for schema public/],
  ])('the row-only role cannot %s', async (_what, sql, error) => {
    await expect(query(appUrl, sql)).rejects.toThrow(error);
  });

  it('a later migration (run by the owner) gives the row-only role its rows too (ALTER DEFAULT PRIVILEGES), and services refuse to start until it ran', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-roles-migrations-'));
    dirs.push(dir);
    for (const f of MIGRATIONS) fs.copyFileSync(infraPath('migrations', f), path.join(dir, f));
    fs.writeFileSync(path.join(dir, '999_later.sql'), 'CREATE TABLE later_things (id bigserial PRIMARY KEY, note text NOT NULL);\n');
    const appDb = new Database(appUrl, 1);
    const ownerDb = new Database(ownerUrl, 1);
    try {
      expect(await pendingMigrations(appDb, dir)).toEqual(['999_later.sql']);
      expect(await migrate(ownerDb, dir)).toEqual(['999_later.sql']);
      expect(await pendingMigrations(appDb, dir)).toEqual([]);
      const inserted = await appDb.query<{ id: number }>("INSERT INTO later_things (note) VALUES ('written by the services') RETURNING id");
      expect(inserted.rows[0].id).toBe(1);
      await expect(appDb.query('DROP TABLE later_things')).rejects.toThrow(/must be owner/);
    } finally {
      await appDb.close();
      await ownerDb.close();
    }
    // A schema missing the repository's last migration stops a service at start, naming it.
    await admin.query('DELETE FROM schema_migrations WHERE name = $1', [MIGRATIONS.at(-1)]);
    try {
      const result = await asApp(['keys', 'list']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`the database schema is behind: ${MIGRATIONS.at(-1)} not applied`);
    } finally {
      await admin.query('INSERT INTO schema_migrations (name) VALUES ($1)', [MIGRATIONS.at(-1)]);
    }
  });
});
