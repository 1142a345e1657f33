-- `gx reindex` requests, kept so none is lost: the indexer's leader acts on the newest one it has
-- not handled (even if it was down when asked), and an index reopened from its snapshot is rebuilt
-- when a request came after the snapshot was made.
CREATE TABLE reindex_requests (
  id           bigserial PRIMARY KEY,
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now()
);
