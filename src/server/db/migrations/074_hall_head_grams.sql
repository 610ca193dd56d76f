-- 074: the hall's keyword search at a million seekers (issue 34, docs/decisions.md "The hall at a
-- million"). Matches in a position (search_head: 期望职位 and the resume's job names) are listed
-- before the others, so the two groups are read separately, each in the hall's index order
-- (active_at, id), and each needs an index that finds its rows when they are few: the bigrams of
-- search_head, as search_grams holds those of search_text (migration 067). A word found in no
-- position (a school, a company) is then answered by this index at once instead of a walk past
-- every row. An expression index: nothing to keep in step, the triggers of 067 write search_head.
-- hall_grams(head || E'\n') written out: an index build runs its expression with a search_path of
-- pg_catalog alone (PostgreSQL 17, PGlite), where hall_grams is not found.
CREATE FUNCTION hall_head_grams(head text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(coalesce(array_agg(DISTINCT substr(s, i, 2)), '{}'))
    FROM (SELECT lower(head || E'\n') AS s) x, generate_series(1, length(s) - 1) i
$$;
CREATE INDEX candidates_search_head_idx ON candidates USING gin (hall_head_grams(search_head));
