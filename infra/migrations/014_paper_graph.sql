-- Papers connected: the citation graph, versions of one work, and what each record derives from them.
--
-- Edges are stored as the citing paper gave them (a DOI or an OpenAlex work id) and resolved to a
-- paper of the corpus when one has that identifier, whichever of the two arrives first: a paper
-- loaded later resolves the edges that point at it. The repository keeps the derived columns of
-- `papers` (counts, work and versions) in step in the writer's own transaction, so they reach every
-- index through the change log like any other change.

ALTER TABLE papers
  -- Not unique: two records may carry one work id (a work that gained a DOI, versions a source merged);
  -- they are then versions of one work, and edges to that id resolve to the smallest of their ids.
  ADD COLUMN openalex_id text,
  -- How many references the paper lists (resolved or not).
  ADD COLUMN references_count integer NOT NULL DEFAULT 0,
  -- How many papers of this corpus cite it (edges resolved to it).
  ADD COLUMN cited_by_corpus_count integer NOT NULL DEFAULT 0,
  -- The work a record is a version of: the smallest id among its versions (its own id when alone).
  ADD COLUMN work_id text,
  -- The other records of the work: [{id, venue_type, doi, year}], oldest first.
  ADD COLUMN versions jsonb NOT NULL DEFAULT '[]',
  -- Normalised title and first author's family name: records with the same key and years within one are versions.
  ADD COLUMN work_key text;

UPDATE papers SET work_id = id WHERE work_id IS NULL;
ALTER TABLE papers ALTER COLUMN work_id SET NOT NULL;

-- Any insert, a hand-written one too, starts as a work of its own (a column default cannot name the id).
CREATE FUNCTION papers_own_work() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.work_id := COALESCE(NEW.work_id, NEW.id);
  RETURN NEW;
END $$;
CREATE TRIGGER papers_own_work BEFORE INSERT ON papers FOR EACH ROW EXECUTE FUNCTION papers_own_work();
CREATE INDEX papers_openalex_id_idx ON papers (openalex_id) WHERE openalex_id IS NOT NULL;
CREATE INDEX papers_work_key_idx ON papers (work_key) WHERE work_key IS NOT NULL;
CREATE INDEX papers_work_id_idx ON papers (work_id);
CREATE INDEX papers_created_at_idx ON papers (created_at);

-- One row a reference, in the citing paper's order. `cited_id` is the corpus paper it resolved to.
-- `citing_year` copies the citing paper's year so cited-by pages newest first by one index range.
CREATE TABLE paper_references (
  citing_id       text NOT NULL REFERENCES papers (id) ON DELETE CASCADE,
  position        integer NOT NULL,
  ref_doi         text,
  ref_openalex_id text,
  cited_id        text REFERENCES papers (id) ON DELETE SET NULL,
  citing_year     integer,
  PRIMARY KEY (citing_id, position),
  CHECK (ref_doi IS NOT NULL OR ref_openalex_id IS NOT NULL)
);
CREATE INDEX paper_references_ref_doi_idx ON paper_references (ref_doi) WHERE ref_doi IS NOT NULL;
CREATE INDEX paper_references_ref_openalex_idx ON paper_references (ref_openalex_id) WHERE ref_openalex_id IS NOT NULL;
-- Cited-by, newest first (year descending, papers without a year last, then id): a keyset page is one range scan.
CREATE INDEX paper_references_cited_idx ON paper_references (cited_id, (COALESCE(citing_year, -1)) DESC, citing_id)
  WHERE cited_id IS NOT NULL;

-- Other records of the same work, as the source related them (preprint of, has preprint, version of).
CREATE TABLE paper_version_links (
  paper_id        text NOT NULL REFERENCES papers (id) ON DELETE CASCADE,
  position        integer NOT NULL,
  ref_doi         text,
  ref_openalex_id text,
  PRIMARY KEY (paper_id, position),
  CHECK (ref_doi IS NOT NULL OR ref_openalex_id IS NOT NULL)
);
CREATE INDEX paper_version_links_doi_idx ON paper_version_links (ref_doi) WHERE ref_doi IS NOT NULL;
CREATE INDEX paper_version_links_openalex_idx ON paper_version_links (ref_openalex_id) WHERE ref_openalex_id IS NOT NULL;
