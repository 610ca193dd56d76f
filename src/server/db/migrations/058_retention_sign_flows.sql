-- 058: retention of what e签宝's signing flows keep (054), like the evidence of 055
-- (domain/accounts/retention-employment.ts; docs/pii.md "Retention").

-- The signed PDF (its signature names the signer) goes with its evidence, in the same sweep
-- transaction: sign_evidence_files stays append-only, and its one DELETE needs the retention
-- setting AND its evidence row gone already (checked here, so the file can never outlive or
-- leave before its evidence by any statement).
DROP TRIGGER sign_evidence_files_no_change ON sign_evidence_files;
CREATE FUNCTION sign_evidence_files_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('hr.retention', true) = 'on' THEN
    IF NOT EXISTS (SELECT 1 FROM sign_evidence e WHERE e.id = OLD.evidence_id AND e.company_id = OLD.company_id) THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'sign_evidence_files: a signed file is kept as long as its evidence' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RAISE EXCEPTION 'sign_evidence_files is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER sign_evidence_files_guard BEFORE UPDATE OR DELETE ON sign_evidence_files FOR EACH ROW EXECUTE FUNCTION sign_evidence_files_guard();

-- A signing flow holds the tap's IP and user agent and cites the real-name check: a removed
-- person's flows need the end of their engagement too, as their evidence and checks do (055).
CREATE OR REPLACE FUNCTION flex_engagement_end_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM sign_evidence WHERE task_worker_id = OLD.id AND company_id = OLD.company_id)
     OR EXISTS (SELECT 1 FROM realname_checks WHERE task_worker_id = OLD.id AND company_id = OLD.company_id)
     OR EXISTS (SELECT 1 FROM esign_sign_flows WHERE task_worker_id = OLD.id AND company_id = OLD.company_id) THEN
    INSERT INTO flex_engagement_ends (company_id, task_worker_id, ended_at) VALUES (OLD.company_id, OLD.id, now())
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN OLD;
END;
$$;
-- flows of people removed before 058: their end is not known, taken as now (kept longer, never shorter)
INSERT INTO flex_engagement_ends (company_id, task_worker_id, ended_at)
SELECT DISTINCT f.company_id, f.task_worker_id, now() FROM esign_sign_flows f
 WHERE NOT EXISTS (SELECT 1 FROM flex_task_workers w WHERE w.id = f.task_worker_id)
ON CONFLICT DO NOTHING;
