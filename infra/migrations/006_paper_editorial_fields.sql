-- Fields of the data API's paper record (spec 001 §2.4): editorial shelf, peer review, the quality
-- gate's draft score, the publication date and a PDF link.
ALTER TABLE papers
  ADD COLUMN shelf             text CHECK (shelf IN ('curated', 'japan_to_global', 'global_to_japan')),
  ADD COLUMN is_peer_reviewed  boolean,
  ADD COLUMN draft_score       double precision CHECK (draft_score BETWEEN 0 AND 100),
  ADD COLUMN publication_date  date,
  ADD COLUMN pdf_url           text;
