-- 018: payouts, issue 13 (third slice): batches made from an imported payout list pay to the
-- account the list names (sealed: enc + blind index + mask, docs/pii.md), their failed rows are
-- paid again row by row (origin_row_id: the failed row a child batch's row repays), and the
-- quarterly income export reads paid rows by payment time.
-- Only additions (other areas read these tables).

ALTER TABLE payout_rows ADD COLUMN account_bidx  text;
ALTER TABLE payout_rows ADD COLUMN origin_row_id integer REFERENCES payout_rows (id);
CREATE INDEX payout_rows_origin_idx ON payout_rows (origin_row_id) WHERE origin_row_id IS NOT NULL;
CREATE INDEX payout_rows_paid_idx ON payout_rows (company_id, finished_at) WHERE status = 'success';
