-- How many works cite a paper, as its source counted them (OpenAlex `cited_by_count`); null when unknown.
ALTER TABLE papers ADD COLUMN cited_by_count integer CHECK (cited_by_count >= 0);
