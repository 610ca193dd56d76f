-- Issue 34: a position's 已录用 and 邀请面试 lists page by keyset on (time, id), newest first; these
-- indexes serve them in that order (the hired list's time is COALESCE(hired_at, updated_at)).
CREATE INDEX applications_position_hired_idx ON applications (position_id, (COALESCE(hired_at, updated_at)) DESC, id DESC) WHERE status = 'hired';
CREATE INDEX interviews_position_created_id_idx ON interviews (position_id, created_at DESC, id DESC);
DROP INDEX interviews_position_idx;
