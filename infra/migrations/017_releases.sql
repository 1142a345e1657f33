-- Dataset releases: named, immutable states of the corpus that answers can be asked "as of"
-- (`as_of=<release id>`), so a result quoted in a citation can be had again (modules/releases).
--
-- A release stores nothing twice: each paper's record as the doors served it is stored once per
-- distinct content (`release_records`), and a span says from which release to which a paper had that
-- record. The corpus as of release N is every span with first_seq <= N and (last_seq is null or >= N).

CREATE TABLE releases (
  -- Cut order; spans refer to releases by it.
  seq        integer PRIMARY KEY,
  -- The name quoted in citations: the UTC date of the cut (a suffix .2, .3 for a second one that day), or one given.
  id         text NOT NULL UNIQUE,
  -- The change-log position the release is current to: every change up to it, none after.
  position   bigint NOT NULL,
  cut_at     timestamptz NOT NULL DEFAULT now(),
  papers     integer NOT NULL,
  -- What changed since the previous release (all of it added, for the first).
  added      integer NOT NULL,
  changed    integer NOT NULL,
  removed    integer NOT NULL,
  -- Set when the retention dropped the release's content: asked for after that, it is a 410.
  expired_at timestamptz
);

-- One record of a paper as the doors served it (a Paper, as JSON text: its bytes are what is served),
-- with the references it listed, resolved as they were (the citation graph of the release).
CREATE TABLE release_records (
  paper_id    text NOT NULL,
  record_hash text NOT NULL,
  record      text NOT NULL,
  -- [[position, ref_doi, ref_openalex_id, cited_id], …] in the paper's order.
  edges       text NOT NULL,
  -- The record's identifiers, for a batch lookup by DOI or OpenAlex work id as of a release.
  doi         text,
  openalex_id text,
  PRIMARY KEY (paper_id, record_hash)
);
CREATE INDEX release_records_doi_idx ON release_records (doi) WHERE doi IS NOT NULL;
CREATE INDEX release_records_openalex_idx ON release_records (openalex_id) WHERE openalex_id IS NOT NULL;

CREATE TABLE release_spans (
  paper_id    text NOT NULL,
  record_hash text NOT NULL,
  first_seq   integer NOT NULL,
  -- The last release holding this record; null while the latest release still does.
  last_seq    integer,
  PRIMARY KEY (paper_id, first_seq),
  FOREIGN KEY (paper_id, record_hash) REFERENCES release_records (paper_id, record_hash)
);
CREATE INDEX release_spans_open_idx ON release_spans (paper_id) WHERE last_seq IS NULL;
-- A release's whole corpus in id order (building its search index).
CREATE INDEX release_spans_first_idx ON release_spans (first_seq, paper_id);

-- Who cites whom in each record: cited-by as of a release is one index range here, joined to the spans.
CREATE TABLE release_citations (
  cited_id    text NOT NULL,
  citing_id   text NOT NULL,
  record_hash text NOT NULL,
  -- The citing record's year (-1: none), for the newest-first order of cited-by pages.
  key_year    integer NOT NULL,
  PRIMARY KEY (cited_id, citing_id, record_hash),
  FOREIGN KEY (citing_id, record_hash) REFERENCES release_records (paper_id, record_hash) ON DELETE CASCADE
);
CREATE INDEX release_citations_page_idx ON release_citations (cited_id, key_year DESC, citing_id);

-- Processes that serve as of a release learn of a new one at once.
CREATE OR REPLACE FUNCTION notify_releases_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('releases_changed', '');
  RETURN NULL;
END $$;
CREATE TRIGGER releases_changed AFTER INSERT OR UPDATE OR DELETE ON releases
  FOR EACH STATEMENT EXECUTE FUNCTION notify_releases_changed();
