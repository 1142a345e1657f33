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

-- What the filters and the weights read of a record, as columns (as `papers` has them), so the graph
-- reads never parse a record's JSON: its work, topic, language, year, time added, and counts.
ALTER TABLE release_records
  ADD COLUMN work_id text,
  ADD COLUMN topic text,
  ADD COLUMN lang text,
  ADD COLUMN year integer,
  ADD COLUMN created_at timestamptz,
  ADD COLUMN references_count integer,
  ADD COLUMN cited_by_corpus_count integer;
UPDATE release_records SET
  work_id = record::jsonb ->> 'work_id',
  topic = record::jsonb ->> 'topic',
  lang = record::jsonb ->> 'lang',
  year = (record::jsonb ->> 'year')::integer,
  created_at = (record::jsonb ->> 'created_at')::timestamptz,
  references_count = (record::jsonb ->> 'references_count')::integer,
  cited_by_corpus_count = (record::jsonb ->> 'cited_by_corpus_count')::integer;
ALTER TABLE release_records
  ALTER COLUMN work_id SET NOT NULL,
  ALTER COLUMN created_at SET NOT NULL,
  ALTER COLUMN references_count SET NOT NULL,
  ALTER COLUMN cited_by_corpus_count SET NOT NULL;

-- The releases cut before this migration: their unresolved references, from the edges each record keeps.
INSERT INTO release_references (citing_id, record_hash, ref_doi, ref_openalex_id)
  SELECT DISTINCT r.paper_id, r.record_hash, e ->> 1, e ->> 2
    FROM release_records r CROSS JOIN LATERAL jsonb_array_elements(r.edges::jsonb) e
   WHERE e ->> 3 IS NULL AND (e ->> 1 IS NOT NULL OR e ->> 2 IS NOT NULL);
