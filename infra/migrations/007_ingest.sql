-- The daily ingest (services/ingest-worker): runs, their batches, and papers the quality gate refused.

-- An in-process producer may record an event at most once per key (ingest's `paper.published:<id>`),
-- so a retried job finds the event it recorded before instead of recording another.
ALTER TABLE intelligence_events ADD COLUMN dedupe_key text UNIQUE;

-- Title identity for the dedupe of papers without a DOI (NFKC, case-folded, letters and digits only).
ALTER TABLE papers ADD COLUMN title_key text;
CREATE INDEX papers_title_key_idx ON papers (title_key);

CREATE TABLE ingest_runs (
  id           text PRIMARY KEY,
  source       text NOT NULL,
  since        date,
  trigger      text NOT NULL CHECK (trigger IN ('schedule', 'cli', 'api')),
  status       text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'completed', 'failed')),
  -- Postgres' clock: a paper created at or after it was new in this run, whichever attempt stored it.
  started_at   timestamptz NOT NULL DEFAULT now(),
  fetched_at   timestamptz,
  finished_at  timestamptz,
  batches      integer,
  error        text
);
CREATE INDEX ingest_runs_started_idx ON ingest_runs (started_at DESC);

-- One row per batch, replaced when a retried batch finishes: a run's figures are the sum over its
-- batches, so a retry never counts twice.
CREATE TABLE ingest_batches (
  run_id       text NOT NULL REFERENCES ingest_runs (id) ON DELETE CASCADE,
  batch_no     integer NOT NULL,
  status       text NOT NULL CHECK (status IN ('completed', 'failed')),
  attempts     integer NOT NULL DEFAULT 1,
  fetched      integer NOT NULL DEFAULT 0,
  duplicates   integer NOT NULL DEFAULT 0,
  rejected     integer NOT NULL DEFAULT 0,
  stored       integer NOT NULL DEFAULT 0,
  updated      integer NOT NULL DEFAULT 0,
  unchanged    integer NOT NULL DEFAULT 0,
  failed       integer NOT NULL DEFAULT 0,
  error        text,
  -- A failed batch's source records, kept so `gx ingest retry-failed` can run it again without the source.
  records      jsonb,
  finished_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, batch_no)
);

-- The first batch of a run to bring each paper identity (`id:<paper id>`, `title:<title key>`),
-- claimed while fetching, in page order: a later batch holding the same paper is that run's
-- duplicate, whichever batch the workers happen to finish first.
CREATE TABLE ingest_run_papers (
  run_id       text NOT NULL REFERENCES ingest_runs (id) ON DELETE CASCADE,
  claim_key    text NOT NULL,
  batch_no     integer NOT NULL,
  PRIMARY KEY (run_id, claim_key)
);

-- Papers below the gate: kept with their score (not stored as papers), one row per paper identity.
CREATE TABLE ingest_rejections (
  paper_id     text PRIMARY KEY,
  doi          text,
  title        text,
  source       text,
  score        double precision NOT NULL CHECK (score BETWEEN 0 AND 100),
  reason       text NOT NULL,
  run_id       text,
  rejected_at  timestamptz NOT NULL DEFAULT now()
);
