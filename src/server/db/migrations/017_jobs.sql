-- Durable jobs (issue 16): pg-boss keeps its queue in its own schema (pgboss); this table makes a
-- job's effect happen once even when a server dies mid-job and pg-boss hands the job to another
-- (the effect and this row commit together, src/server/jobs/index.ts runOnce).
CREATE TABLE job_runs (
  job_id text PRIMARY KEY,
  name text NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_runs_finished ON job_runs (finished_at);

-- WeChat Pay v3 notifications received (src/server/adapters/wechatpay.ts): a notification id is
-- applied once; a replay answers SUCCESS and changes nothing.
CREATE TABLE wechatpay_notifications (
  id text PRIMARY KEY,
  order_id text NOT NULL,
  event_type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
