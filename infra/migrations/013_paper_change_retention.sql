-- Retention of the paper change log (PAPER_CHANGES_RETENTION_DAYS; `PaperChangeLog.prune`).
--
-- Every change is kept for the retention. Past it, a change is dropped when a later change of the
-- same paper exists (whoever reads the later one reads the paper as it is now, so nothing is lost
-- to anyone, whatever their position), and a removal is dropped — but never one the shared indexer
-- has not applied yet (its positions are in index_positions). A paper's latest change that is not
-- a removal is never dropped: replaying the log from position 0 still names every paper that exists
-- (a reindex, a new index, a reader of the data API's change feed starting over).

-- Finding a paper's later change (the pruning query asks it of every old change).
CREATE INDEX paper_changes_by_paper ON paper_changes (paper_id, position);

-- One row per pruning pass that dropped removals: a reader whose cursor predates the pass and lies
-- before `through` may have missed a removal, and must start over (the change feed's 410).
CREATE TABLE paper_change_prunes (
  run       bigserial PRIMARY KEY,
  through   bigint NOT NULL,
  removals  integer NOT NULL,
  pruned_at timestamptz NOT NULL DEFAULT now()
);
