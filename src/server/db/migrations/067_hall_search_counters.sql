-- 067: data at scale (issue 34, docs/decisions.md "Data at scale").
-- 1. The talent hall's keyword search by index. PostgreSQL's parsers do not split Chinese, so a
--    candidate's searchable text is kept on the row (search_text) with its character bigrams in a
--    tsvector (search_grams, GIN). A keyword's bigrams (or, for one character, a prefix) select the
--    few candidates that can contain it; `search_text ILIKE '%keyword%'` then keeps exactly the old
--    ILIKE answer. search_head (期望职位 and the job names of the resume) ranks matches in a position
--    before matches in the body (labels, evaluation, companies, schools).
--    last_company / last_job are kept too: the hall read them per row, also for every row an
--    OFFSET skipped.
-- 2. Position figures kept, not recounted: 投递 / 新投递 / 邀约 / 录用 per position, changed by
--    triggers in the transaction of every change; position_counts_rebuild() recounts.
-- 3. Generic plans of named statements no longer pay for JIT compilation (jit off for the database).

ALTER TABLE candidates
  ADD COLUMN search_head  text     NOT NULL DEFAULT '',
  ADD COLUMN search_text  text     NOT NULL DEFAULT '',
  ADD COLUMN search_grams tsvector NOT NULL DEFAULT ''::tsvector,
  ADD COLUMN last_company text,
  ADD COLUMN last_job     text;

-- Every distinct pair of adjacent characters of lower(t). The callers end t with a newline, so every
-- character of the text starts a pair (a one-character keyword is a prefix query, hall_gram_query).
CREATE FUNCTION hall_grams(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(coalesce(array_agg(DISTINCT substr(s, i, 2)), '{}'))
    FROM (SELECT lower(t) AS s) x, generate_series(1, length(s) - 1) i
$$;

-- a lexeme quoted for tsquery input (quotes doubled, backslashes escaped)
CREATE FUNCTION hall_lexeme(g text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT '''' || replace(replace(g, '\', '\\'), '''', '''''') || ''''
$$;
-- A keyword as the tsquery of its bigrams, all of them required; one character: any pair starting with it.
CREATE FUNCTION hall_gram_query(k text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN length(s) = 1 THEN (hall_lexeme(s) || ':*')::tsquery
              ELSE (SELECT string_agg(DISTINCT hall_lexeme(substr(s, i, 2)), ' & ') FROM generate_series(1, length(s) - 1) i)::tsquery END
    FROM (SELECT lower(k) AS s) x
$$;

-- The kept columns of one candidate, from its row's fields and its work and education rows.
CREATE FUNCTION hall_search_fill(c candidates) RETURNS candidates LANGUAGE plpgsql STABLE AS $$
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
  SELECT w.company_name, w.job_name INTO c.last_company, c.last_job
    FROM candidate_work w WHERE w.candidate_id = c.id ORDER BY w.start_date DESC, w.id LIMIT 1;
  RETURN c;
END $$;

CREATE FUNCTION hall_candidates_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN hall_search_fill(NEW);
END $$;
CREATE TRIGGER hall_candidates BEFORE INSERT OR UPDATE OF expect_job, labels, evaluation ON candidates
  FOR EACH ROW EXECUTE FUNCTION hall_candidates_trg();

-- a work or education row changed: its candidate's kept columns again (the update fires the trigger above)
CREATE FUNCTION hall_resume_rows_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN UPDATE candidates SET expect_job = expect_job WHERE id = OLD.candidate_id; END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.candidate_id <> OLD.candidate_id) THEN
    UPDATE candidates SET expect_job = expect_job WHERE id = NEW.candidate_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER hall_candidate_work AFTER INSERT OR DELETE OR UPDATE OF candidate_id, company_name, job_name, start_date ON candidate_work
  FOR EACH ROW EXECUTE FUNCTION hall_resume_rows_trg();
CREATE TRIGGER hall_candidate_edu AFTER INSERT OR DELETE OR UPDATE OF candidate_id, school_name ON candidate_edu
  FOR EACH ROW EXECUTE FUNCTION hall_resume_rows_trg();

UPDATE candidates SET expect_job = expect_job;
CREATE INDEX candidates_search_idx ON candidates USING gin (search_grams);

-- Position figures.
ALTER TABLE positions
  ADD COLUMN apply_num  integer NOT NULL DEFAULT 0,
  ADD COLUMN new_num    integer NOT NULL DEFAULT 0,
  ADD COLUMN invite_num integer NOT NULL DEFAULT 0,
  ADD COLUMN hired_num  integer NOT NULL DEFAULT 0;

CREATE FUNCTION position_counts_applications_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE positions SET apply_num = apply_num - 1, new_num = new_num - (OLD.status = 'pending')::int,
                         hired_num = hired_num - (OLD.status = 'hired')::int
     WHERE id = OLD.position_id AND company_id = OLD.company_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE positions SET apply_num = apply_num + 1, new_num = new_num + (NEW.status = 'pending')::int,
                         hired_num = hired_num + (NEW.status = 'hired')::int
     WHERE id = NEW.position_id AND company_id = NEW.company_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER position_counts_applications AFTER INSERT OR DELETE ON applications
  FOR EACH ROW EXECUTE FUNCTION position_counts_applications_trg();
CREATE TRIGGER position_counts_applications_upd AFTER UPDATE OF position_id, company_id, status ON applications
  FOR EACH ROW WHEN (OLD.position_id IS DISTINCT FROM NEW.position_id OR OLD.company_id IS DISTINCT FROM NEW.company_id
                     OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION position_counts_applications_trg();

CREATE FUNCTION position_counts_interviews_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'canceled' THEN
    UPDATE positions SET invite_num = invite_num - 1 WHERE id = OLD.position_id AND company_id = OLD.company_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status <> 'canceled' THEN
    UPDATE positions SET invite_num = invite_num + 1 WHERE id = NEW.position_id AND company_id = NEW.company_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER position_counts_interviews AFTER INSERT OR DELETE ON interviews
  FOR EACH ROW EXECUTE FUNCTION position_counts_interviews_trg();
CREATE TRIGGER position_counts_interviews_upd AFTER UPDATE OF position_id, company_id, status ON interviews
  FOR EACH ROW WHEN (OLD.position_id IS DISTINCT FROM NEW.position_id OR OLD.company_id IS DISTINCT FROM NEW.company_id
                     OR (OLD.status = 'canceled') IS DISTINCT FROM (NEW.status = 'canceled'))
  EXECUTE FUNCTION position_counts_interviews_trg();

-- Recount every position's figures from the applications and interviews as they are now.
CREATE FUNCTION position_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  UPDATE positions p SET apply_num = coalesce(a.n, 0), new_num = coalesce(a.fresh, 0), hired_num = coalesce(a.hired, 0), invite_num = coalesce(i.n, 0)
    FROM positions x
    LEFT JOIN (SELECT position_id, company_id, count(*) AS n, count(*) FILTER (WHERE status = 'pending') AS fresh,
                      count(*) FILTER (WHERE status = 'hired') AS hired
                 FROM applications GROUP BY position_id, company_id) a ON a.position_id = x.id AND a.company_id = x.company_id
    LEFT JOIN (SELECT position_id, company_id, count(*) AS n FROM interviews WHERE status <> 'canceled'
                GROUP BY position_id, company_id) i ON i.position_id = x.id AND i.company_id = x.company_id
   WHERE p.id = x.id;
$$;
SELECT position_counts_rebuild();

-- Keyset pages of a position's applications (newest first) and of the hall.
CREATE INDEX applications_position_created_idx ON applications (position_id, created_at DESC, id DESC);

-- JIT: page 1 and deep pages share one named statement; its generic plan's estimated cost switched
-- JIT on for every call (≈170 ms compiling a 3 ms query). Off for the database (new sessions; the
-- pool also starts its connections with it, db/pg.ts). Not the owner (a managed database): skipped.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'jit stays as configured: not the owner of the database';
END $$;
