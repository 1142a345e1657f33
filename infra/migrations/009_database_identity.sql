-- A random identity of this database, so state a process keeps on its own disk (index snapshots and
-- their change-log positions) is never reopened against another database that shares its DATA_DIR.
CREATE TABLE database_identity (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO database_identity DEFAULT VALUES;
