-- 070: data at scale, the rest (issue 34, docs/decisions.md "Data at scale: keyset lists and kept counts").
-- 1. People per flex task (报名 / 录用 / 已签约 / 已验收) and rows per payout batch by status, kept on
--    the task and the batch by triggers in the transaction of every change; *_counts_rebuild()
--    recounts. The task list and a batch's page no longer count their people or rows per call.
-- 2. The indexes the keyset lists read in order: the ledger (newest first), a batch's rows, the
--    company's flex workers (newest first).

ALTER TABLE flex_tasks
  ADD COLUMN applied_num  integer NOT NULL DEFAULT 0,
  ADD COLUMN hired_num    integer NOT NULL DEFAULT 0,
  ADD COLUMN signed_num   integer NOT NULL DEFAULT 0,
  ADD COLUMN accepted_num integer NOT NULL DEFAULT 0;

-- 录用: taken on (hired, working, delivered or accepted), not 报名 nor rejected
CREATE FUNCTION flex_task_counts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE flex_tasks SET applied_num = applied_num - 1,
                          hired_num = hired_num - (OLD.work_status IN ('hired', 'working', 'delivered', 'accepted'))::int,
                          signed_num = signed_num - (OLD.sign_status = 'signed')::int,
                          accepted_num = accepted_num - (OLD.work_status = 'accepted')::int
     WHERE id = OLD.task_id AND company_id = OLD.company_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE flex_tasks SET applied_num = applied_num + 1,
                          hired_num = hired_num + (NEW.work_status IN ('hired', 'working', 'delivered', 'accepted'))::int,
                          signed_num = signed_num + (NEW.sign_status = 'signed')::int,
                          accepted_num = accepted_num + (NEW.work_status = 'accepted')::int
     WHERE id = NEW.task_id AND company_id = NEW.company_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER flex_task_counts AFTER INSERT OR DELETE ON flex_task_workers
  FOR EACH ROW EXECUTE FUNCTION flex_task_counts_trg();
CREATE TRIGGER flex_task_counts_upd AFTER UPDATE OF task_id, company_id, work_status, sign_status ON flex_task_workers
  FOR EACH ROW WHEN (OLD.task_id IS DISTINCT FROM NEW.task_id OR OLD.company_id IS DISTINCT FROM NEW.company_id
                     OR OLD.work_status IS DISTINCT FROM NEW.work_status OR OLD.sign_status IS DISTINCT FROM NEW.sign_status)
  EXECUTE FUNCTION flex_task_counts_trg();

CREATE FUNCTION flex_task_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  UPDATE flex_tasks t SET applied_num = coalesce(w.n, 0), hired_num = coalesce(w.hired, 0), signed_num = coalesce(w.signed, 0),
                          accepted_num = coalesce(w.accepted, 0)
    FROM flex_tasks x
    LEFT JOIN (SELECT task_id, company_id, count(*) AS n,
                      count(*) FILTER (WHERE work_status IN ('hired', 'working', 'delivered', 'accepted')) AS hired,
                      count(*) FILTER (WHERE sign_status = 'signed') AS signed,
                      count(*) FILTER (WHERE work_status = 'accepted') AS accepted
                 FROM flex_task_workers GROUP BY task_id, company_id) w ON w.task_id = x.id AND w.company_id = x.company_id
   WHERE t.id = x.id;
$$;
SELECT flex_task_counts_rebuild();

-- A batch's rows by status.
ALTER TABLE payout_batches
  ADD COLUMN rows_pending   integer NOT NULL DEFAULT 0,
  ADD COLUMN rows_paying    integer NOT NULL DEFAULT 0,
  ADD COLUMN rows_success   integer NOT NULL DEFAULT 0,
  ADD COLUMN rows_failed    integer NOT NULL DEFAULT 0,
  ADD COLUMN rows_bounced   integer NOT NULL DEFAULT 0,
  ADD COLUMN rows_cancelled integer NOT NULL DEFAULT 0;

CREATE FUNCTION payout_batch_counts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE payout_batches SET rows_pending = rows_pending - (OLD.status = 'pending')::int, rows_paying = rows_paying - (OLD.status = 'paying')::int,
                              rows_success = rows_success - (OLD.status = 'success')::int, rows_failed = rows_failed - (OLD.status = 'failed')::int,
                              rows_bounced = rows_bounced - (OLD.status = 'bounced')::int,
                              rows_cancelled = rows_cancelled - (OLD.status = 'cancelled')::int
     WHERE id = OLD.batch_id AND company_id = OLD.company_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE payout_batches SET rows_pending = rows_pending + (NEW.status = 'pending')::int, rows_paying = rows_paying + (NEW.status = 'paying')::int,
                              rows_success = rows_success + (NEW.status = 'success')::int, rows_failed = rows_failed + (NEW.status = 'failed')::int,
                              rows_bounced = rows_bounced + (NEW.status = 'bounced')::int,
                              rows_cancelled = rows_cancelled + (NEW.status = 'cancelled')::int
     WHERE id = NEW.batch_id AND company_id = NEW.company_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER payout_batch_counts AFTER INSERT OR DELETE ON payout_rows
  FOR EACH ROW EXECUTE FUNCTION payout_batch_counts_trg();
CREATE TRIGGER payout_batch_counts_upd AFTER UPDATE OF batch_id, company_id, status ON payout_rows
  FOR EACH ROW WHEN (OLD.batch_id IS DISTINCT FROM NEW.batch_id OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION payout_batch_counts_trg();

CREATE FUNCTION payout_batch_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  UPDATE payout_batches b SET rows_pending = coalesce(r.pending, 0), rows_paying = coalesce(r.paying, 0), rows_success = coalesce(r.success, 0),
                              rows_failed = coalesce(r.failed, 0), rows_bounced = coalesce(r.bounced, 0), rows_cancelled = coalesce(r.cancelled, 0)
    FROM payout_batches x
    LEFT JOIN (SELECT batch_id, company_id, count(*) FILTER (WHERE status = 'pending') AS pending, count(*) FILTER (WHERE status = 'paying') AS paying,
                      count(*) FILTER (WHERE status = 'success') AS success, count(*) FILTER (WHERE status = 'failed') AS failed,
                      count(*) FILTER (WHERE status = 'bounced') AS bounced, count(*) FILTER (WHERE status = 'cancelled') AS cancelled
                 FROM payout_rows GROUP BY batch_id, company_id) r ON r.batch_id = x.id AND r.company_id = x.company_id
   WHERE b.id = x.id;
$$;
SELECT payout_batch_counts_rebuild();

CREATE INDEX payout_rows_batch_idx ON payout_rows (batch_id, id);
CREATE INDEX payout_ledger_company_time_idx ON payout_ledger (company_id, created_at DESC, id DESC);
CREATE INDEX flex_workers_company_id_idx ON flex_workers (company_id, id DESC);
