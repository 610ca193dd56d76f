-- 074: the hall's keyword search at a million seekers (issue 34, docs/decisions.md "The hall at a
-- million seekers"). Matches in a position (search_head: 期望职位 and the resume's job names) are
-- listed before the others, so the hall reads the two groups separately, each in its index order
-- (active_at, id), and each needs an index that finds its rows when they are few: the bigrams of
-- search_head, kept beside those of search_text (migration 067) by the same triggers. A word found
-- in no position (a school, a company) is then answered by this index at once instead of a walk
-- past every row. A stored column, not an expression index: a bitmap scan that turns lossy
-- rechecks its condition on every row of a page, which for an expression means computing the
-- bigrams again (seconds at a million rows).
ALTER TABLE candidates ADD COLUMN search_head_grams tsvector NOT NULL DEFAULT ''::tsvector;

-- 067's function, and the head's bigrams
CREATE OR REPLACE FUNCTION hall_search_fill(c candidates) RETURNS candidates LANGUAGE plpgsql STABLE AS $$
DECLARE
  jobs text;
  firms text;
  schools text;
BEGIN
  SELECT string_agg(job_name, E'\n' ORDER BY id), string_agg(company_name, E'\n' ORDER BY id) INTO jobs, firms
    FROM candidate_work WHERE candidate_id = c.id;
  SELECT string_agg(school_name, E'\n' ORDER BY id) INTO schools FROM candidate_edu WHERE candidate_id = c.id;
  c.search_head := c.expect_job || E'\n' || coalesce(jobs, '');
  c.search_text := c.search_head || E'\n' || array_to_string(c.labels, ',') || E'\n' || c.evaluation || E'\n'
                   || coalesce(firms, '') || E'\n' || coalesce(schools, '') || E'\n';
  c.search_grams := hall_grams(c.search_text);
  c.search_head_grams := hall_grams(c.search_head || E'\n');
  SELECT w.company_name, w.job_name INTO c.last_company, c.last_job
    FROM candidate_work w WHERE w.candidate_id = c.id ORDER BY w.start_date DESC, w.id LIMIT 1;
  RETURN c;
END $$;

-- (hall_candidates fires on expect_job, labels and evaluation only)
UPDATE candidates SET search_head_grams = hall_grams(search_head || E'\n');
CREATE INDEX candidates_search_head_idx ON candidates USING gin (search_head_grams);
