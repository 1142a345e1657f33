-- Related papers and recommendations: bibliographic coupling reads, for each reference of a paper,
-- the papers citing the same work. For a reference resolved to a corpus paper the cited-by index
-- (014) holds `citing_id`; for an unresolved one (most references: works outside the corpus) the
-- DOI and OpenAlex indexes now hold it too, so those reads come from the index alone (no heap
-- visit per citing paper). They still serve the graph writer's lookups by DOI and work id.
DROP INDEX IF EXISTS paper_references_ref_doi_idx;
CREATE INDEX paper_references_ref_doi_idx ON paper_references (ref_doi, citing_id) WHERE ref_doi IS NOT NULL;
DROP INDEX IF EXISTS paper_references_ref_openalex_idx;
CREATE INDEX paper_references_ref_openalex_idx ON paper_references (ref_openalex_id, citing_id) WHERE ref_openalex_id IS NOT NULL;
