-- The payout roll-up of a row's result moves to the commit (issue 25, ops bench): the UPDATE of a
-- payout row fired stats_payout_rows_trg at once, which upserts the company's one stats_flex_daily
-- row of the day and keeps it locked through the rest of the transaction (the refund, the log
-- line, the batch's status). Every payout-result job of a company and day then waited on that one
-- row: a quarter to a third of the database's backends in the bench's 3,000-result run. As a
-- deferred constraint trigger it runs at COMMIT, holding the row only for the commit itself; the
-- sums are the same (each event carries its own OLD and NEW). Inserts and deletes keep the
-- immediate trigger (a batch's rows are inserted unfinished, which the roll-up ignores).
DROP TRIGGER stats_payout_rows_upd ON payout_rows;
CREATE CONSTRAINT TRIGGER stats_payout_rows_upd AFTER UPDATE ON payout_rows
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.status IS DISTINCT FROM NEW.status OR OLD.finished_at IS DISTINCT FROM NEW.finished_at
        OR OLD.amount IS DISTINCT FROM NEW.amount OR OLD.fee IS DISTINCT FROM NEW.fee OR OLD.tax IS DISTINCT FROM NEW.tax)
  EXECUTE FUNCTION stats_payout_rows_trg();
