-- One durable, ordered log of every change to papers, written by triggers in the writer's own
-- transaction, so no writer (loader, ingest, any future edit) can change a paper without it.
--
-- Positions become visible in order: the trigger takes a transaction-level advisory lock before it
-- takes positions, so a writer holding positions commits (or rolls back) before the next writer can
-- take any. A reader that has seen position N has seen everything before N, and no change can
-- appear behind its cursor later. (A bare sequence cannot promise that: a number taken before
-- another writer's may commit after it.) Writers wait for each other only between their statement
-- and their commit, which for the loaders' one-statement transactions is nothing.
CREATE TABLE paper_changes (
  position   bigserial PRIMARY KEY,
  paper_id   text NOT NULL,
  op         text NOT NULL CHECK (op IN ('upsert', 'delete')),
  changed_at timestamptz NOT NULL DEFAULT now()
);

-- The papers already stored are the log's first changes, so replaying it from the start rebuilds everything.
INSERT INTO paper_changes (paper_id, op) SELECT id, 'upsert' FROM papers ORDER BY change_seq;

-- Any constant works; every writer of this database takes the same one.
CREATE FUNCTION log_paper_upserts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7240613);
  INSERT INTO paper_changes (paper_id, op) SELECT id, 'upsert' FROM changed_rows;
  RETURN NULL;
END $$;

CREATE FUNCTION log_paper_deletes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7240613);
  INSERT INTO paper_changes (paper_id, op) SELECT id, 'delete' FROM changed_rows;
  RETURN NULL;
END $$;

-- Statement-level with transition tables: one insert a statement, however many rows a batch holds.
CREATE TRIGGER papers_log_inserts AFTER INSERT ON papers REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_paper_upserts();
CREATE TRIGGER papers_log_updates AFTER UPDATE ON papers REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_paper_upserts();
CREATE TRIGGER papers_log_deletes AFTER DELETE ON papers REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_paper_deletes();

-- How far each shared derived index (Elasticsearch, Qdrant) has applied the log.
CREATE TABLE index_positions (
  consumer   text PRIMARY KEY,
  position   bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A paper an index could not take after every retry while other papers of its batch went in.
CREATE TABLE index_dead_letters (
  consumer  text NOT NULL,
  paper_id  text NOT NULL,
  attempts  integer NOT NULL,
  error     text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, paper_id)
);

-- Each paper's passage embedding per model, for the content it was computed from: a paper is
-- embedded once per change, whoever needs its vector (the indexer, an in-process HNSW index, a
-- rebuild) and however often it restarts.
CREATE TABLE paper_embeddings (
  paper_id     text NOT NULL,
  model        text NOT NULL,
  content_hash text NOT NULL,
  vector       bytea NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (paper_id, model)
);

-- The change sequence the log replaces: a number taken before another writer's could commit after it.
ALTER TABLE papers DROP COLUMN change_seq;
DROP SEQUENCE papers_change_seq;
