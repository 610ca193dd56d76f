-- 055: retention of issue 29's evidence (docs/pii.md "Retention"; domain/accounts/retention-employment.ts),
-- and the policies upload credentials carry (the sandboxes evaluate them as RAM does; sandbox/ram-policy.ts).

-- When an engagement ended. A signature's validity, a real-name check's purpose and a delivery's
-- photos all end with the task worker's engagement: the task ended (or was cancelled) and nothing of
-- theirs is still open (a delivery waiting for 验收, a payout not yet final). `ended_at` is set by
-- transitionTask (domain/employment/tasks.ts); before 055 an ended task's last change was its end.
ALTER TABLE flex_tasks ADD COLUMN ended_at timestamptz;
UPDATE flex_tasks SET ended_at = updated_at WHERE status IN ('ended', 'canceled');

-- A task worker removed from a task (or gone with a deleted task) ends their engagement then; the
-- row is gone, so the moment is kept here for their evidence and checks (written by the trigger
-- below, only for someone who has any).
CREATE TABLE flex_engagement_ends (
  company_id     integer     NOT NULL REFERENCES companies (id),
  task_worker_id integer     NOT NULL,
  ended_at       timestamptz NOT NULL,
  PRIMARY KEY (task_worker_id, company_id)
);
CREATE FUNCTION flex_engagement_end_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM sign_evidence WHERE task_worker_id = OLD.id AND company_id = OLD.company_id)
     OR EXISTS (SELECT 1 FROM realname_checks WHERE task_worker_id = OLD.id AND company_id = OLD.company_id) THEN
    INSERT INTO flex_engagement_ends (company_id, task_worker_id, ended_at) VALUES (OLD.company_id, OLD.id, now())
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN OLD;
END;
$$;
CREATE TRIGGER flex_task_workers_engagement_end AFTER DELETE ON flex_task_workers FOR EACH ROW EXECUTE FUNCTION flex_engagement_end_on_delete();
-- evidence and checks of people removed before 055: their end is not known, so it is taken as now
-- (later than the truth: kept longer, never shorter)
INSERT INTO flex_engagement_ends (company_id, task_worker_id, ended_at)
SELECT DISTINCT x.company_id, x.task_worker_id, now()
  FROM (SELECT company_id, task_worker_id FROM sign_evidence UNION SELECT company_id, task_worker_id FROM realname_checks) x
 WHERE NOT EXISTS (SELECT 1 FROM flex_task_workers w WHERE w.id = x.task_worker_id)
ON CONFLICT DO NOTHING;

-- The end of a task worker's engagement, NULL while it lasts: the task is open, a delivery waits
-- for 验收, or a payout to them is pending or paying. Else the latest of the task's end, their
-- delivery and 验收 and their payouts. One definition for the retention sweep and the guards below.
CREATE FUNCTION flex_engagement_end(p_company integer, p_task_worker integer) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT e.ended_at FROM flex_engagement_ends e WHERE e.task_worker_id = p_task_worker AND e.company_id = p_company),
    (SELECT CASE
              WHEN t.status NOT IN ('ended', 'canceled') OR t.ended_at IS NULL OR w.work_status = 'delivered' THEN NULL
              WHEN EXISTS (SELECT 1 FROM payout_rows r WHERE r.task_worker_id = w.id AND r.company_id = w.company_id
                              AND r.status IN ('pending', 'paying')) THEN NULL
              ELSE greatest(t.ended_at, w.delivered_at, w.accepted_at,
                            (SELECT max(coalesce(r.finished_at, r.created_at)) FROM payout_rows r
                              WHERE r.task_worker_id = w.id AND r.company_id = w.company_id))
            END
       FROM flex_task_workers w JOIN flex_tasks t ON t.id = w.task_id AND t.company_id = w.company_id
      WHERE w.id = p_task_worker AND w.company_id = p_company))
$$;

-- sign_evidence stays append-only (no UPDATE, no TRUNCATE, no DELETE) except one narrow DELETE: the
-- retention sweep's, with the transaction-local setting `hr.retention` on, of a row whose
-- engagement ended more than 5 years ago (电子签名法 art. 24; RETENTION_RULES.evidenceYears; a day's
-- slack for the servers' clocks). The setting alone opens nothing: the period is checked here.
DROP TRIGGER sign_evidence_no_change ON sign_evidence;
CREATE FUNCTION sign_evidence_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ended timestamptz;
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('hr.retention', true) = 'on' THEN
    ended := flex_engagement_end(OLD.company_id, OLD.task_worker_id);
    IF ended IS NOT NULL AND ended < now() - interval '5 years' + interval '1 day' THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'sign_evidence: a signature''s evidence is kept 5 years after the engagement ends' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RAISE EXCEPTION 'sign_evidence is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER sign_evidence_guard BEFORE UPDATE OR DELETE ON sign_evidence FOR EACH ROW EXECUTE FUNCTION sign_evidence_guard();
CREATE INDEX sign_evidence_signed_at_idx ON sign_evidence (signed_at);
CREATE INDEX sign_evidence_realname_idx ON sign_evidence (realname_check_id) WHERE realname_check_id IS NOT NULL;

-- realname_checks likewise: the sweep may delete a check no evidence cites (by id, or as the same
-- task worker's) once that engagement ended more than a year ago (RETENTION_RULES.realnameYears).
DROP TRIGGER realname_checks_no_change ON realname_checks;
CREATE FUNCTION realname_checks_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ended timestamptz;
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('hr.retention', true) = 'on' THEN
    IF EXISTS (SELECT 1 FROM sign_evidence e WHERE e.realname_check_id = OLD.id)
       OR EXISTS (SELECT 1 FROM sign_evidence e WHERE e.task_worker_id = OLD.task_worker_id AND e.company_id = OLD.company_id) THEN
      RAISE EXCEPTION 'realname_checks: a check is kept with the signature evidence that cites it' USING ERRCODE = 'insufficient_privilege';
    END IF;
    ended := flex_engagement_end(OLD.company_id, OLD.task_worker_id);
    IF ended IS NOT NULL AND ended < now() - interval '1 year' + interval '1 day' THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'realname_checks: a check is kept 1 year after the engagement ends' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RAISE EXCEPTION 'realname_checks is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER realname_checks_guard BEFORE UPDATE OR DELETE ON realname_checks FOR EACH ROW EXECUTE FUNCTION realname_checks_guard();
CREATE INDEX realname_checks_checked_at_idx ON realname_checks (checked_at);

-- What the pages say instead of failing: HR's list and the evidence page (签署证据已按保存期限删除),
-- a delivery's photos (交付照片已按保存期限删除: the row stays, its media row and object go).
ALTER TABLE flex_task_workers ADD COLUMN evidence_purged_at timestamptz;
ALTER TABLE flex_delivery_files ADD COLUMN purged_at timestamptz;
CREATE INDEX flex_delivery_files_created_idx ON flex_delivery_files (created_at) WHERE purged_at IS NULL;

-- Images to delete at the video service (DeleteImage, which removes the stored object with its
-- record): written by the sweep in its transaction, worked by the `retention-media` job outside
-- any transaction (the demo's video service is a sandbox of the same server). A row stays until
-- the service confirms, so a service that is down only delays the deletion.
CREATE TABLE retention_media_deletes (
  media_id   text        PRIMARY KEY,
  kind       text        NOT NULL CHECK (kind IN ('image')),
  queued_at  timestamptz NOT NULL,
  tries      integer     NOT NULL DEFAULT 0,
  last_error text        NOT NULL DEFAULT ''
);

-- An upload credential's rights: the RAM policy documents it is bound to (for STS, the role's and
-- the session's), evaluated by the OSS and VOD sandboxes — default deny, Deny wins, an action must
-- be allowed by every one of them. A credential without any (minted before 055) may do nothing.
ALTER TABLE sts_credentials ADD COLUMN policies jsonb NOT NULL DEFAULT '[]';
