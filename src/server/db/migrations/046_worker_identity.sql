-- 046: one person, one identity (issue 29 item 6; domain/employment/people.ts upsertFlexWorker).
-- When the worker passes an SMS check on their own page, the mobile on file is theirs: from then on
-- HR cannot replace it (a stranger's sign-up never could). Rows already there are unconfirmed.
ALTER TABLE flex_workers ADD COLUMN mobile_verified_at timestamptz;
