-- 021: the data panel filtered by 部门 without scanning every position's days (issue 15 bench:
-- a year filtered by department read ~150,000 per-position day rows of the company to keep a
-- twelfth of them). The recruitment figures are now also kept per company, department (of the
-- position) and China day, by the same triggers in the same transaction as the other roll-ups of
-- 019, so they are exact and never stale; stats_rebuild() recomputes them too.
-- A position's department can change (编辑职位): its whole history moves from the old department's
-- rows to the new one's in the UPDATE's transaction. A position with no department counts in no
-- department's rows (as the filter has always read it). Positions are never deleted while rows
-- refer to them (foreign keys), so a delete has nothing to take off.

CREATE TABLE stats_dept_daily (
  company_id  integer NOT NULL,
  department  text    NOT NULL,
  day         date    NOT NULL,
  views       integer NOT NULL DEFAULT 0,
  applies     integer NOT NULL DEFAULT 0,
  invited     integer NOT NULL DEFAULT 0,
  attended    integer NOT NULL DEFAULT 0,
  hired       integer NOT NULL DEFAULT 0,
  onboarded   integer NOT NULL DEFAULT 0,
  hire_secs   numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, department, day)
);

-- the per-position table filtered by one position or a department's few: by position, not by
-- scanning the company's months (the daily rows already have (position_id, day))
CREATE INDEX stats_recruit_monthly_position_idx ON stats_recruit_monthly (position_id, month);

-- 019's function, now also adding to the position's department (if it has one)
CREATE OR REPLACE FUNCTION stats_recruit_add(c integer, p integer, d date, v integer, a integer, i integer, att integer, h integer, o integer, hs numeric)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO stats_recruit_daily AS s (company_id, position_id, day, views, applies, invited, attended, hired, onboarded, hire_secs)
  VALUES (c, p, d, v, a, i, att, h, o, hs)
  ON CONFLICT (company_id, day, position_id) DO UPDATE SET
    views = s.views + EXCLUDED.views, applies = s.applies + EXCLUDED.applies, invited = s.invited + EXCLUDED.invited,
    attended = s.attended + EXCLUDED.attended, hired = s.hired + EXCLUDED.hired, onboarded = s.onboarded + EXCLUDED.onboarded,
    hire_secs = s.hire_secs + EXCLUDED.hire_secs;
  INSERT INTO stats_recruit_monthly AS s (company_id, position_id, month, views, applies, invited, hired)
  VALUES (c, p, date_trunc('month', d)::date, v, a, i, h)
  ON CONFLICT (company_id, month, position_id) DO UPDATE SET
    views = s.views + EXCLUDED.views, applies = s.applies + EXCLUDED.applies, invited = s.invited + EXCLUDED.invited, hired = s.hired + EXCLUDED.hired;
  INSERT INTO stats_company_daily AS s (company_id, day, views, applies, invited, attended, hired, onboarded, hire_secs)
  VALUES (c, d, v, a, i, att, h, o, hs)
  ON CONFLICT (company_id, day) DO UPDATE SET
    views = s.views + EXCLUDED.views, applies = s.applies + EXCLUDED.applies, invited = s.invited + EXCLUDED.invited,
    attended = s.attended + EXCLUDED.attended, hired = s.hired + EXCLUDED.hired, onboarded = s.onboarded + EXCLUDED.onboarded,
    hire_secs = s.hire_secs + EXCLUDED.hire_secs;
  INSERT INTO stats_dept_daily AS s (company_id, department, day, views, applies, invited, attended, hired, onboarded, hire_secs)
  SELECT c, pos.department, d, v, a, i, att, h, o, hs FROM positions pos WHERE pos.id = p AND pos.department IS NOT NULL
  ON CONFLICT (company_id, department, day) DO UPDATE SET
    views = s.views + EXCLUDED.views, applies = s.applies + EXCLUDED.applies, invited = s.invited + EXCLUDED.invited,
    attended = s.attended + EXCLUDED.attended, hired = s.hired + EXCLUDED.hired, onboarded = s.onboarded + EXCLUDED.onboarded,
    hire_secs = s.hire_secs + EXCLUDED.hire_secs;
$$;

-- a position's history (its per-position days), signed, onto a department's rows
CREATE FUNCTION stats_dept_move(pid integer, dept text, sg integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stats_dept_daily AS s (company_id, department, day, views, applies, invited, attended, hired, onboarded, hire_secs)
  SELECT r.company_id, dept, r.day, sg * r.views, sg * r.applies, sg * r.invited, sg * r.attended, sg * r.hired, sg * r.onboarded, sg * r.hire_secs
    FROM stats_recruit_daily r WHERE r.position_id = pid
  ON CONFLICT (company_id, department, day) DO UPDATE SET
    views = s.views + EXCLUDED.views, applies = s.applies + EXCLUDED.applies, invited = s.invited + EXCLUDED.invited,
    attended = s.attended + EXCLUDED.attended, hired = s.hired + EXCLUDED.hired, onboarded = s.onboarded + EXCLUDED.onboarded,
    hire_secs = s.hire_secs + EXCLUDED.hire_secs;
$$;

CREATE FUNCTION stats_positions_dept_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.department IS NOT NULL THEN PERFORM stats_dept_move(OLD.id, OLD.department, -1); END IF;
  IF NEW.department IS NOT NULL THEN PERFORM stats_dept_move(NEW.id, NEW.department, 1); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER stats_positions_dept AFTER UPDATE OF department ON positions FOR EACH ROW
  WHEN (OLD.department IS DISTINCT FROM NEW.department)
  EXECUTE FUNCTION stats_positions_dept_trg();

-- stats_rebuild(): 019's rebuild, then the department rows from the rebuilt per-position days
ALTER FUNCTION stats_rebuild() RENAME TO stats_rebuild_019;
CREATE FUNCTION stats_rebuild() RETURNS void LANGUAGE sql AS $$
  SELECT stats_rebuild_019();
  DELETE FROM stats_dept_daily;
  INSERT INTO stats_dept_daily (company_id, department, day, views, applies, invited, attended, hired, onboarded, hire_secs)
  SELECT r.company_id, p.department, r.day, sum(r.views), sum(r.applies), sum(r.invited), sum(r.attended), sum(r.hired), sum(r.onboarded), sum(r.hire_secs)
    FROM stats_recruit_daily r JOIN positions p ON p.id = r.position_id
   WHERE p.department IS NOT NULL
   GROUP BY r.company_id, p.department, r.day;
$$;

-- the rows that exist now
INSERT INTO stats_dept_daily (company_id, department, day, views, applies, invited, attended, hired, onboarded, hire_secs)
SELECT r.company_id, p.department, r.day, sum(r.views), sum(r.applies), sum(r.invited), sum(r.attended), sum(r.hired), sum(r.onboarded), sum(r.hire_secs)
  FROM stats_recruit_daily r JOIN positions p ON p.id = r.position_id
 WHERE p.department IS NOT NULL
 GROUP BY r.company_id, p.department, r.day;
