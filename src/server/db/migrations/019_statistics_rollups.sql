-- 019: the data panel's daily roll-ups (issue 15). With a million applications a year's panel
-- cannot count raw rows on every call (bench/statistics.bench.ts), so each figure the panel sums
-- is kept per China day (and per position / CRC reason) by triggers on the tables it comes from:
-- the same transaction that writes an application, interview, payout row or CRC change updates
-- the roll-up, so the roll-ups are exact and never stale (no background job). Each trigger takes
-- the old row's contribution off and adds the new row's. stats_rebuild() recomputes them all from
-- the source tables (run here once for existing data, and after bulk loads with triggers off).
-- Three grains, so that a year reads hundreds of rows, not hundreds of thousands: per company and
-- day (the funnel, the trend, headcounts), per position and day, per position and month (the
-- per-position table: whole months from the monthly rows, the partial months at the ends from the
-- daily ones); departures likewise per day and per month.

-- the China day of a moment, as the panel counts days (routes/statistics.ts `day`)
CREATE FUNCTION stats_day(ts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS
$$ SELECT ((ts AT TIME ZONE 'UTC') + interval '8 hours')::date $$;

-- 招聘: per company, position and China day. applies by created_at; invited (邀约面试, not
-- canceled) by the interview's created_at; attended (到场: done) by its pick_time; hired and
-- hire_secs (seconds from application to 录用, for the average) by hired_at; onboarded by onboard_at.
CREATE TABLE stats_recruit_daily (
  company_id  integer NOT NULL,
  position_id integer NOT NULL,
  day         date    NOT NULL,
  views       integer NOT NULL DEFAULT 0,
  applies     integer NOT NULL DEFAULT 0,
  invited     integer NOT NULL DEFAULT 0,
  attended    integer NOT NULL DEFAULT 0,
  hired       integer NOT NULL DEFAULT 0,
  onboarded   integer NOT NULL DEFAULT 0,
  hire_secs   numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, day, position_id)
);
CREATE INDEX stats_recruit_daily_position_idx ON stats_recruit_daily (position_id, day);

-- the same per position and month (month = its first day)
CREATE TABLE stats_recruit_monthly (
  company_id  integer NOT NULL,
  position_id integer NOT NULL,
  month       date    NOT NULL,
  views       integer NOT NULL DEFAULT 0,
  applies     integer NOT NULL DEFAULT 0,
  invited     integer NOT NULL DEFAULT 0,
  hired       integer NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, month, position_id)
);

-- per company and day: the recruitment figures summed over positions, and departures (left_count)
CREATE TABLE stats_company_daily (
  company_id  integer NOT NULL,
  day         date    NOT NULL,
  views       integer NOT NULL DEFAULT 0,
  applies     integer NOT NULL DEFAULT 0,
  invited     integer NOT NULL DEFAULT 0,
  attended    integer NOT NULL DEFAULT 0,
  hired       integer NOT NULL DEFAULT 0,
  onboarded   integer NOT NULL DEFAULT 0,
  hire_secs   numeric NOT NULL DEFAULT 0,
  left_count  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, day)
);

-- 灵活用工: payout rows by the China day they finished. paid/gross/fee/tax: success; failed: failed or bounced.
CREATE TABLE stats_flex_daily (
  company_id integer NOT NULL,
  day        date    NOT NULL,
  gross      bigint  NOT NULL DEFAULT 0,
  fee        bigint  NOT NULL DEFAULT 0,
  tax        bigint  NOT NULL DEFAULT 0,
  paid       integer NOT NULL DEFAULT 0,
  failed     integer NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, day)
);

-- CRC积分: per China day and reason (the ledger's text up to its first bracket: the person's name left out)
CREATE TABLE stats_crc_daily (
  company_id integer NOT NULL,
  day        date    NOT NULL,
  reason     text    NOT NULL,
  earned     bigint  NOT NULL DEFAULT 0,
  spent      bigint  NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, day, reason)
);

-- 离职: per company, China day, department and leave type. left_count: departure records by
-- leave_date; proofs: proofs by issued_at (department of their record; leave_type ''); handled and
-- handle_secs: resignation requests answered, by reviewed_at (their department; leave_type '').
CREATE TABLE stats_departure_daily (
  company_id  integer NOT NULL,
  day         date    NOT NULL,
  dept_name   text    NOT NULL,
  leave_type  text    NOT NULL,
  left_count  integer NOT NULL DEFAULT 0,
  proofs      integer NOT NULL DEFAULT 0,
  handled     integer NOT NULL DEFAULT 0,
  handle_secs numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, day, dept_name, leave_type)
);
CREATE TABLE stats_departure_monthly (
  company_id  integer NOT NULL,
  month       date    NOT NULL,
  dept_name   text    NOT NULL,
  leave_type  text    NOT NULL,
  left_count  integer NOT NULL DEFAULT 0,
  proofs      integer NOT NULL DEFAULT 0,
  handled     integer NOT NULL DEFAULT 0,
  handle_secs numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, month, dept_name, leave_type)
);
-- the 部门 filter's options: a loose index scan over the departments departures name
CREATE INDEX departure_records_company_dept_idx ON departure_records (company_id, dept_name);

CREATE FUNCTION stats_departure_add(c integer, d date, dept text, lt text, l integer, pr integer, h integer, hs numeric)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO stats_departure_daily AS s (company_id, day, dept_name, leave_type, left_count, proofs, handled, handle_secs)
  VALUES (c, d, dept, lt, l, pr, h, hs)
  ON CONFLICT (company_id, day, dept_name, leave_type) DO UPDATE SET
    left_count = s.left_count + EXCLUDED.left_count, proofs = s.proofs + EXCLUDED.proofs,
    handled = s.handled + EXCLUDED.handled, handle_secs = s.handle_secs + EXCLUDED.handle_secs;
  INSERT INTO stats_departure_monthly AS s (company_id, month, dept_name, leave_type, left_count, proofs, handled, handle_secs)
  VALUES (c, date_trunc('month', d)::date, dept, lt, l, pr, h, hs)
  ON CONFLICT (company_id, month, dept_name, leave_type) DO UPDATE SET
    left_count = s.left_count + EXCLUDED.left_count, proofs = s.proofs + EXCLUDED.proofs,
    handled = s.handled + EXCLUDED.handled, handle_secs = s.handle_secs + EXCLUDED.handle_secs;
  INSERT INTO stats_company_daily AS s (company_id, day, left_count) SELECT c, d, l WHERE l <> 0
  ON CONFLICT (company_id, day) DO UPDATE SET left_count = s.left_count + EXCLUDED.left_count;
$$;

CREATE FUNCTION stats_crc_reason(reason text) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT regexp_replace(reason, '[（(].*$', '') $$;

CREATE FUNCTION stats_recruit_add(c integer, p integer, d date, v integer, a integer, i integer, att integer, h integer, o integer, hs numeric)
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
$$;

CREATE FUNCTION stats_applications_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r applications;
  sg integer;
BEGIN
  FOR k IN 1..2 LOOP
    IF k = 1 AND TG_OP IN ('UPDATE', 'DELETE') THEN r := OLD; sg := -1;
    ELSIF k = 2 AND TG_OP IN ('UPDATE', 'INSERT') THEN r := NEW; sg := 1;
    ELSE CONTINUE;
    END IF;
    PERFORM stats_recruit_add(r.company_id, r.position_id, stats_day(r.created_at), 0, sg, 0, 0, 0, 0, 0);
    IF r.hired_at IS NOT NULL THEN
      PERFORM stats_recruit_add(r.company_id, r.position_id, stats_day(r.hired_at), 0, 0, 0, 0, sg, 0, sg * extract(epoch FROM r.hired_at - r.created_at));
    END IF;
    IF r.onboard_at IS NOT NULL THEN
      PERFORM stats_recruit_add(r.company_id, r.position_id, stats_day(r.onboard_at), 0, 0, 0, 0, 0, sg, 0);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER stats_applications AFTER INSERT OR DELETE ON applications FOR EACH ROW EXECUTE FUNCTION stats_applications_trg();
CREATE TRIGGER stats_applications_upd AFTER UPDATE ON applications FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.position_id IS DISTINCT FROM NEW.position_id
        OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.hired_at IS DISTINCT FROM NEW.hired_at
        OR OLD.onboard_at IS DISTINCT FROM NEW.onboard_at)
  EXECUTE FUNCTION stats_applications_trg();

CREATE FUNCTION stats_interviews_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r interviews;
  sg integer;
BEGIN
  FOR k IN 1..2 LOOP
    IF k = 1 AND TG_OP IN ('UPDATE', 'DELETE') THEN r := OLD; sg := -1;
    ELSIF k = 2 AND TG_OP IN ('UPDATE', 'INSERT') THEN r := NEW; sg := 1;
    ELSE CONTINUE;
    END IF;
    IF r.status <> 'canceled' THEN
      PERFORM stats_recruit_add(r.company_id, r.position_id, stats_day(r.created_at), 0, 0, sg, 0, 0, 0, 0);
    END IF;
    IF r.status = 'done' THEN
      PERFORM stats_recruit_add(r.company_id, r.position_id, stats_day(r.pick_time), 0, 0, 0, sg, 0, 0, 0);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER stats_interviews AFTER INSERT OR DELETE ON interviews FOR EACH ROW EXECUTE FUNCTION stats_interviews_trg();
CREATE TRIGGER stats_interviews_upd AFTER UPDATE ON interviews FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.position_id IS DISTINCT FROM NEW.position_id
        OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.pick_time IS DISTINCT FROM NEW.pick_time
        OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION stats_interviews_trg();

-- 浏览: position_views is already per position and day; its changes flow into the roll-ups
CREATE FUNCTION stats_position_views_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM stats_recruit_add(OLD.company_id, OLD.position_id, OLD.day, -OLD.views, 0, 0, 0, 0, 0, 0); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM stats_recruit_add(NEW.company_id, NEW.position_id, NEW.day, NEW.views, 0, 0, 0, 0, 0, 0); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER stats_position_views AFTER INSERT OR UPDATE OR DELETE ON position_views FOR EACH ROW EXECUTE FUNCTION stats_position_views_trg();

CREATE FUNCTION stats_payout_rows_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r payout_rows;
  sg integer;
BEGIN
  FOR k IN 1..2 LOOP
    IF k = 1 AND TG_OP IN ('UPDATE', 'DELETE') THEN r := OLD; sg := -1;
    ELSIF k = 2 AND TG_OP IN ('UPDATE', 'INSERT') THEN r := NEW; sg := 1;
    ELSE CONTINUE;
    END IF;
    IF r.finished_at IS NOT NULL AND r.status IN ('success', 'failed', 'bounced') THEN
      INSERT INTO stats_flex_daily AS s (company_id, day, gross, fee, tax, paid, failed)
      VALUES (r.company_id, stats_day(r.finished_at),
              CASE WHEN r.status = 'success' THEN sg * r.amount ELSE 0 END, CASE WHEN r.status = 'success' THEN sg * r.fee ELSE 0 END,
              CASE WHEN r.status = 'success' THEN sg * r.tax ELSE 0 END, CASE WHEN r.status = 'success' THEN sg ELSE 0 END,
              CASE WHEN r.status = 'success' THEN 0 ELSE sg END)
      ON CONFLICT (company_id, day) DO UPDATE SET gross = s.gross + EXCLUDED.gross, fee = s.fee + EXCLUDED.fee, tax = s.tax + EXCLUDED.tax,
        paid = s.paid + EXCLUDED.paid, failed = s.failed + EXCLUDED.failed;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER stats_payout_rows AFTER INSERT OR DELETE ON payout_rows FOR EACH ROW EXECUTE FUNCTION stats_payout_rows_trg();
CREATE TRIGGER stats_payout_rows_upd AFTER UPDATE ON payout_rows FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.status IS DISTINCT FROM NEW.status OR OLD.finished_at IS DISTINCT FROM NEW.finished_at
        OR OLD.amount IS DISTINCT FROM NEW.amount OR OLD.fee IS DISTINCT FROM NEW.fee OR OLD.tax IS DISTINCT FROM NEW.tax)
  EXECUTE FUNCTION stats_payout_rows_trg();

CREATE FUNCTION stats_crc_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r crc_ledger;
  sg integer;
BEGIN
  FOR k IN 1..2 LOOP
    IF k = 1 AND TG_OP IN ('UPDATE', 'DELETE') THEN r := OLD; sg := -1;
    ELSIF k = 2 AND TG_OP IN ('UPDATE', 'INSERT') THEN r := NEW; sg := 1;
    ELSE CONTINUE;
    END IF;
    INSERT INTO stats_crc_daily AS s (company_id, day, reason, earned, spent)
    VALUES (r.company_id, stats_day(r.created_at), stats_crc_reason(r.reason), sg * greatest(r.delta, 0), sg * greatest(-r.delta, 0))
    ON CONFLICT (company_id, day, reason) DO UPDATE SET earned = s.earned + EXCLUDED.earned, spent = s.spent + EXCLUDED.spent;
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER stats_crc AFTER INSERT OR DELETE ON crc_ledger FOR EACH ROW EXECUTE FUNCTION stats_crc_trg();
CREATE TRIGGER stats_crc_upd AFTER UPDATE ON crc_ledger FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.delta IS DISTINCT FROM NEW.delta OR OLD.created_at IS DISTINCT FROM NEW.created_at
        OR OLD.reason IS DISTINCT FROM NEW.reason)
  EXECUTE FUNCTION stats_crc_trg();

CREATE FUNCTION stats_departure_records_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r departure_records;
  sg integer;
BEGIN
  FOR k IN 1..2 LOOP
    IF k = 1 AND TG_OP IN ('UPDATE', 'DELETE') THEN r := OLD; sg := -1;
    ELSIF k = 2 AND TG_OP IN ('UPDATE', 'INSERT') THEN r := NEW; sg := 1;
    ELSE CONTINUE;
    END IF;
    PERFORM stats_departure_add(r.company_id, r.leave_date, r.dept_name, r.leave_type, sg, 0, 0, 0);
    -- the record's issued proofs count under its department: they move with it
    IF TG_OP = 'UPDATE' AND OLD.dept_name IS DISTINCT FROM NEW.dept_name THEN
      PERFORM stats_departure_add(r.company_id, stats_day(p.issued_at), r.dept_name, '', 0, sg, 0, 0)
         FROM departure_proofs p WHERE p.record_id = r.id AND p.issued_at IS NOT NULL;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER stats_departure_records AFTER INSERT OR DELETE ON departure_records FOR EACH ROW EXECUTE FUNCTION stats_departure_records_trg();
CREATE TRIGGER stats_departure_records_upd AFTER UPDATE ON departure_records FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.leave_date IS DISTINCT FROM NEW.leave_date
        OR OLD.dept_name IS DISTINCT FROM NEW.dept_name OR OLD.leave_type IS DISTINCT FROM NEW.leave_type)
  EXECUTE FUNCTION stats_departure_records_trg();

CREATE FUNCTION stats_departure_proofs_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r departure_proofs;
  sg integer;
BEGIN
  FOR k IN 1..2 LOOP
    IF k = 1 AND TG_OP IN ('UPDATE', 'DELETE') THEN r := OLD; sg := -1;
    ELSIF k = 2 AND TG_OP IN ('UPDATE', 'INSERT') THEN r := NEW; sg := 1;
    ELSE CONTINUE;
    END IF;
    IF r.issued_at IS NOT NULL THEN
      PERFORM stats_departure_add(r.company_id, stats_day(r.issued_at), coalesce((SELECT d.dept_name FROM departure_records d WHERE d.id = r.record_id), ''), '', 0, sg, 0, 0);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER stats_departure_proofs AFTER INSERT OR DELETE ON departure_proofs FOR EACH ROW EXECUTE FUNCTION stats_departure_proofs_trg();
CREATE TRIGGER stats_departure_proofs_upd AFTER UPDATE ON departure_proofs FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.issued_at IS DISTINCT FROM NEW.issued_at OR OLD.record_id IS DISTINCT FROM NEW.record_id)
  EXECUTE FUNCTION stats_departure_proofs_trg();

CREATE FUNCTION stats_resignation_requests_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r resignation_requests;
  sg integer;
BEGIN
  FOR k IN 1..2 LOOP
    IF k = 1 AND TG_OP IN ('UPDATE', 'DELETE') THEN r := OLD; sg := -1;
    ELSIF k = 2 AND TG_OP IN ('UPDATE', 'INSERT') THEN r := NEW; sg := 1;
    ELSE CONTINUE;
    END IF;
    IF r.reviewed_at IS NOT NULL THEN
      PERFORM stats_departure_add(r.company_id, stats_day(r.reviewed_at), r.dept_name, '', 0, 0, sg, sg * extract(epoch FROM r.reviewed_at - r.submitted_at));
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER stats_resignation_requests AFTER INSERT OR DELETE ON resignation_requests FOR EACH ROW EXECUTE FUNCTION stats_resignation_requests_trg();
CREATE TRIGGER stats_resignation_requests_upd AFTER UPDATE ON resignation_requests FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.reviewed_at IS DISTINCT FROM NEW.reviewed_at
        OR OLD.submitted_at IS DISTINCT FROM NEW.submitted_at OR OLD.dept_name IS DISTINCT FROM NEW.dept_name)
  EXECUTE FUNCTION stats_resignation_requests_trg();

-- Recompute every roll-up from the source tables (exact; takes the tables' rows as they are now).
CREATE FUNCTION stats_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM stats_recruit_daily;
  INSERT INTO stats_recruit_daily (company_id, position_id, day, views, applies, invited, attended, hired, onboarded, hire_secs)
  SELECT company_id, position_id, day, sum(v), sum(a), sum(i), sum(att), sum(h), sum(o), sum(hs) FROM (
      SELECT company_id, position_id, day, views AS v, 0 AS a, 0 AS i, 0 AS att, 0 AS h, 0 AS o, 0::numeric AS hs FROM position_views
      UNION ALL
      SELECT company_id, position_id, stats_day(created_at), 0, 1, 0, 0, 0, 0, 0 FROM applications
      UNION ALL
      SELECT company_id, position_id, stats_day(hired_at), 0, 0, 0, 0, 1, 0, extract(epoch FROM hired_at - created_at) FROM applications WHERE hired_at IS NOT NULL
      UNION ALL
      SELECT company_id, position_id, stats_day(onboard_at), 0, 0, 0, 0, 0, 1, 0 FROM applications WHERE onboard_at IS NOT NULL
      UNION ALL
      SELECT company_id, position_id, stats_day(created_at), 0, 0, 1, 0, 0, 0, 0 FROM interviews WHERE status <> 'canceled'
      UNION ALL
      SELECT company_id, position_id, stats_day(pick_time), 0, 0, 0, 1, 0, 0, 0 FROM interviews WHERE status = 'done'
    ) x GROUP BY company_id, position_id, day;
  DELETE FROM stats_recruit_monthly;
  INSERT INTO stats_recruit_monthly (company_id, position_id, month, views, applies, invited, hired)
  SELECT company_id, position_id, date_trunc('month', day)::date, sum(views), sum(applies), sum(invited), sum(hired)
    FROM stats_recruit_daily GROUP BY 1, 2, 3;
  DELETE FROM stats_departure_daily;
  INSERT INTO stats_departure_daily (company_id, day, dept_name, leave_type, left_count, proofs, handled, handle_secs)
  SELECT company_id, day, dept_name, leave_type, sum(l), sum(pr), sum(h), sum(hs) FROM (
      SELECT company_id, leave_date AS day, dept_name, leave_type, 1 AS l, 0 AS pr, 0 AS h, 0::numeric AS hs FROM departure_records
      UNION ALL
      SELECT p.company_id, stats_day(p.issued_at), coalesce(d.dept_name, ''), '', 0, 1, 0, 0
        FROM departure_proofs p LEFT JOIN departure_records d ON d.id = p.record_id WHERE p.issued_at IS NOT NULL
      UNION ALL
      SELECT company_id, stats_day(reviewed_at), dept_name, '', 0, 0, 1, extract(epoch FROM reviewed_at - submitted_at)
        FROM resignation_requests WHERE reviewed_at IS NOT NULL
    ) x GROUP BY company_id, day, dept_name, leave_type;
  DELETE FROM stats_departure_monthly;
  INSERT INTO stats_departure_monthly (company_id, month, dept_name, leave_type, left_count, proofs, handled, handle_secs)
  SELECT company_id, date_trunc('month', day)::date, dept_name, leave_type, sum(left_count), sum(proofs), sum(handled), sum(handle_secs)
    FROM stats_departure_daily GROUP BY 1, 2, 3, 4;
  DELETE FROM stats_company_daily;
  INSERT INTO stats_company_daily (company_id, day, views, applies, invited, attended, hired, onboarded, hire_secs, left_count)
  SELECT company_id, day, sum(v), sum(a), sum(i), sum(att), sum(h), sum(o), sum(hs), sum(l) FROM (
      SELECT company_id, day, views AS v, applies AS a, invited AS i, attended AS att, hired AS h, onboarded AS o, hire_secs AS hs, 0 AS l FROM stats_recruit_daily
      UNION ALL
      SELECT company_id, day, 0, 0, 0, 0, 0, 0, 0, left_count FROM stats_departure_daily WHERE left_count <> 0
    ) x GROUP BY company_id, day;
  DELETE FROM stats_flex_daily;
  INSERT INTO stats_flex_daily (company_id, day, gross, fee, tax, paid, failed)
  SELECT company_id, stats_day(finished_at),
         coalesce(sum(amount) FILTER (WHERE status = 'success'), 0), coalesce(sum(fee) FILTER (WHERE status = 'success'), 0),
         coalesce(sum(tax) FILTER (WHERE status = 'success'), 0), count(*) FILTER (WHERE status = 'success'),
         count(*) FILTER (WHERE status IN ('failed', 'bounced'))
    FROM payout_rows WHERE finished_at IS NOT NULL AND status IN ('success', 'failed', 'bounced') GROUP BY 1, 2;
  DELETE FROM stats_crc_daily;
  INSERT INTO stats_crc_daily (company_id, day, reason, earned, spent)
  SELECT company_id, stats_day(created_at), stats_crc_reason(reason), sum(greatest(delta, 0)), sum(greatest(-delta, 0))
    FROM crc_ledger GROUP BY 1, 2, 3;
$$;

SELECT stats_rebuild();
