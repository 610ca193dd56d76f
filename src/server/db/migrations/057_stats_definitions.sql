-- 057 (issue 31, statistics): 人才大厅 invitations leave 投递 and the funnel's cohort, and 在职人数
-- becomes history (docs/statistics.md, docs/decisions.md "Statistics definitions and headcount").

-- 1. An application opened by an invitation from 人才大厅 (source 企业邀约) is not a 投递: its
-- created day adds nothing to `applies` and its reach adds nothing to the cohort (r_*). Its
-- interview is still an 邀约面试 event and its hire a 录用 event (the trend, 平均录用周期).
CREATE FUNCTION stats_is_application(src text) RETURNS boolean LANGUAGE sql IMMUTABLE AS
$$ SELECT src IS DISTINCT FROM '企业邀约' $$;

-- the rows that exist now lose the hall's applications (before the triggers change)
SELECT stats_recruit_add(company_id, position_id, stats_day(created_at), 0, -1, 0, 0, 0, 0, 0) FROM applications WHERE NOT stats_is_application(source);
SELECT stats_reach_add(company_id, position_id, stats_day(created_at), reach, -1) FROM applications WHERE NOT stats_is_application(source) AND reach > 0;

-- 019's trigger function, the 投递 only for applications
CREATE OR REPLACE FUNCTION stats_applications_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r applications;
  sg integer;
BEGIN
  FOR k IN 1..2 LOOP
    IF k = 1 AND TG_OP IN ('UPDATE', 'DELETE') THEN r := OLD; sg := -1;
    ELSIF k = 2 AND TG_OP IN ('UPDATE', 'INSERT') THEN r := NEW; sg := 1;
    ELSE CONTINUE;
    END IF;
    IF stats_is_application(r.source) THEN
      PERFORM stats_recruit_add(r.company_id, r.position_id, stats_day(r.created_at), 0, sg, 0, 0, 0, 0, 0);
    END IF;
    IF r.hired_at IS NOT NULL THEN
      PERFORM stats_recruit_add(r.company_id, r.position_id, stats_day(r.hired_at), 0, 0, 0, 0, sg, 0, sg * extract(epoch FROM r.hired_at - r.created_at));
    END IF;
    IF r.onboard_at IS NOT NULL THEN
      PERFORM stats_recruit_add(r.company_id, r.position_id, stats_day(r.onboard_at), 0, 0, 0, 0, 0, sg, 0);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
DROP TRIGGER stats_applications_upd ON applications;
CREATE TRIGGER stats_applications_upd AFTER UPDATE ON applications FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.position_id IS DISTINCT FROM NEW.position_id
        OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.hired_at IS DISTINCT FROM NEW.hired_at
        OR OLD.onboard_at IS DISTINCT FROM NEW.onboard_at OR OLD.source IS DISTINCT FROM NEW.source)
  EXECUTE FUNCTION stats_applications_trg();

-- 030's cohort trigger, only for applications
CREATE OR REPLACE FUNCTION stats_reach_applications_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.reach > 0 AND stats_is_application(OLD.source) THEN
    PERFORM stats_reach_add(OLD.company_id, OLD.position_id, stats_day(OLD.created_at), OLD.reach, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.reach > 0 AND stats_is_application(NEW.source) THEN
    PERFORM stats_reach_add(NEW.company_id, NEW.position_id, stats_day(NEW.created_at), NEW.reach, 1);
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER stats_reach_applications_upd ON applications;
CREATE TRIGGER stats_reach_applications_upd AFTER UPDATE ON applications FOR EACH ROW
  WHEN ((OLD.reach IS DISTINCT FROM NEW.reach OR OLD.company_id IS DISTINCT FROM NEW.company_id
         OR OLD.position_id IS DISTINCT FROM NEW.position_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
         OR OLD.source IS DISTINCT FROM NEW.source)
        AND coalesce(current_setting('stats.rebuilding', true), '') <> 'on')
  EXECUTE FUNCTION stats_reach_applications_trg();

-- stats_rebuild(): 031's (which counts every application), then the hall's taken off again
ALTER FUNCTION stats_rebuild() RENAME TO stats_rebuild_031;
CREATE FUNCTION stats_rebuild() RETURNS void LANGUAGE sql AS $$
  SELECT stats_rebuild_031();
  SELECT stats_recruit_add(company_id, position_id, stats_day(created_at), 0, -1, 0, 0, 0, 0, 0) FROM applications WHERE NOT stats_is_application(source);
  SELECT stats_reach_add(company_id, position_id, stats_day(created_at), reach, -1) FROM applications WHERE NOT stats_is_application(source) AND reach > 0;
$$;

-- 2. 在职人数 as history: a figure an admin sets as of a China day, for the company (department '')
-- or one department. The headcount at the end of day d is the latest figure as of d or earlier,
-- plus the 入职 (applications.onboard_at) and minus the departures (leave_date) after its day up
-- to d; before the first figure it is unknown. A new figure changes nothing before its own day.
CREATE TABLE headcount_figures (
  company_id integer     NOT NULL REFERENCES companies (id),
  department text        NOT NULL DEFAULT '',
  as_of      date        NOT NULL,
  staff      integer     NOT NULL CHECK (staff BETWEEN 0 AND 10000000),
  set_by     integer     REFERENCES users (id),
  set_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, department, as_of)
);
-- the old single figure meant "today": it becomes the company's figure as of the migration's day
INSERT INTO headcount_figures (company_id, department, as_of, staff)
SELECT id, '', stats_day(now()), staff_count FROM companies WHERE staff_count IS NOT NULL;
