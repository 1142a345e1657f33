-- Vector and hybrid search as of a release (modules/vector-index/release-vectors.ts) search the
-- release's own passage vectors: each record of a release needs the vector of the content it was cut
-- from, for as long as the release is kept, even after the paper has changed since.
--
-- A paper's embedding is therefore kept per content, not per paper: a change adds a vector beside the
-- earlier one instead of overwriting it. The vectors that neither a paper's current content nor a kept
-- release's record needs are deleted at each cut (`pruneEmbeddings`, modules/embeddings).
ALTER TABLE paper_embeddings DROP CONSTRAINT paper_embeddings_pkey;
ALTER TABLE paper_embeddings ADD PRIMARY KEY (paper_id, model, content_hash);

-- The content a release record was cut from (papers.content_hash then): its passage vector's key.
ALTER TABLE release_records ADD COLUMN content_hash text;
-- Records cut before this migration do not know it: each is given a key of its own, so its vector is
-- computed once from the record's own text when its release's vectors are first built, and kept.
UPDATE release_records SET content_hash = 'record:' || record_hash;
ALTER TABLE release_records ALTER COLUMN content_hash SET NOT NULL;
