-- What the embedded embedder knows of its corpus (shared/embeddings/lexical-fit.ts): the document
-- frequency of each of its features over the papers, fitted once and kept here so that every
-- process embeds with the same fit (a stored passage vector and a query vector always agree).
-- One current fit per embedder configuration; `gx reindex` fits anew.
CREATE TABLE embedder_fits (
  model      text PRIMARY KEY,
  fit_id     text NOT NULL,
  documents  integer NOT NULL,
  -- the newest `gx reindex` request (reindex_requests.id, 0 for none) when it was fitted
  reindex    bigint NOT NULL,
  statistics bytea NOT NULL,
  fitted_at  timestamptz NOT NULL DEFAULT now()
);

-- The first embedded embedder (`embedded-lexical:<dimensions>`, no fit) is gone: its vectors are never read again.
DELETE FROM paper_embeddings WHERE model LIKE 'embedded-lexical:%';
