-- 030: 自动验收 (issue 16 item 5): a delivery still 待验收 longer than its task's 自动验收天数 is
-- accepted by the `acceptance-auto` job (jobs/acceptance.ts) as HR's 验收通过 would be; the row
-- remembers that the system accepted it (accepted_by stays NULL), and the job finds the
-- deliveries waiting through a partial index.
ALTER TABLE flex_task_workers ADD COLUMN accepted_auto boolean NOT NULL DEFAULT false;
CREATE INDEX flex_task_workers_delivered_idx ON flex_task_workers (delivered_at) WHERE work_status = 'delivered';

-- The recruitment funnel as a cohort (docs/decisions.md "Funnel: a cohort of the range's
-- applications"): of the applications received on a day, how many have reached at least each
-- step by now — 邀约面试 (an interview of the application, not canceled), 到场 (one done), 录用,
-- 入职. applications.reach is the furthest step (0 投递 … 4 入职); its contribution is kept on the
-- application's created day in the per-position, per-company and per-department days, by triggers
-- in the writing transaction like 019/021's, so the funnel stays one read of ≤ 366 day rows.
ALTER TABLE applications ADD COLUMN reach smallint NOT NULL DEFAULT 0 CHECK (reach BETWEEN 0 AND 4);
ALTER TABLE stats_recruit_daily ADD COLUMN r_invited integer NOT NULL DEFAULT 0, ADD COLUMN r_attended integer NOT NULL DEFAULT 0,
  ADD COLUMN r_hired integer NOT NULL DEFAULT 0, ADD COLUMN r_onboarded integer NOT NULL DEFAULT 0;
ALTER TABLE stats_company_daily ADD COLUMN r_invited integer NOT NULL DEFAULT 0, ADD COLUMN r_attended integer NOT NULL DEFAULT 0,
  ADD COLUMN r_hired integer NOT NULL DEFAULT 0, ADD COLUMN r_onboarded integer NOT NULL DEFAULT 0;
ALTER TABLE stats_dept_daily ADD COLUMN r_invited integer NOT NULL DEFAULT 0, ADD COLUMN r_attended integer NOT NULL DEFAULT 0,
  ADD COLUMN r_hired integer NOT NULL DEFAULT 0, ADD COLUMN r_onboarded integer NOT NULL DEFAULT 0;

-- the furthest step an application has reached
CREATE FUNCTION stats_reach_of(aid integer, hired timestamptz, onboard timestamptz) RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (CASE WHEN onboard IS NOT NULL THEN 4 WHEN hired IS NOT NULL THEN 3
               ELSE coalesce((SELECT max(CASE WHEN i.status = 'done' THEN 2 ELSE 1 END) FROM interviews i
                               WHERE i.application_id = aid AND i.status <> 'canceled'), 0) END)::smallint
$$;

-- an application's reach `lvl`, signed, onto its day's rows (the 投递 itself is 019's `applies`)
CREATE FUNCTION stats_reach_add(c integer, p integer, d date, lvl integer, sg integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stats_recruit_daily AS s (company_id, position_id, day, r_invited, r_attended, r_hired, r_onboarded)
  VALUES (c, p, d, sg * (lvl >= 1)::int, sg * (lvl >= 2)::int, sg * (lvl >= 3)::int, sg * (lvl >= 4)::int)
  ON CONFLICT (company_id, day, position_id) DO UPDATE SET
    r_invited = s.r_invited + EXCLUDED.r_invited, r_attended = s.r_attended + EXCLUDED.r_attended,
    r_hired = s.r_hired + EXCLUDED.r_hired, r_onboarded = s.r_onboarded + EXCLUDED.r_onboarded;
  INSERT INTO stats_company_daily AS s (company_id, day, r_invited, r_attended, r_hired, r_onboarded)
  VALUES (c, d, sg * (lvl >= 1)::int, sg * (lvl >= 2)::int, sg * (lvl >= 3)::int, sg * (lvl >= 4)::int)
  ON CONFLICT (company_id, day) DO UPDATE SET
    r_invited = s.r_invited + EXCLUDED.r_invited, r_attended = s.r_attended + EXCLUDED.r_attended,
    r_hired = s.r_hired + EXCLUDED.r_hired, r_onboarded = s.r_onboarded + EXCLUDED.r_onboarded;
  INSERT INTO stats_dept_daily AS s (company_id, department, day, r_invited, r_attended, r_hired, r_onboarded)
  SELECT c, pos.department, d, sg * (lvl >= 1)::int, sg * (lvl >= 2)::int, sg * (lvl >= 3)::int, sg * (lvl >= 4)::int
    FROM positions pos WHERE pos.id = p AND pos.department IS NOT NULL
  ON CONFLICT (company_id, department, day) DO UPDATE SET
    r_invited = s.r_invited + EXCLUDED.r_invited, r_attended = s.r_attended + EXCLUDED.r_attended,
    r_hired = s.r_hired + EXCLUDED.r_hired, r_onboarded = s.r_onboarded + EXCLUDED.r_onboarded;
$$;

-- an application's interviews, found by the application (the reach of one application, and below)
CREATE INDEX interviews_application_idx ON interviews (application_id) WHERE application_id IS NOT NULL;

-- every application's reach at once (the backfill and stats_rebuild)
CREATE FUNCTION stats_reach_all() RETURNS void LANGUAGE sql AS $$
  UPDATE applications a SET reach = x.r
    FROM (SELECT a2.id, (CASE WHEN a2.onboard_at IS NOT NULL THEN 4 WHEN a2.hired_at IS NOT NULL THEN 3 ELSE coalesce(i.lvl, 0) END)::smallint AS r
            FROM applications a2
            LEFT JOIN (SELECT application_id, max(CASE WHEN status = 'done' THEN 2 ELSE 1 END) AS lvl FROM interviews
                        WHERE application_id IS NOT NULL AND status <> 'canceled' GROUP BY application_id) i ON i.application_id = a2.id) x
   WHERE x.id = a.id AND a.reach <> x.r;
$$;

-- the existing applications (before the triggers: nothing counted twice)
SELECT stats_reach_all();
SELECT stats_reach_add(company_id, position_id, stats_day(created_at), reach, 1) FROM applications WHERE reach > 0;

CREATE FUNCTION stats_reach_applications_before() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.reach := stats_reach_of(NEW.id, NEW.hired_at, NEW.onboard_at);
  RETURN NEW;
END $$;
CREATE TRIGGER stats_reach_applications_set BEFORE INSERT OR UPDATE OF hired_at, onboard_at ON applications
  FOR EACH ROW EXECUTE FUNCTION stats_reach_applications_before();

CREATE FUNCTION stats_reach_applications_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.reach > 0 THEN
    PERFORM stats_reach_add(OLD.company_id, OLD.position_id, stats_day(OLD.created_at), OLD.reach, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.reach > 0 THEN
    PERFORM stats_reach_add(NEW.company_id, NEW.position_id, stats_day(NEW.created_at), NEW.reach, 1);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER stats_reach_applications AFTER INSERT OR DELETE ON applications FOR EACH ROW EXECUTE FUNCTION stats_reach_applications_trg();
-- (not while stats_rebuild() recomputes every reach: it rebuilds the days itself after)
CREATE TRIGGER stats_reach_applications_upd AFTER UPDATE ON applications FOR EACH ROW
  WHEN ((OLD.reach IS DISTINCT FROM NEW.reach OR OLD.company_id IS DISTINCT FROM NEW.company_id
         OR OLD.position_id IS DISTINCT FROM NEW.position_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
        AND coalesce(current_setting('stats.rebuilding', true), '') <> 'on')
  EXECUTE FUNCTION stats_reach_applications_trg();

-- an interview of an application moves the application's reach (which moves its days above)
CREATE FUNCTION stats_reach_interviews_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications a SET reach = stats_reach_of(a.id, a.hired_at, a.onboard_at)
   WHERE a.id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.application_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.application_id END)
     AND a.reach <> stats_reach_of(a.id, a.hired_at, a.onboard_at);
  RETURN NULL;
END $$;
CREATE TRIGGER stats_reach_interviews AFTER INSERT OR DELETE ON interviews FOR EACH ROW EXECUTE FUNCTION stats_reach_interviews_trg();
CREATE TRIGGER stats_reach_interviews_upd AFTER UPDATE ON interviews FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.application_id IS DISTINCT FROM NEW.application_id)
  EXECUTE FUNCTION stats_reach_interviews_trg();

-- 021's move of a position's history to its new department, with the reach columns
CREATE OR REPLACE FUNCTION stats_dept_move(pid integer, dept text, sg integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stats_dept_daily AS s (company_id, department, day, views, applies, invited, attended, hired, onboarded, hire_secs,
                                     r_invited, r_attended, r_hired, r_onboarded)
  SELECT r.company_id, dept, r.day, sg * r.views, sg * r.applies, sg * r.invited, sg * r.attended, sg * r.hired, sg * r.onboarded, sg * r.hire_secs,
         sg * r.r_invited, sg * r.r_attended, sg * r.r_hired, sg * r.r_onboarded
    FROM stats_recruit_daily r WHERE r.position_id = pid
  ON CONFLICT (company_id, department, day) DO UPDATE SET
    views = s.views + EXCLUDED.views, applies = s.applies + EXCLUDED.applies, invited = s.invited + EXCLUDED.invited,
    attended = s.attended + EXCLUDED.attended, hired = s.hired + EXCLUDED.hired, onboarded = s.onboarded + EXCLUDED.onboarded,
    hire_secs = s.hire_secs + EXCLUDED.hire_secs, r_invited = s.r_invited + EXCLUDED.r_invited, r_attended = s.r_attended + EXCLUDED.r_attended,
    r_hired = s.r_hired + EXCLUDED.r_hired, r_onboarded = s.r_onboarded + EXCLUDED.r_onboarded;
$$;

-- stats_rebuild(): 021's rebuild (which clears the days), then every application's reach again
ALTER FUNCTION stats_rebuild() RENAME TO stats_rebuild_021;
CREATE FUNCTION stats_rebuild() RETURNS void LANGUAGE sql AS $$
  SELECT stats_rebuild_021();
  SELECT set_config('stats.rebuilding', 'on', true);
  SELECT stats_reach_all();
  SELECT set_config('stats.rebuilding', 'off', true);
  UPDATE stats_recruit_daily SET r_invited = 0, r_attended = 0, r_hired = 0, r_onboarded = 0 WHERE r_invited <> 0;
  UPDATE stats_company_daily SET r_invited = 0, r_attended = 0, r_hired = 0, r_onboarded = 0 WHERE r_invited <> 0;
  UPDATE stats_dept_daily SET r_invited = 0, r_attended = 0, r_hired = 0, r_onboarded = 0 WHERE r_invited <> 0;
  UPDATE stats_recruit_daily s SET r_invited = x.i, r_attended = x.att, r_hired = x.h, r_onboarded = x.o
    FROM (SELECT company_id, position_id, stats_day(created_at) AS d, count(*) FILTER (WHERE reach >= 1) AS i, count(*) FILTER (WHERE reach >= 2) AS att,
                 count(*) FILTER (WHERE reach >= 3) AS h, count(*) FILTER (WHERE reach >= 4) AS o
            FROM applications WHERE reach > 0 GROUP BY 1, 2, 3) x
   WHERE s.company_id = x.company_id AND s.position_id = x.position_id AND s.day = x.d;
  UPDATE stats_company_daily s SET r_invited = x.i, r_attended = x.att, r_hired = x.h, r_onboarded = x.o
    FROM (SELECT company_id, d, sum(r_invited) AS i, sum(r_attended) AS att, sum(r_hired) AS h, sum(r_onboarded) AS o
            FROM (SELECT company_id, day AS d, r_invited, r_attended, r_hired, r_onboarded FROM stats_recruit_daily WHERE r_invited > 0) r GROUP BY 1, 2) x
   WHERE s.company_id = x.company_id AND s.day = x.d;
  UPDATE stats_dept_daily s SET r_invited = x.i, r_attended = x.att, r_hired = x.h, r_onboarded = x.o
    FROM (SELECT r.company_id, p.department, r.day AS d, sum(r.r_invited) AS i, sum(r.r_attended) AS att, sum(r.r_hired) AS h, sum(r.r_onboarded) AS o
            FROM stats_recruit_daily r JOIN positions p ON p.id = r.position_id
           WHERE r.r_invited > 0 AND p.department IS NOT NULL GROUP BY 1, 2, 3) x
   WHERE s.company_id = x.company_id AND s.department = x.department AND s.day = x.d;
$$;
