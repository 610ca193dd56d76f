-- 030: 自动验收 (issue 16 item 5): a delivery still 待验收 longer than its task's 自动验收天数 is
-- accepted by the `acceptance-auto` job (jobs/acceptance.ts) as HR's 验收通过 would be; the row
-- remembers that the system accepted it (accepted_by stays NULL), and the job finds the
-- deliveries waiting through a partial index.
ALTER TABLE flex_task_workers ADD COLUMN accepted_auto boolean NOT NULL DEFAULT false;
CREATE INDEX flex_task_workers_delivered_idx ON flex_task_workers (delivered_at) WHERE work_status = 'delivered';
