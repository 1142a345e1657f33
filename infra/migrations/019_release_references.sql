-- Related papers and recommendations as of a release (modules/releases/release-neighbours.ts) read
-- the citation graph as the release resolved it, as the live ones read `paper_references`:
--  - bibliographic coupling finds the papers citing the same work outside the corpus, by DOI or
--    OpenAlex work id: the release's unresolved references, indexed by both, are kept here;
--  - co-citation reads what each citing record cites: release_citations by citing record.
CREATE TABLE release_references (
  citing_id       text NOT NULL,
  record_hash     text NOT NULL,
  ref_doi         text,
  ref_openalex_id text,
  FOREIGN KEY (citing_id, record_hash) REFERENCES release_records (paper_id, record_hash) ON DELETE CASCADE
);
CREATE INDEX release_references_record_idx ON release_references (citing_id, record_hash);
CREATE INDEX release_references_doi_idx ON release_references (ref_doi, citing_id) WHERE ref_doi IS NOT NULL;
CREATE INDEX release_references_openalex_idx ON release_references (ref_openalex_id, citing_id) WHERE ref_openalex_id IS NOT NULL;
CREATE INDEX release_citations_citing_idx ON release_citations (citing_id, record_hash);

-- The releases cut before this migration: their unresolved references, from the edges each record keeps.
INSERT INTO release_references (citing_id, record_hash, ref_doi, ref_openalex_id)
  SELECT DISTINCT r.paper_id, r.record_hash, e ->> 1, e ->> 2
    FROM release_records r CROSS JOIN LATERAL jsonb_array_elements(r.edges::jsonb) e
   WHERE e ->> 3 IS NULL AND (e ->> 1 IS NOT NULL OR e ->> 2 IS NOT NULL);
