-- Papers: the source of truth every search index is derived from.
CREATE SEQUENCE IF NOT EXISTS papers_change_seq;

CREATE TABLE papers (
  -- Derived from the paper's identity (DOI, else the source's id, else title and year): see paper-input.ts.
  id             text PRIMARY KEY,
  doi            text UNIQUE,
  title          text,
  title_ja       text,
  title_en       text,
  authors        text[] NOT NULL DEFAULT '{}',
  year           integer CHECK (year BETWEEN 1000 AND 2100),
  abstract       text,
  ai_summary_en  text,
  ai_summary_ja  text,
  source_url     text,
  venue          text,
  venue_type     text CHECK (venue_type IN ('preprint', 'journal', 'conference', 'dataset', 'report')),
  topic          text CHECK (topic IN ('esg', 'energy_transition', 'carbon_pricing', 'climate_finance', 'ccus', 'hydrogen',
                   'renewable', 'policy', 'carbon_accounting', 'climate_science', 'disclosure_infrastructure',
                   'transition_finance', 'energy_efficiency', 'scope3', 'scope1_2', 'tcfd', 'sbt', 'cdp', 'ev',
                   'greenwashing', 'climate_risk', 'biodiversity', 'supply_chain', 'ai_esg', 'other')),
  tags           text[] NOT NULL DEFAULT '{}',
  lang           text CHECK (lang IN ('ja', 'en', 'mul')),
  source         text,
  -- A hash of the content: a load that brings nothing new leaves the row (and updated_at) untouched.
  content_hash   text NOT NULL,
  -- Increases on every insert or change; processes holding an in-memory index follow it.
  change_seq     bigint NOT NULL DEFAULT nextval('papers_change_seq'),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX papers_change_seq_idx ON papers (change_seq);

-- Loaders notify listeners once per committed batch rather than once per row.
CREATE OR REPLACE FUNCTION notify_papers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('papers_changed', '');
  RETURN NULL;
END $$;

CREATE TRIGGER papers_changed AFTER INSERT OR UPDATE OR DELETE ON papers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_papers_changed();
