-- 068: 面试即将开始 (issue 32 item 4, "an interview answered or due"): the interview-reminders job
-- writes one message per interview an hour before it starts. reminded_at marks it written (the
-- job's UPDATE … WHERE reminded_at IS NULL is the once-only claim across servers); 改期 clears it,
-- so the new time is reminded again.
ALTER TABLE interviews ADD COLUMN reminded_at timestamptz;
CREATE INDEX interviews_due_idx ON interviews (pick_time) WHERE reminded_at IS NULL AND status IN ('pending', 'accepted');
