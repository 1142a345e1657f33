-- The two database roles of a Kubernetes deployment (k8s/README.md, "Database roles"):
--
--   gx_owner  owns the schema: the gx-migrate Job (`gx migrate`, Secret gx-migrate-secrets) creates
--             and alters tables as this role.
--   gx_app    every service, the reindex Job and `gx` commands run in the pods (Secret gx-secrets):
--             reads and writes rows, may not create, alter or drop anything (DATABASE_MIGRATE=false
--             makes the processes only check that the schema is current).
--
-- Run once, as a superuser or the database's owner (a managed service's admin role), connected to
-- the application's database, e.g.:
--   psql "postgres://ADMIN@HOST:5432/gx" -v ON_ERROR_STOP=1 -f k8s/base/db-roles.sql
-- then give both roles passwords (psql: \password gx_owner and \password gx_app) and put them in the
-- two Secrets. Safe to run again: nothing is created twice, grants are idempotent.
--
-- Tables created by gx_owner later (every future migration) get gx_app's privileges through the
-- ALTER DEFAULT PRIVILEGES below. Run that part as a role allowed to do it for gx_owner: a
-- superuser, or gx_owner itself on a managed service where the admin is not one.

DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'gx_owner') THEN
    CREATE ROLE gx_owner LOGIN;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'gx_app') THEN
    CREATE ROLE gx_app LOGIN;
  END IF;
  -- This database only: connect, and temporary tables (both roles); no other role by default.
  EXECUTE format('REVOKE ALL ON DATABASE %I FROM PUBLIC', current_database());
  EXECUTE format('GRANT CONNECT, TEMPORARY ON DATABASE %I TO gx_owner, gx_app', current_database());
END
$$;

-- Nobody but the owner creates objects in the schema (PUBLIC could before Postgres 15).
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE, CREATE ON SCHEMA public TO gx_owner;
GRANT USAGE ON SCHEMA public TO gx_app;

-- Rows only: tables (and their bigserial sequences) created by gx_owner from now on.
ALTER DEFAULT PRIVILEGES FOR ROLE gx_owner IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO gx_app;
ALTER DEFAULT PRIVILEGES FOR ROLE gx_owner IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO gx_app;

-- The same on what exists already (a database migrated before the roles were split: also run
-- `REASSIGN OWNED BY <the old role> TO gx_owner;` first, so gx_owner owns every table).
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO gx_app;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO gx_app;
