-- The keys of one page of a paper's references or of the papers citing it, read in index order
-- whatever the planner's estimates. Left to them, the planner reads all the edges of a paper and
-- sorts them (a bitmap scan) whenever its statistics say the paper is little cited (right after a
-- bulk load, before autovacuum has analysed the table, that is every paper), and a page of a paper
-- cited 20,000 times then reads all 20,000. In index order a page reads only its own entries. The
-- settings belong to the function (its SET clauses), so a page is one statement, one round trip,
-- where a transaction with SET LOCAL took four.

-- Cited-by, newest first (year descending, papers without a year last, then id), from the key after
-- (after_id NULL: the first page). The rest of the key's year and the years after it are two adjacent
-- ranges of paper_references_cited_idx, each entered at the key, so a page costs the same at any depth.
-- A citing paper listing the cited one twice (by DOI and by work id) has two adjacent entries:
-- DISTINCT ON keeps one without leaving the index order.
CREATE FUNCTION paper_cited_by_keys(paper text, n integer, after_year integer, after_id text)
RETURNS TABLE (citing_id text, key_year integer)
LANGUAGE plpgsql STABLE ROWS 100
SET enable_bitmapscan = off
SET enable_seqscan = off
AS $$
#variable_conflict use_column
BEGIN
  IF after_id IS NULL THEN
    RETURN QUERY
      SELECT DISTINCT ON (COALESCE(r.citing_year, -1), r.citing_id) r.citing_id, COALESCE(r.citing_year, -1)
      FROM paper_references r
      WHERE r.cited_id = paper
      ORDER BY COALESCE(r.citing_year, -1) DESC, r.citing_id
      LIMIT n;
  ELSE
    RETURN QUERY
      (SELECT DISTINCT ON (COALESCE(r.citing_year, -1), r.citing_id) r.citing_id, COALESCE(r.citing_year, -1)
       FROM paper_references r
       WHERE r.cited_id = paper AND COALESCE(r.citing_year, -1) = after_year AND r.citing_id > after_id
       ORDER BY COALESCE(r.citing_year, -1) DESC, r.citing_id
       LIMIT n)
      UNION ALL
      (SELECT DISTINCT ON (COALESCE(r.citing_year, -1), r.citing_id) r.citing_id, COALESCE(r.citing_year, -1)
       FROM paper_references r
       WHERE r.cited_id = paper AND COALESCE(r.citing_year, -1) < after_year
       ORDER BY COALESCE(r.citing_year, -1) DESC, r.citing_id
       LIMIT n)
      LIMIT n;
  END IF;
END
$$;

-- A paper's references in its own order, after position after_position (-1: from the first).
CREATE FUNCTION paper_reference_keys(paper text, after_position integer, n integer)
RETURNS TABLE (ref_position integer, cited_id text, ref_doi text, ref_openalex_id text)
LANGUAGE plpgsql STABLE ROWS 100
SET enable_bitmapscan = off
SET enable_seqscan = off
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT r.position, r.cited_id, r.ref_doi, r.ref_openalex_id
    FROM paper_references r
    WHERE r.citing_id = paper AND r.position > after_position
    ORDER BY r.position
    LIMIT n;
END
$$;
